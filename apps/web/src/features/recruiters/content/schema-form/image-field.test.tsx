import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { XSRF_HEADER_NAME } from '@lumenfield/contract';
import {
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_IMAGE_TOO_LARGE,
  aboutContent,
  type AboutContent,
  type ContentEntryDetail,
  type ContentImageDetail,
} from '@lumenfield/site-content';
import { fakeXhrOver, formFields } from '@/test/fake-xhr';
import {
  json,
  mockSignedInAs,
  problem,
  renderConsole,
  type Handler,
} from '../../shell/test-support';

const copy = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const stored = (
  id: number,
  width: number,
  height: number,
  fallback: 'jpg' | 'png',
  uploadedBy: string | null = 'Ada Admin',
): ContentImageDetail => ({
  id,
  width,
  height,
  mimeType: fallback === 'jpg' ? 'image/jpeg' : 'image/png',
  fallback,
  uploadedAt: '2026-11-20T10:00:00.000Z',
  uploadedBy,
  variants: [
    { width: 320, height: Math.round((320 * height) / width), format: fallback, bytes: 900 },
  ],
});

const office = stored(8, 1200, 800, 'jpg');
const portrait = stored(5, 400, 600, 'png', null);
const NOT_AN_IMAGE =
  'This file is not a JPEG, PNG, WebP or AVIF image (judged by its bytes, not its name): send one of those.';

const aboutEntry = (draftContent?: unknown): ContentEntryDetail => ({
  id: 'about',
  kind: 'page',
  family: 'about',
  version: 1,
  publishedAt: '2026-11-20T10:00:00.000Z',
  draft: null,
  published: copy(aboutContent),
  ...(draftContent === undefined ? {} : { draftContent }),
});

/** The about page's editor over a fake API (uploads included); the drafts it saves in `sent`. */
function renderAbout(handlers: Record<string, Handler> = {}) {
  const sent: AboutContent[] = [];
  const fetchMock = mockSignedInAs('editor', {
    'GET /recruiters/content/about': () => json(aboutEntry()),
    'GET /recruiters/content/about/revisions': () => json({ revisions: [] }),
    'GET /recruiters/content/images': () => json({ images: [office, portrait] }),
    'PUT /recruiters/content/about/draft': (_url, init) => {
      const { content } = JSON.parse(String(init?.body)) as { content: AboutContent };
      sent.push(content);
      return json({ ...aboutEntry(content), draft: null });
    },
    ...handlers,
  });
  vi.stubGlobal('XMLHttpRequest', fakeXhrOver(fetchMock));
  renderConsole('/recruiters/content/about');
  return { sent, fetchMock };
}

/** The first founder's photo field. */
async function firstPhoto() {
  const founders = await screen.findByRole('group', { name: 'Founders' });
  const person = within(founders).getByRole('group', { name: 'People item 1' });
  return within(person).getByRole('group', { name: 'Photo' });
}

