import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProblemDetails } from '@lumenfield/contract';
import {
  IMAGE_FORMAT_TYPES,
  aboutContent,
  contentImageUrl,
  type AboutContent,
  type ContentImageDetail,
  type ImageFormat,
} from '@lumenfield/site-content';
import {
  consoleHeaders,
  consoleRequest,
  createUser,
  newClient,
  openSession,
} from '../../test/console';
import { multipart, MULTIPART_TYPE, type Part } from '../../test/multipart';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { CONTENT_MEDIA_CACHE_CONTROL } from '../content-media';
import { IMAGE_GONE_MESSAGE } from './content';
import { imagePlacedMessage, imageUploadProblems } from './content-images';

const IMAGES = '/api/recruiters/content/images';

/** A picture sharp draws: a gradient, so each size's pixels really differ. */
async function picture(
  width: number,
  height: number,
  format: 'png' | 'jpeg',
  alpha: boolean,
): Promise<Buffer> {
  const channels = alpha ? 4 : 3;
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * channels;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = 120;
      if (alpha) pixels[at + 3] = x < width / 2 ? 255 : 90;
    }
  }
  const raw = sharp(pixels, { raw: { width, height, channels } });
  return format === 'png' ? raw.png().toBuffer() : raw.jpeg({ quality: 90 }).toBuffer();
}

/** What sharp reports a variant's bytes to be; AVIF is a HEIF file with AV1 inside. */
const decodedFormat: Record<ImageFormat, string> = {
  avif: 'heif',
  webp: 'webp',
  jpg: 'jpeg',
  png: 'png',
};

/**
 * A PNG whose header says `width` × `height` (its check sum made again), over pixels of a small
 * one: judged by its header, it is refused before anything is decoded.
 */
function pngClaiming(small: Buffer, width: number, height: number): Buffer {
  const bytes = Buffer.from(small);
  // The signature (8), IHDR's length (4) and type (4), then width and height.
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(zlib.crc32(bytes.subarray(12, 29)) >>> 0, 29);
  return bytes;
}

/**
 * The content's images (docs/content.md, "Images"): uploaded by an editor, judged by their
 * bytes, made once into every size and format, the same bytes twice one image, and each variant
 * served to every visitor with its type and a long cache life.
 */
