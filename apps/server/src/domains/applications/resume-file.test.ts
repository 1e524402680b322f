import { describe, expect, it } from 'vitest';
import { docxZipBomb } from '../../bad-input/hostile-files';
import { docxFile, exeFile, legacyDocFile, pdfFile, plainZipFile, zipFile } from '../../test/files';
import {
  cleanFileName,
  decodeFileContent,
  detectResumeKind,
  inflatesPastBound,
  MAX_DOCX_INFLATED_BYTES,
  resumeKind,
  zipEntries,
  zipEntryNames,
  zipInflatedBytes,
} from './resume-file';

describe('resume detection from bytes', () => {
  it.each([
    ['a PDF', pdfFile(), 'pdf'],
    ['a DOCX', docxFile(), 'docx'],
    ['a legacy Word file', legacyDocFile(), 'doc'],
    ['an executable', exeFile(), null],
    ['a plain zip', plainZipFile(), null],
    ['an empty file', Buffer.alloc(0), null],
    ['a truncated DOCX', docxFile().subarray(0, 120), null],
    ['an OLE file without a Word stream', legacyDocFile().fill(0, 1024), null],
    [
      'a zip that merely mentions word/document.xml in a file',
      zipFile([{ name: 'a.txt', data: Buffer.from('word/document.xml') }]),
      null,
    ],
  ])('%s -> %s', async (_, bytes, kind) => {
    expect(await detectResumeKind(bytes)).toBe(kind);
  });

  it('needs the extension to agree with the content', async () => {
    expect(await resumeKind(pdfFile(), 'cv.PDF')).toBe('pdf');
    expect(await resumeKind(pdfFile(), 'cv.docx')).toBe(null);
    expect(await resumeKind(docxFile(), 'cv.doc')).toBe(null);
  });

  it('reads the entry names of a zip from its central directory', () => {
    expect(zipEntryNames(docxFile())).toEqual(['[Content_Types].xml', 'word/document.xml']);
    expect(zipEntryNames(Buffer.from('not a zip at all, just text'))).toEqual([]);
  });
});

describe('what a zip really inflates to', () => {
  const MiB = 1024 * 1024;

  it('counts stored and deflated entries by their bytes, not by what the directory says', async () => {
    const stored = docxFile();
    const storedSize = zipEntries(stored).reduce((n, entry) => n + entry.size, 0);
    expect(await zipInflatedBytes(stored, MAX_DOCX_INFLATED_BYTES)).toBe(storedSize);
    // Two entries of 2 MiB each, the directory claiming 1 000 bytes in all.
    expect(await zipInflatedBytes(docxZipBomb({ mebibytes: 2, honest: false }), 100 * MiB)).toBe(
      4 * MiB,
    );
  });

  it('stops inflating just past the cap', async () => {
    const inflated = await zipInflatedBytes(
      docxZipBomb({ mebibytes: 160, honest: false }),
      10 * MiB,
    );
    expect(inflated).toBeGreaterThan(10 * MiB);
    // One output chunk past it, not the 320 MiB it would become.
    expect(inflated).toBeLessThanOrEqual(10 * MiB + 64 * 1024);
  });

  it('judges a bomb whose directory lies by its real size; a document passes', async () => {
    expect(await inflatesPastBound(docxZipBomb({ mebibytes: 160, honest: false }))).toBe(true);
    expect(await inflatesPastBound(docxZipBomb({ mebibytes: 1, honest: false }))).toBe(false);
    expect(await inflatesPastBound(docxFile())).toBe(false);
    expect(await inflatesPastBound(pdfFile())).toBe(false);
  });

  it('counts data that does not inflate as past any bound', async () => {
    const broken = docxZipBomb({ mebibytes: 1, honest: false });
    // The first entry's deflate data starts after its 30-byte header and 19-byte name.
    broken.fill(0xff, 49, 49 + 64);
    expect(await zipInflatedBytes(broken, 100 * MiB)).toBe(Infinity);
  });
});

describe('FileContent decoding', () => {
  it('accepts base64, a data: URL and byte numbers, and refuses anything else', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    expect(decodeFileContent(bytes.toString('base64'))).toEqual(bytes);
    expect(decodeFileContent(`data:application/pdf;base64,${bytes.toString('base64')}`)).toEqual(
      bytes,
    );
    expect(decodeFileContent([0, 1, 2, 250, 255])).toEqual(bytes);
    expect(decodeFileContent('not base64!')).toBeUndefined();
    expect(decodeFileContent([1, 256])).toBeUndefined();
    expect(decodeFileContent([1.5])).toBeUndefined();
    expect(decodeFileContent([-1])).toBeUndefined();
  });
});

describe('cleanFileName', () => {
  it.each([
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['..\\..\\windows\\cv.docx', 'cv.docx'],
    ['  cv\u0000\u202e.pdf ', 'cv.pdf'],
    ['/', ''],
  ])('%j -> %j', (name, cleaned) => {
    expect(cleanFileName(name)).toBe(cleaned);
  });
});
