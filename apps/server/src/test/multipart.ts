/** The boundary of every multipart body the tests build. */
export const MULTIPART_BOUNDARY = '----lumenfield-test-boundary';
/** The Content-Type header that goes with `multipart`'s bodies. */
export const MULTIPART_TYPE = `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`;

/** A field's value, or a file (sent as `application/pdf` unless told). */
export type Part = [name: string, value: string | { name: string; bytes: Buffer; type?: string }];

/** A multipart/form-data body, parts in the order given (as a browser sends a form). */
export function multipart(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of parts) {
    if (typeof value === 'string') {
      chunks.push(
        Buffer.from(
          `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\nContent-Type: ${value.type ?? 'application/pdf'}\r\n\r\n`,
        ),
        value.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}
