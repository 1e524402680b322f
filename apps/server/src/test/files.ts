import { createHash } from 'node:crypto';
import zlib from 'node:zlib';

/**
 * Real files for the resume tests (the server's, the hostile files' and the browser tests'),
 * built from their formats' own structure: a minimal PDF, one whose text names the applicant,
 * a DOCX (a zip holding word/document.xml), a legacy Word OLE header, a Windows .exe header
 * and a plain zip.
 */

/** A small but well-formed PDF; `size` pads it (inside a comment) to exactly that many bytes. */
export function pdfFile(size?: number): Buffer {
  const head = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
      '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\n' +
      'trailer<</Root 1 0 R>>\n%',
  );
  const tail = Buffer.from('\n%%EOF\n');
  const total = size ?? head.length + tail.length + 16;
  const padding = Buffer.alloc(Math.max(0, total - head.length - tail.length), 0x41);
  return Buffer.concat([head, padding, tail]);
}

/** A real one-page PDF whose text names the applicant (valid xref offsets, so viewers show it). */
export function pdfWithText(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** An entry stored as it is. */
interface StoredEntry {
  name: string;
  data: Buffer;
}

/** An entry already deflated, whose directory declares `declaredSize` (true or not). */
interface DeflatedEntry {
  name: string;
  deflated: Buffer;
  declaredSize: number;
}

/**
 * A zip of the given entries, enough for real zip readers: stored ones with their CRC, deflated
 * ones as given (no CRC: the hostile files' bombs are never meant to be read to the end).
 */
export function zipFile(entries: (StoredEntry | DeflatedEntry)[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const nameBytes = Buffer.from(entry.name, 'utf8');
    const [method, crc, bytes, size] =
      'data' in entry
        ? [0, zlib.crc32(entry.data), entry.data, entry.data.length]
        : [8, 0, entry.deflated, entry.declaredSize];
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(bytes.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    locals.push(local, nameBytes, bytes);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(bytes.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + bytes.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/** A real (if tiny) Word document whose one paragraph is `text`. */
export function docxFile(text = 'Curriculum vitae'): Buffer {
  const xml = (body: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return zipFile([
    {
      name: '[Content_Types].xml',
      data: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/' +
          'vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    },
    {
      name: 'word/document.xml',
      data: xml(
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
          `<w:body><w:p><w:r><w:t>${escaped}</w:t></w:r></w:p></w:body></w:document>`,
      ),
    },
  ]);
}

/** A plain zip (no Word document inside). */
export function plainZipFile(): Buffer {
  return zipFile([{ name: 'notes/readme.txt', data: Buffer.from('just a zip') }]);
}

/** An OLE compound file header followed by a directory entry naming the WordDocument stream. */
export function legacyDocFile(): Buffer {
  const file = Buffer.alloc(1536);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(file, 0);
  file.writeUInt16LE(0x003e, 24); // minor version
  file.writeUInt16LE(0x0003, 26); // major version 3
  file.writeUInt16LE(0xfffe, 28); // little-endian byte order mark
  file.writeUInt16LE(9, 30); // 512-byte sectors
  Buffer.from('WordDocument', 'utf16le').copy(file, 1024);
  return file;
}

/** The start of a Windows executable (MZ header and PE signature). */
export function exeFile(): Buffer {
  const file = Buffer.alloc(512);
  file.write('MZ', 0, 'latin1');
  file.writeUInt32LE(0x80, 0x3c);
  file.write('PE\0\0', 0x80, 'latin1');
  return file;
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
