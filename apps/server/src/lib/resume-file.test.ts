import { describe, expect, it } from 'vitest';
import { docxFile, exeFile, legacyDocFile, pdfFile, plainZipFile, zipFile } from '../test/files';
import {
  cleanFileName,
  decodeFileContent,
  detectResumeKind,
  resumeKind,
  zipEntryNames,
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
