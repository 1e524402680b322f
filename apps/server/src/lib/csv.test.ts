import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition';
import { csvCell, toCsv } from './csv';

describe('CSV', () => {
  it.each([
    ['plain', '"plain"'],
    ['=1+1', `"'=1+1"`],
    ['+44 20', `"'+44 20"`],
    ['-3', `"'-3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tx', `"'\tx"`],
    ['say "hi"', '"say ""hi"""'],
    [null, '""'],
    [42, '"42"'],
  ])('%j -> %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('joins rows with CRLF and ends with one', () => {
    expect(toCsv(['a', 'b'], [[1, 'x,y']])).toBe('"a","b"\r\n"1","x,y"\r\n');
  });
});

describe('Content-Disposition', () => {
  it('gives an ASCII fallback and the UTF-8 name (RFC 6266)', () => {
    expect(attachmentDisposition('cv.pdf')).toBe(
      `attachment; filename="cv.pdf"; filename*=UTF-8''cv.pdf`,
    );
    expect(attachmentDisposition('a"b\\c;d.pdf')).toBe(
      `attachment; filename="a_b_c_d.pdf"; filename*=UTF-8''a%22b%5Cc%3Bd.pdf`,
    );
    expect(attachmentDisposition("Zoë's CV.pdf")).toBe(
      `attachment; filename="Zo_'s CV.pdf"; filename*=UTF-8''Zo%C3%AB%27s%20CV.pdf`,
    );
  });
});