describe(`content images (${engine})`, () => {
  let t: TestApp;
  let admin: string;
  let recruiter: string;
  let png: Buffer;
  let jpeg: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await openSession(t, await createUser(t, 'images.admin@example.com', 'admin'));
    recruiter = await openSession(t, await createUser(t, 'images.recruiter@example.com'));
    [png, jpeg] = await Promise.all([
      picture(1000, 500, 'png', true),
      picture(2000, 500, 'jpeg', false),
    ]);
  });
  afterAll(() => t.close());

  /** A multipart post of `parts` with these credentials (a session's by default). */
  const post = (
    parts: Part[],
    credentials: Record<string, string> = consoleHeaders(t, admin, 'write'),
  ) =>
    t.app.inject({
      method: 'POST',
      url: IMAGES,
      headers: { ...credentials, 'content-type': MULTIPART_TYPE },
      payload: multipart(parts),
      remoteAddress: newClient(),
    });
  const upload = (file: { name: string; bytes: Buffer; type?: string }, session = admin) =>
    post([['file', file]], consoleHeaders(t, session, 'write'));
  const media = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const list = async () =>
    ((await consoleRequest(t, admin, 'GET', IMAGES)).json() as { images: ContentImageDetail[] })
      .images;

  /** An upload that makes a new image, named as the admin's, as `expected` says. */
  async function created(
    file: { name: string; bytes: Buffer; type: string },
    expected: Partial<ContentImageDetail>,
  ): Promise<ContentImageDetail> {
    const res = await upload(file);
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json() as ContentImageDetail;
    expect(image).toMatchObject({ ...expected, uploadedBy: 'Ada Admin' });
    return image;
  }

  /** Every variant served as its URL says: its type, headers, and bytes that decode to it. */
  async function expectServed(image: ContentImageDetail) {
    for (const variant of image.variants) {
      const url = contentImageUrl(image.id, variant.width, variant.format);
      const res = await media(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe(IMAGE_FORMAT_TYPES[variant.format]);
      expect(res.headers['cache-control']).toBe(CONTENT_MEDIA_CACHE_CONTROL);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
      expect(res.rawPayload.length).toBe(variant.bytes);
      const decoded = await sharp(res.rawPayload).metadata();
      expect(decoded.format, url).toBe(decodedFormat[variant.format]);
      expect(decoded.width, url).toBe(variant.width);
      expect(decoded.height, url).toBe(variant.height);
      // In proportion with the original, to the pixel.
      expect(Math.abs(decoded.height - (variant.width * image.height) / image.width)).toBeLessThan(
        1,
      );
    }
  }

  it('makes a PNG with transparency into every width up to its own, in AVIF, WebP and PNG', async () => {
    const image = await created(
      { name: 'team.png', bytes: png, type: 'image/png' },
      { width: 1000, height: 500, mimeType: 'image/png', fallback: 'png' },
    );
    expect(image.variants.map((v) => `${v.width}.${v.format}`)).toEqual([
      '320.avif',
      '320.webp',
      '320.png',
      '640.avif',
      '640.webp',
      '640.png',
      '960.avif',
      '960.webp',
      '960.png',
    ]);
    await expectServed(image);
    // The alpha channel survives where the format has one.
    const webp = await media(contentImageUrl(image.id, 320, 'webp'));
    expect((await sharp(webp.rawPayload).metadata()).hasAlpha).toBe(true);
  }, 60_000);

  it('makes a JPEG into all five widths in AVIF, WebP and JPEG; the same bytes again are one image', async () => {
    const image = await created(
      { name: 'office.jpg', bytes: jpeg, type: 'image/jpeg' },
      { width: 2000, height: 500, mimeType: 'image/jpeg', fallback: 'jpg' },
    );
    expect(image.variants).toHaveLength(15);
    expect([...new Set(image.variants.map((v) => v.width))]).toEqual([320, 640, 960, 1280, 1920]);
    expect([...new Set(image.variants.map((v) => v.format))]).toEqual(['avif', 'webp', 'jpg']);
    await expectServed(image);

    const before = await list();
    // Under another name, by a token rather than a session: the same bytes, the same image.
    const again = await post([['file', { name: 'copy.jpeg', bytes: jpeg, type: 'image/jpeg' }]], {
      authorization: `Bearer ${await adminToken()}`,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as ContentImageDetail).id).toBe(image.id);
    expect(await list()).toEqual(before);
    expect(before.filter((listed) => listed.id === image.id)).toHaveLength(1);
    // Fifteen encodings, five of them AVIF up to 1920 pixels wide: seconds on a busy runner.
  }, 60_000);

  it('stores one image when the same new file arrives twice at once', async () => {
    const bytes = await picture(400, 300, 'png', false);
    const answers = await Promise.all([
      upload({ name: 'one.png', bytes, type: 'image/png' }),
      upload({ name: 'two.png', bytes, type: 'image/png' }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 201]);
    const [one, two] = answers.map((res) => (res.json() as ContentImageDetail).id);
    expect(one).toBe(two);
    expect((await list()).filter((image) => image.id === one)).toHaveLength(1);
  }, 60_000);

  /** A personal API token of the admin's, made as a person makes one. */
  async function adminToken(): Promise<string> {
    const res = await consoleRequest(t, admin, 'POST', '/api/recruiters/tokens', {
      name: 'Image uploads',
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { secret: string }).secret;
  }

  it('judges a file by its bytes: a text file named .jpg is refused, and nothing is stored', async () => {
    const before = await list();
    const res = await upload({
      name: 'photo.jpg',
      bytes: Buffer.from('This is not a picture at all.\n'.repeat(20)),
      type: 'image/jpeg',
    });
    expect(res.statusCode).toBe(415);
    expect((res.json() as ProblemDetails).detail).toBe(imageUploadProblems.notAnImage);
    // A GIF is an image, but not one of the four.
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
      .gif()
      .toBuffer();
    expect((await upload({ name: 'a.gif', bytes: gif, type: 'image/gif' })).statusCode).toBe(415);
    expect(await list()).toEqual(before);
  });

  it('refuses an image that does not decode (400) or has too many pixels (413)', async () => {
    const small = await picture(40, 30, 'png', false);
    const cut = await upload({ name: 'cut.png', bytes: small.subarray(0, 80), type: 'image/png' });
    expect(cut.statusCode, cut.body).toBe(400);
    expect((cut.json() as ProblemDetails).detail).toBe(imageUploadProblems.unreadable);
    const huge = await upload({ name: 'huge.png', bytes: pngClaiming(small, 9000, 9000) });
    expect(huge.statusCode, huge.body).toBe(413);
    expect((huge.json() as ProblemDetails).detail).toBe(imageUploadProblems.tooManyPixels);
  });

  it('refuses a second file or another field, and an upload that is not multipart', async () => {
    const two = await post([
      ['file', { name: 'a.png', bytes: png, type: 'image/png' }],
      ['file', { name: 'b.png', bytes: png, type: 'image/png' }],
    ]);
    expect(two.statusCode).toBe(413);
    const field = await post([['caption', 'A team']]);
    expect(field.statusCode).toBe(400);
    expect((field.json() as ProblemDetails).errors?.[0]?.field).toBe('caption');
    expect((await consoleRequest(t, admin, 'POST', IMAGES, {})).statusCode).toBe(415);
  });

  it('is for the roles that edit content: a recruiter is refused, and no one signed out', async () => {
    const before = await list();
    const refused = await upload(
      { name: 'team.png', bytes: await picture(50, 50, 'png', false) },
      recruiter,
    );
    expect(refused.statusCode).toBe(403);
    expect((await consoleRequest(t, recruiter, 'GET', IMAGES)).statusCode).toBe(403);
    const signedOut = await post([['file', { name: 'team.png', bytes: png }]], t.headers('write'));
    expect(signedOut.statusCode).toBe(401);
    expect(await list()).toEqual(before);
  });

  it('serves a variant to every visitor, answers 304 to its ETag, and 404 to what was not made', async () => {
    const [image] = await list();
    if (!image) throw new Error('no image stored');
    const url = contentImageUrl(image.id, 320, 'avif');
    const first = await media(url);
    expect(first.statusCode).toBe(200);
    const held = await media(url, { 'if-none-match': String(first.headers.etag) });
    expect(held.statusCode).toBe(304);
    expect(held.rawPayload.length).toBe(0);
    expect(held.headers['cache-control']).toBe(CONTENT_MEDIA_CACHE_CONTROL);
    for (const missing of [
      contentImageUrl(image.id, 321, 'avif'),
      contentImageUrl(image.id, 320, image.fallback === 'jpg' ? 'png' : 'jpg'),
      contentImageUrl(999_999, 320, 'avif'),
      `/media/content/${image.id}/320.gif`,
      `/media/content/${image.id}/0320.avif`,
      `/media/content/x/320.avif`,
    ]) {
      expect((await media(missing)).statusCode, missing).toBe(404);
    }
  });

  /** The about page with its first founder's photo being `imageId` (or no photo). */
  const aboutWithPhoto = (imageId: number | undefined): AboutContent => {
    const [first, ...others] = aboutContent.founders.people;
    const photo = imageId && {
      imageId,
      alt: 'Priya Raman',
      width: 300,
      height: 200,
      fallback: 'jpg' as const,
    };
    return {
      ...aboutContent,
      founders: {
        ...aboutContent.founders,
        people: [photo ? { ...first!, photo } : first!, ...others],
      },
    };
  };
  const saveAbout = (imageId: number | undefined) =>
    consoleRequest(t, admin, 'PUT', '/api/recruiters/content/about/draft', {
      content: aboutWithPhoto(imageId),
    });
  const remove = (id: number, session = admin) =>
    consoleRequest(t, session, 'DELETE', `${IMAGES}/${id}`);
  const newImage = async (seed: number) => {
    const res = await upload({
      name: `${seed}.jpg`,
      bytes: await picture(300 + seed, 200, 'jpeg', false),
      type: 'image/jpeg',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ContentImageDetail;
  };

  it('deletes an image no revision places, with its variants; keeps one a draft or a revision places', async () => {
    const [unused, placed] = [await newImage(1), await newImage(2)];
    expect((await saveAbout(placed.id)).statusCode).toBe(200);

    expect((await remove(unused.id, recruiter)).statusCode).toBe(403);
    const deleted = await remove(unused.id);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await list()).map((image) => image.id)).not.toContain(unused.id);
    for (const variant of unused.variants) {
      const url = contentImageUrl(unused.id, variant.width, variant.format);
      expect((await media(url)).statusCode, url).toBe(404);
    }
    expect((await remove(unused.id)).statusCode).toBe(404);

    // The draft places it: refused, naming the page, and it is still served.
    const refused = await remove(placed.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect((refused.json() as ProblemDetails).detail).toBe(imagePlacedMessage(['about']));
    expect((refused.json() as ProblemDetails).detail).toContain('About Us');
    const [first] = placed.variants;
    expect((await media(contentImageUrl(placed.id, first!.width, first!.format))).statusCode).toBe(
      200,
    );

    // Published, then no longer in the draft: the revision that was live keeps it.
    const published = await consoleRequest(
      t,
      admin,
      'POST',
      '/api/recruiters/content/about/publish',
      {},
    );
    expect(published.statusCode, published.body).toBe(200);
    expect((await saveAbout(undefined)).statusCode).toBe(200);
    expect((await remove(placed.id)).statusCode).toBe(409);
    expect((await list()).map((image) => image.id)).toContain(placed.id);
  }, 60_000);

  it('refuses a draft that places an image no longer stored, at its field', async () => {
    const image = await newImage(3);
    expect((await remove(image.id)).statusCode).toBe(204);
    const res = await saveAbout(image.id);
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as ProblemDetails).errors).toEqual([
      { field: 'content.founders.people.0.photo.imageId', message: IMAGE_GONE_MESSAGE },
    ]);
  }, 60_000);

  it('judges a draft placing an image and its deletion one after the other: never both', async () => {
    for (const seed of [4, 5, 6]) {
      const image = await newImage(seed);
      const [saved, deleted] = await Promise.all([saveAbout(image.id), remove(image.id)]);
      const outcome = [saved.statusCode, deleted.statusCode];
      // The save first: the deletion finds its draft. The deletion first: the save finds none.
      expect([
        [200, 409],
        [400, 204],
      ]).toContainEqual(outcome);
      const kept = (await list()).some((listed) => listed.id === image.id);
      expect(kept).toBe(saved.statusCode === 200);
    }
  }, 60_000);
});
