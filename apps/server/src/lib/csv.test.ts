import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition';
import { csvCell, startsLikeFormula, toCsv } from './csv';

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

  // Each look-alike a spreadsheet may read as the sign it resembles.
  it.each([
    ['full-width equals', '\uff1d1+1'],
    ['full-width plus', '\uff0b44 20'],
    ['full-width hyphen-minus', '\uff0d3'],
    ['full-width commercial at', '\uff20SUM(A1)'],
    ['small equals', '\ufe661+1'],
    ['small plus', '\ufe621'],
    ['small hyphen-minus', '\ufe631'],
    ['small commercial at', '\ufe6bSUM(A1)'],
    ['superscript equals', '\u207c1'],
    ['superscript plus', '\u207a1'],
    ['subscript equals', '\u208c1'],
    ['minus sign U+2212', '\u22123'],
    ['en dash', '\u20133'],
    ['heavy minus', '\u27963'],
  ])('a leading %s is guarded', (_, text) => {
    expect(csvCell(text)).toBe(`"'${text}"`);
  });

  it.each([
    ['tab', '\tSUM(A1)'],
    ['carriage return', '\rSUM(A1)'],
  ])('a leading %s is guarded, whatever follows', (_, text) => {
    expect(csvCell(text)).toBe(`"'${text}"`);
  });

  // A spreadsheet may skip these before it reads the formula; the reader never sees them.
  it.each([
    ['zero-width space', '\u200b'],
    ['zero-width non-joiner', '\u200c'],
    ['zero-width joiner', '\u200d'],
    ['word joiner', '\u2060'],
    ['byte-order mark', '\ufeff'],
    ['left-to-right mark', '\u200e'],
    ['right-to-left mark', '\u200f'],
    ['right-to-left override', '\u202e'],
    ['soft hyphen', '\u00ad'],
    ['spaces', '   '],
    ['no-break space', '\u00a0'],
    ['ideographic space', '\u3000'],
    ['line feed', '\n'],
    ['several marks', '\ufeff \u200b\u200e'],
  ])('= after a leading %s is guarded', (_, marks) => {
    expect(csvCell(`${marks}=1+1`)).toBe(`"'${marks}=1+1"`);
    expect(startsLikeFormula(`${marks}\uff1d1+1`)).toBe(true);
  });

  it.each(['Ana', '\u200bAna', ' Ana', 'e-mail', 'a=b', '', '\u200b', '   '])(
    '%j is left as it is',
    (text) => {
      expect(csvCell(text)).toBe(`"${text}"`);
    },
  );

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
