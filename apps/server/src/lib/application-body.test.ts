import { describe, expect, it } from 'vitest';
import { parseApplicationBody } from './application-body';

const body = (fileContent: string, before = '') =>
  `{${before}"FirstName":"Ana","AttachmentHeader":{"HeaderID":0,"AttachmentDetails":[{"FileName":"cv.pdf","FileContent":${fileContent}}]}}`;
const contentOf = (parsed: unknown) =>
  (parsed as { AttachmentHeader: { AttachmentDetails: { FileContent: unknown }[] } })
    .AttachmentHeader.AttachmentDetails[0]?.FileContent;

describe('parseApplicationBody', () => {
  it('reads a byte-number array straight into base64', () => {
    const { body: parsed, byteArrayForm } = parseApplicationBody(body('[37, 80,68 ,70,0,255]'));
    expect(byteArrayForm).toBe(true);
    expect(contentOf(parsed)).toBe(Buffer.from([37, 80, 68, 70, 0, 255]).toString('base64'));
    expect(parsed).toMatchObject({ FirstName: 'Ana' });
  });

  it('leaves base64 alone', () => {
    const result = parseApplicationBody(body('"JVBERg=="'));
    expect(result.byteArrayForm).toBe(false);
    expect(contentOf(result.body)).toBe('JVBERg==');
  });

  it('hands arrays that are not bytes to JSON.parse unchanged', () => {
    for (const array of ['[1,256]', '[1.5]', '[-1]', '[1,"2"]', '[1000]']) {
      const result = parseApplicationBody(body(array));
      expect(result.byteArrayForm).toBe(true);
      expect(contentOf(result.body)).toEqual(JSON.parse(array));
    }
  });

  it('is not fooled by a key that only looks like the resume', () => {
    const result = parseApplicationBody(body('[1,2,3]', '"x\\"FileContent":[9,9],'));
    expect(contentOf(result.body)).toBe(Buffer.from([1, 2, 3]).toString('base64'));
    expect(result.body).toMatchObject({ 'x"FileContent': [9, 9] });
  });

  it('throws on text that is not JSON', () => {
    expect(() => parseApplicationBody('{"FileContent":[1,2')).toThrow(SyntaxError);
    expect(() => parseApplicationBody('{"a":')).toThrow(SyntaxError);
  });
});
