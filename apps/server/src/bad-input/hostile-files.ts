import zlib from 'node:zlib';
import { docxFile, zipFile } from '../test/files';

/**
 * Files built to hurt: a DOCX zip bomb and a PDF that is also an HTML page. Built from the
 * formats' own structure so real readers (file-type, zip tools, browsers) take them seriously.
 */

const MiB = 1024 * 1024;

/**
 * Raw deflate data inflating to `mebibytes` MiB of spaces from about 1 KiB per MiB: one
 * fully-flushed block repeated (each copy stands alone), then an empty final block.
 */
function deflateBomb(mebibytes: number): Buffer {
  const block = zlib.deflateRawSync(Buffer.alloc(MiB, 0x20), {
    level: 9,
    finishFlush: zlib.constants.Z_FULL_FLUSH,
  });
  const finalEmptyBlock = Buffer.from([0x03, 0x00]);
  return Buffer.concat([...Array.from({ length: mebibytes }, () => block), finalEmptyBlock]);
}

/**
 * A DOCX-shaped zip bomb: [Content_Types].xml and word/document.xml each inflate to
 * `mebibytes` MiB (1 GiB by default) from about 1 MB. `honest` declares the real sizes;
 * otherwise the directory lies and claims 1 000 bytes in all.
 */
export function docxZipBomb({ mebibytes = 1024, honest = true } = {}): Buffer {
  const deflated = deflateBomb(mebibytes);
  const declaredSize = honest ? Math.min(mebibytes * MiB, 0xffffffff) : 500;
  return zipFile([
    { name: '[Content_Types].xml', deflated, declaredSize },
    { name: 'word/document.xml', deflated, declaredSize },
  ]);
}

/** A real PDF header and trailer around an HTML page with script: a PDF/HTML polyglot. */
export function pdfHtmlPolyglot(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n<html><head><script>document.title="pwned";alert(1)</script></head>' +
      '<body><img src=x onerror="alert(2)"><h1>Resume</h1></body></html>\n' +
      '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
      'trailer<</Root 1 0 R>>\n%%EOF\n',
  );
}

/** An HTML page named like a PDF (no PDF header at all). */
export function htmlPage(): Buffer {
  return Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
}

/** A genuine small DOCX, for contrast with the bomb. */
export { docxFile };
