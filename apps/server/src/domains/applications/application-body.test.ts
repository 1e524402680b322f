import { describe, expect, it } from 'vitest';
import { decodeApplicationBody } from './application-body';

const body = (fileContent: string, before = '') =>
  Buffer.from(
    `{${before}"FirstName":"Ana","AttachmentHeader":{"HeaderID":0,"AttachmentDetails":[{"FileName":"cv.pdf","FileContent":${fileContent}}]}}`,
  );
const contentOf = (parsed: unknown) =>
  (parsed as { AttachmentHeader: { AttachmentDetails: { FileContent: unknown }[] } })
    .AttachmentHeader.AttachmentDetails[0]?.FileContent;

describe('decodeApplicationBody', () => {
  it('reads a byte-number array straight into the resume bytes', () => {
    const decoded = decodeApplicationBody(body('[37, 80,68 ,70,0,255]'));
    expect(decoded.byteArrayForm).toBe(true);
    expect(Buffer.from(decoded.resume!)).toEqual(Buffer.from([37, 80, 68, 70, 0, 255]));
    expect(contentOf(decoded.body)).toBe('');
    expect(decoded.body).toMatchObject({ FirstName: 'Ana' });
    expect(decoded.unknownKeys).toEqual([]);
  });

  it('decodes base64, and a data: URL', () => {
    for (const content of ['"JVBERg=="', '"data:application/pdf;base64,JVBERg=="']) {
      const decoded = decodeApplicationBody(body(content));
      expect(decoded.byteArrayForm).toBe(false);
      expect(Buffer.from(decoded.resume!).toString()).toBe('%PDF');
      expect(contentOf(decoded.body)).toBe('');
    }
  });

  it('takes out content that is no valid encoding: no resume at all', () => {
    for (const content of ['"not base64!"', '[1,256]', '[1.5]', '[-1]', '[1000]']) {
      const decoded = decodeApplicationBody(body(content));
      expect(decoded.resume, content).toBeUndefined();
      expect(contentOf(decoded.body), content).toBe('');
    }
  });

  it('leaves content of the wrong type for the schema to report', () => {
    for (const content of ['[1,"2"]', '{"a":1}', '42']) {
      const decoded = decodeApplicationBody(body(content));
      expect(decoded.resume).toBeUndefined();
      expect(contentOf(decoded.body)).toEqual(JSON.parse(content));
    }
  });

  it('is not fooled by a key that only looks like the resume', () => {
    const decoded = decodeApplicationBody(body('[1,2,3]', '"x\\"FileContent":[9,9],'));
    expect(Buffer.from(decoded.resume!)).toEqual(Buffer.from([1, 2, 3]));
    expect(decoded.body).toMatchObject({ 'x"FileContent': [9, 9] });
    const decoy = decodeApplicationBody(body('[1,2,3]', '"Other":{"FileContent":[9,9]},'));
    expect(Buffer.from(decoy.resume!)).toEqual(Buffer.from([1, 2, 3]));
  });

  it('names the keys an application does not have, and measures the rest', () => {
    const decoded = decodeApplicationBody(
      Buffer.from(
        '{"FirstName":"Ana","Extra":1,"AttachmentHeader":{"Odd":2,"AttachmentDetails":[{"FileName":"a.pdf","FileContent":"JVBERg==","More":3}]}}',
      ),
    );
    expect(decoded.unknownKeys).toEqual([
      'Extra',
      'AttachmentHeader.Odd',
      'AttachmentHeader.AttachmentDetails.0.More',
    ]);
    expect(decoded.fieldsLength).toBe(JSON.stringify(decoded.body).length);
  });

  it('throws on text that is not JSON', () => {
    expect(() => decodeApplicationBody(Buffer.from('{"FileContent":[1,2'))).toThrow(SyntaxError);
    expect(() => decodeApplicationBody(Buffer.from('{"a":'))).toThrow(SyntaxError);
  });
});
