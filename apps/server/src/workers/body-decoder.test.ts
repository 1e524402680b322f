import { afterAll, describe, expect, it } from 'vitest';
import type { DecodeResult } from './body-decoder';
import { createWorkerPool, movableBuffers, runMoving } from './pool';

/** An application body whose resume is the old client's array of byte numbers. */
function byteArrayBody(resume: Buffer): Buffer {
  return Buffer.from(
    JSON.stringify({
      FirstName: 'Ada',
      AttachmentHeader: { AttachmentDetails: [{ FileName: 'cv.pdf', FileContent: [...resume] }] },
    }),
  );
}

/** Splits a buffer into chunks that each own their memory, as the HTTP parser hands them over. */
function chunksOf(bytes: Buffer, size: number): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size)
    chunks.push(new Uint8Array(bytes.subarray(at, at + size)));
  return chunks;
}

describe('movableBuffers', () => {
  it('moves only buffers a view owns whole, each once', () => {
    const whole = new Uint8Array(8);
    const shared = new ArrayBuffer(16);
    expect(movableBuffers([whole, whole, undefined, new Uint8Array(shared, 4, 4)])).toEqual([
      whole.buffer,
    ]);
  });
});

describe('the body decoder worker', () => {
  const pool = createWorkerPool('body-decoder', { maxThreads: 1 });
  afterAll(() => pool.close());

  it('joins the chunks it is given, which leave this thread, and sends the resume back whole', async () => {
    const resume = Buffer.from('%PDF-1.4\n% a resume of a few bytes\n%%EOF\n');
    const body = byteArrayBody(resume);
    const chunks = chunksOf(body, 7);
    const result = await runMoving<DecodeResult>(pool, { chunks, length: body.length }, chunks);

    // Moved, not copied: nothing of the body is left on this side.
    expect(chunks.every((chunk) => chunk.byteLength === 0)).toBe(true);
    if (!result.ok) throw new Error('expected the body to decode');
    expect(result.decoded.byteArrayForm).toBe(true);
    expect(result.decoded.body).toMatchObject({
      FirstName: 'Ada',
      AttachmentHeader: { AttachmentDetails: [{ FileName: 'cv.pdf', FileContent: '' }] },
    });
    const back = result.decoded.resume;
    expect(back && Buffer.from(back).equals(resume)).toBe(true);
    // A buffer of its own size: no larger scratch buffer rides along.
    expect(back?.buffer.byteLength).toBe(resume.length);
  });

  it('answers not-ok for a body that is not JSON', async () => {
    const chunks = chunksOf(Buffer.from('{"FirstName": '), 4);
    await expect(runMoving(pool, { chunks, length: 14 }, chunks)).resolves.toEqual({ ok: false });
  });
});