async function openPicker(photo: HTMLElement) {
  await userEvent.click(within(photo).getByRole('button', { name: 'Choose an image' }));
  return screen.findByRole('dialog', { name: 'Choose an image: Photo' });
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('an image field of the content, and the gallery it is chosen from', () => {
  it('chooses an uploaded image for a photo, keeps the alt text on a change, removes it', async () => {
    const { sent } = renderAbout();
    const photo = await firstPhoto();
    expect(within(photo).getByText('No image chosen.')).toBeInTheDocument();
    expect(within(photo).queryByLabelText('Alt text')).toBeNull();
    expect(within(photo).queryByRole('button', { name: 'Remove image' })).toBeNull();

    const choose = within(photo).getByRole('button', { name: 'Choose an image' });
    let dialog = await openPicker(photo);
    // Focus moves into the dialog: its first control, the upload.
    expect(within(dialog).getByLabelText('Upload an image')).toHaveFocus();
    const use = within(dialog).getByRole('button', { name: 'Use this image' });
    expect(use).toBeDisabled();
    const first = await within(dialog).findByRole('radio', {
      name: /^Image 8 1200 × 800 px Uploaded Nov 20, 2026 by Ada Admin$/,
    });
    expect(within(dialog).getByRole('radio', { name: /^Image 5 400 × 600 px/ })).not.toBeChecked();
    // Each thumbnail is a small variant of the image; its words name it.
    const thumbnail = first.closest('label')!.querySelector('img')!;
    expect(thumbnail).toHaveAttribute('src', '/media/content/8/320.jpg');
    expect(thumbnail).toHaveAttribute('alt', '');
    await userEvent.click(first);
    await userEvent.click(use);

    // Closed, and focus is back on the button that opened it.
    expect(dialog).not.toHaveAttribute('open');
    expect(choose).toHaveFocus();
    expect(within(photo).getByText('1200 × 800 pixels')).toBeInTheDocument();
    const alt = within(photo).getByLabelText('Alt text');
    expect(alt).toHaveValue('');
    await userEvent.type(alt, 'Priya Raman at the Pune office');
    const shown = within(photo).getByRole('img', { name: 'Priya Raman at the Pune office' });
    expect(shown).toHaveAttribute('src', '/media/content/8/320.jpg');
    expect(shown).toHaveAttribute('width', '160');

    // Another image: its size and format come with it, the alt text stays.
    dialog = await openPicker(photo);
    expect(await within(dialog).findByRole('radio', { name: /^Image 8 / })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Image 5 / }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use this image' }));
    expect(
      within(photo).getByRole('img', { name: 'Priya Raman at the Pune office' }),
    ).toHaveAttribute('src', '/media/content/5/320.png');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.founders.people[0]!.photo).toEqual({
      imageId: 5,
      alt: 'Priya Raman at the Pune office',
      width: 400,
      height: 600,
      fallback: 'png',
    });
    // Nothing else changed.
    expect({ ...sent[0]!, founders: aboutContent.founders }).toEqual(copy(aboutContent));
    expect(sent[0]!.founders.people.slice(1)).toEqual(copy(aboutContent.founders.people.slice(1)));

    // Cancel changes nothing; Remove takes the photo out and keeps focus on the field.
    dialog = await openPicker(photo);
    await userEvent.click(await within(dialog).findByRole('radio', { name: /^Image 8 / }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(choose).toHaveFocus();
    expect(within(photo).getByText('400 × 600 pixels')).toBeInTheDocument();
    await userEvent.click(within(photo).getByRole('button', { name: 'Remove image' }));
    expect(within(photo).getByText('No image chosen.')).toBeInTheDocument();
    expect(choose).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.founders.people[0]).not.toHaveProperty('photo');
  });

  it('uploads a file with the XSRF echo, chooses what it made, and says why one was refused', async () => {
    document.cookie = 'XSRF-TOKEN=token-1';
    const posts: { fields: ReturnType<typeof formFields>; headers: Record<string, string> }[] = [];
    const uploaded = stored(9, 2000, 1000, 'jpg');
    let answer = () => problem(415, NOT_AN_IMAGE);
    renderAbout({
      'POST /recruiters/content/images': (_url, init) => {
        posts.push({
          fields: formFields(init?.body),
          headers: init?.headers as Record<string, string>,
        });
        return answer();
      },
    });
    const photo = await firstPhoto();
    const dialog = await openPicker(photo);
    await within(dialog).findByRole('radio', { name: /^Image 8 / });
    const input = within(dialog).getByLabelText('Upload an image');
    expect(input).toHaveAttribute('accept', 'image/avif,image/webp,image/jpeg,image/png');

    // Bytes that are not an image, named .jpg: the server's reason, beside the input.
    await userEvent.upload(input, new File(['not a picture'], 'photo.jpg', { type: 'image/jpeg' }));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(expect.stringContaining(NOT_AN_IMAGE)),
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.fields).toEqual({ file: expect.any(File) });
    expect((posts[0]!.fields.file as File).name).toBe('photo.jpg');
    expect(posts[0]!.headers[XSRF_HEADER_NAME]).toBe('token-1');

    // Too large: said before a byte is sent.
    const large = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(large, 'size', { value: CONTENT_IMAGE_MAX_BYTES + 1 });
    await userEvent.upload(input, large);
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(expect.stringContaining(CONTENT_IMAGE_TOO_LARGE)),
    );
    expect(posts).toHaveLength(1);

    // A good one: it joins the gallery, chosen, and is placed.
    answer = () => json(uploaded, 201);
    await userEvent.upload(input, new File(['jpeg bytes'], 'team.jpg', { type: 'image/jpeg' }));
    const made = await within(dialog).findByRole('radio', { name: /^Image 9 2000 × 1000 px/ });
    expect(made).toBeChecked();
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Uploaded: image 9 (2000 × 1000 px) is chosen.',
    );
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(posts).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use this image' }));
    expect(within(photo).getByText('2000 × 1000 pixels')).toBeInTheDocument();
  });

  it('closes on Escape with focus back on its button, and shows refusals beside the image', async () => {
    renderAbout({
      'PUT /recruiters/content/about/draft': () =>
        problem(400, 'Some of the content is not right: see each field.', [
          { field: 'content.founders.people.0.photo.alt', message: 'Describe the image.' },
          { field: 'content.founders.people.0.photo.imageId', message: 'Choose an image again.' },
        ]),
      'GET /recruiters/content/about': () => {
        const [first, ...others] = aboutContent.founders.people;
        const photo = { imageId: 8, alt: '', width: 1200, height: 800, fallback: 'jpg' } as const;
        const draft: AboutContent = {
          ...aboutContent,
          founders: { ...aboutContent.founders, people: [{ ...first, photo }, ...others] },
        };
        return json(aboutEntry(draft));
      },
    });
    const photo = await firstPhoto();
    const choose = within(photo).getByRole('button', { name: 'Choose an image' });
    const dialog = await openPicker(photo);
    // The field's own image is chosen, and offers no Delete: the form places it.
    const own = await within(dialog).findByRole('radio', { name: /^Image 8 / });
    expect(own).toBeChecked();
    expect(own.closest('li')).toHaveTextContent('Chosen in this field');
    expect(within(dialog).queryByRole('button', { name: 'Delete image 8' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Delete image 5' })).toBeInTheDocument();
    // The browser sends `cancel` on Escape; jsdom has no key handling of its own for it.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(dialog).not.toHaveAttribute('open');
    expect(choose).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const summary = await screen.findByRole('alert', { name: '2 fields need a change' });
    const alt = within(photo).getByLabelText('Alt text');
    expect(alt).toHaveAttribute('aria-invalid', 'true');
    expect(alt).toHaveAccessibleDescription(expect.stringContaining('Describe the image.'));
    expect(photo).toHaveAccessibleDescription('Choose an image again.');
    // The summary's link to the image itself lands on its button.
    const link = within(summary).getByRole('link', { name: /Photo › Image id/ });
    expect(link).toHaveAttribute('href', `#${choose.id}`);
    await userEvent.click(link);
    expect(choose).toHaveFocus();
  });

  it('deletes an image after asking, and says why one that content places is kept', async () => {
    let images = [office, portrait];
    const deleted: string[] = [];
    const kept = 'This image cannot be deleted: a revision of About Us places it.';
    renderAbout({
      'GET /recruiters/content/images': () => json({ images }),
      'DELETE /recruiters/content/images/5': (url) => {
        deleted.push(url.pathname);
        images = images.filter((image) => image.id !== 5);
        return new Response(null, { status: 204 });
      },
      'DELETE /recruiters/content/images/8': (url) => {
        deleted.push(url.pathname);
        return problem(409, kept);
      },
    });
    const dialog = await openPicker(await firstPhoto());
    await within(dialog).findByRole('radio', { name: /^Image 5 / });
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Image 5 / }));

    // Asked first; "No" changes nothing and gives focus back.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete image 5' }));
    let question = await screen.findByRole('alertdialog', { name: 'Delete this image?' });
    expect(within(question).getByRole('button', { name: 'No, keep it' })).toHaveFocus();
    await userEvent.click(within(question).getByRole('button', { name: 'No, keep it' }));
    expect(within(dialog).getByRole('button', { name: 'Delete image 5' })).toHaveFocus();
    expect(deleted).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete image 5' }));
    question = await screen.findByRole('alertdialog', { name: 'Delete this image?' });
    expect(question).toHaveTextContent('Image 5 (400 × 600 px) and every size made of it');
    await userEvent.click(within(question).getByRole('button', { name: 'Delete image 5' }));
    expect(await within(dialog).findByText('Image 5 is deleted.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { name: /^Image 5 / })).toBeNull();
    expect(within(dialog).getByLabelText('Upload an image')).toHaveFocus();
    // The one chosen is gone: there is nothing to use until another is chosen.
    expect(within(dialog).getByRole('button', { name: 'Use this image' })).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete image 8' }));
    question = await screen.findByRole('alertdialog', { name: 'Delete this image?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Delete image 8' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(kept);
    expect(within(dialog).getByRole('radio', { name: /^Image 8 / })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete image 8' })).toHaveFocus();
    expect(deleted).toEqual([
      '/api/recruiters/content/images/5',
      '/api/recruiters/content/images/8',
    ]);
  });
});
