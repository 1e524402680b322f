import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { etagOf, heldByClient, negotiateEncoding, storeAnswer } from './stored-answer';

describe('stored answers', () => {
  it('picks brotli, then gzip, by Accept-Encoding and its q-values', () => {
    expect(negotiateEncoding(undefined)).toBe('identity');
    expect(negotiateEncoding('')).toBe('identity');
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.2, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('deflate')).toBe('identity');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0')).toBe('identity');
    expect(negotiateEncoding('gzip;q=0, identity')).toBe('identity');
    expect(negotiateEncoding('BR')).toBe('br');
  });

  it('stores the body with forms that decompress to it and one tag for all three', async () => {
    const body = '<!doctype html>' + '<p>Lumenfield</p>'.repeat(200);
    const stored = await storeAnswer(body, { quality: 5 });
    expect(stored.identity.toString()).toBe(body);
    expect(zlib.brotliDecompressSync(stored.br).toString()).toBe(body);
    expect(zlib.gunzipSync(stored.gzip).toString()).toBe(body);
    expect(stored.br.length).toBeLessThan(stored.identity.length);
    expect((await storeAnswer(body)).tag).toBe(stored.tag);
    expect((await storeAnswer(`${body} `)).tag).not.toBe(stored.tag);
    expect(etagOf(stored.tag, 'br')).toBe(`"${stored.tag}-br"`);
    expect(etagOf(stored.tag, 'gzip')).toBe(`"${stored.tag}-gz"`);
    expect(etagOf(stored.tag, 'identity')).toBe(`"${stored.tag}"`);
  });

  it('knows an ETag of any of its forms in If-None-Match, and no other', () => {
    expect(heldByClient(undefined, 'abc')).toBe(false);
    expect(heldByClient('"abc"', 'abc')).toBe(true);
    expect(heldByClient('W/"abc-br"', 'abc')).toBe(true);
    expect(heldByClient('"x", "abc-gz"', 'abc')).toBe(true);
    expect(heldByClient('*', 'abc')).toBe(true);
    expect(heldByClient('"abcd"', 'abc')).toBe(false);
    expect(heldByClient('"abc-zz"', 'abc')).toBe(false);
  });
});
