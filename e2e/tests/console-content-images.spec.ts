import sharp from 'sharp';
import {
  expectNoViolations,
  expectNoViolationsAtBothWidths as cleanAtBothWidths,
} from '../support/axe';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { consoleUrl, signedIn } from '../support/console-sign-in';
import { publishNow, restoreFirstRevision } from '../support/content-editor';
import { expect, live, test } from '../support/fixtures';
import { shoot, shootScreen } from '../support/shots';

/** A 1200 × 800 PNG drawn here: a gradient whose blue is `tone`, so each run's bytes are new. */
async function photoPng(tone: number): Promise<Buffer> {
  const width = 1200;
  const height = 800;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = Math.round((x * 255) / width);
      pixels[at + 1] = Math.round((y * 255) / height);
      pixels[at + 2] = tone;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/**
 * The image picker of the site content (docs/content.md, "Images"): an admin uploads a PNG in
 * the about page's first founder's photo field, chooses it, writes its alt text and publishes;
 * a visitor's about page then shows it as a <picture> with its size and alt text. Against the
 * SQLite console server (the server suite covers both engines); the page is restored after.
 */
test.describe('choosing an image for the site content', () => {
  test.describe.configure({ timeout: 180_000 });
  test.skip(() => !process.env.E2E_CONSOLE_SQLITE_URL, 'no console server (see global setup)');

  test('an admin uploads a photo for the first founder, writes its alt text and publishes it', async ({
    browser,
    request,
  }) => {
    const site = consoleUrl();
    const alt = `Priya Raman in the Pune office, ${Date.now().toString(36)}`;
    const page = await signedIn(browser, CONSOLE_ADMIN, '/recruiters/content/about', {
      width: 1440,
    });
    await expect(page.getByRole('heading', { name: 'Revisions' })).toBeVisible();
    const photo = page
      .getByRole('group', { name: 'Founders', exact: true })
      .getByRole('group', { name: 'People item 1', exact: true })
      .getByRole('group', { name: 'Photo', exact: true });
    await expect(photo.getByText('No image chosen.')).toBeVisible();
    const choose = photo.getByRole('button', { name: 'Choose an image' });
    const dialog = page.getByRole('dialog', { name: 'Choose an image: Photo' });

    // Opened, focus is inside; Escape closes it and gives focus back to the button.
    await choose.click();
    await expect(dialog).toBeVisible();
    const upload = dialog.getByLabel('Upload an image');
    await expect(upload).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(choose).toBeFocused();

    // Uploaded: it joins the gallery, chosen.
    await choose.click();
    await upload.setInputFiles({
      name: 'priya.png',
      mimeType: 'image/png',
      buffer: await photoPng(Date.now() % 256),
    });
    const status = dialog.getByRole('status').filter({ hasText: /^Uploaded: image \d+/ });
    await expect(status).toHaveText(/\(1200 × 800 px\) is chosen\.$/, { timeout: 60_000 });
    const imageId = Number(/image (\d+)/.exec((await status.textContent()) ?? '')?.[1]);
    const choice = dialog.getByRole('radio', {
      name: new RegExp(`^Image ${imageId} 1200 × 800 px`),
    });
    await expect(choice).toBeChecked();
    // An opaque PNG's fallback is a JPEG (PNG is kept for transparency).
    await expect(dialog.locator(`img[src="/media/content/${imageId}/320.jpg"]`)).toHaveJSProperty(
      'complete',
      true,
    );
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoViolations(page, `the image picker at ${width} px`);
      await shootScreen(page, 'content-image-picker');
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // A file that is not an image, named .png: the server's reason, in the dialog.
    await upload.setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('Notes from the meeting, not a picture.\n'.repeat(10)),
    });
    await expect(dialog.locator('.rc-field__error')).toHaveText(
      /not a JPEG, PNG, WebP or AVIF image/,
    );
    await expect(upload).toHaveAttribute('aria-invalid', 'true');
    await expect(choice).toBeChecked();

    // A second upload, then deleted: no revision places it. Asked first.
    await upload.setInputFiles({
      name: 'spare.png',
      mimeType: 'image/png',
      buffer: await photoPng((Date.now() + 128) % 256),
    });
    await expect(status).toHaveText(/is chosen\.$/, { timeout: 60_000 });
    const spareId = Number(/image (\d+)/.exec((await status.textContent()) ?? '')?.[1]);
    expect(spareId).not.toBe(imageId);
    await dialog.getByRole('button', { name: `Delete image ${spareId}` }).click();
    const question = page.getByRole('alertdialog', { name: 'Delete this image?' });
    await expect(question.getByRole('button', { name: 'No, keep it' })).toBeFocused();
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoViolations(page, `the question before deleting an image at ${width} px`);
      await shootScreen(page, 'content-image-delete-question');
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await question.getByRole('button', { name: `Delete image ${spareId}` }).click();
    await expect(dialog.getByText(`Image ${spareId} is deleted.`)).toBeVisible();
    await expect(dialog.getByRole('radio', { name: new RegExp(`^Image ${spareId} `) })).toHaveCount(
      0,
    );
    await expect(upload).toBeFocused();
    expect((await request.get(`${site}/media/content/${spareId}/320.jpg`)).status()).toBe(404);

    await choice.check();
    await dialog.getByRole('button', { name: 'Use this image' }).click();
    await expect(dialog).toBeHidden();
    await expect(choose).toBeFocused();
    await expect(photo.getByText('1200 × 800 pixels')).toBeVisible();
    await photo.getByLabel('Alt text').fill(alt);
    await expect(photo.getByRole('img', { name: alt })).toBeVisible();
    await cleanAtBothWidths(page, 'the about page’s content with a photo chosen');
    await shoot(page, 'content-about-photo');

    await publishNow(page);

    // A visitor's about page: the photo in every format, its room reserved, its alt text.
    const visitor = await browser.newPage({ viewport: { width: 390, height: 900 } });
    await visitor.goto(`${site}/about`);
    const picture = visitor.locator('picture').filter({ has: visitor.getByAltText(alt) });
    await expect(picture).toHaveCount(1);
    await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      new RegExp(`^/media/content/${imageId}/320\\.avif 320w`),
    );
    const img = picture.getByAltText(alt);
    // Laid out 120 px wide on the about page; its height in the image's proportion.
    await expect(img).toHaveAttribute('width', '120');
    await expect(img).toHaveAttribute('height', '80');
    await expect(img).toHaveAttribute('src', `/media/content/${imageId}/320.jpg`);
    // Drawn as the initials are: a 120 px circle, whatever the words beside it.
    for (const width of [390, 1440]) {
      await visitor.setViewportSize({ width, height: 900 });
      expect(await img.boundingBox(), `at ${width} px`).toMatchObject({ width: 120, height: 120 });
    }
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await shoot(visitor, 'content-about-photo-visitor');
    await visitor.close();

    // Restored to its first revision and published: visitors see the initials again.
    await page.goto('/recruiters/content/about');
    await live(page);
    await restoreFirstRevision(page);
    await publishNow(page);
    const about = (await (await request.get(`${site}/about`)).body()).toString();
    expect(about).not.toContain(alt);
    expect(about).not.toContain(`/media/content/${imageId}/`);

    // The revision that showed it is kept to be restored, and so is the image.
    await choose.click();
    await dialog.getByRole('button', { name: `Delete image ${imageId}` }).click();
    await question.getByRole('button', { name: `Delete image ${imageId}` }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      /This image cannot be deleted: a revision of About Us places it/,
    );
    await expect(dialog.getByRole('button', { name: `Delete image ${imageId}` })).toBeFocused();
    await expect(choice).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.context().close();
  });
});
