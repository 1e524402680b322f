// The applicant page's newer resume: its multipart form read, the XSRF field first.
import type { FastifyRequest } from 'fastify';
import { applicantFormFields, applicantPageCopy as copy } from '@lumenfield/contract';
import { HttpProblem } from '../lib/http-problem';
import { isValidXsrfToken, safeEqual, xsrfCookieName } from '../plugins/xsrf';
import type { JoinedResume } from '../workers/body-decoder';
import { asBuffer, movableBuffers, type createWorkerPool } from '../workers/pool';

/**
 * The new-resume form's parts: the file (joined in a worker) and whether the box was ticked.
 * 403 unless the XSRF field, before the file, matches its cookie.
 */
export async function readNewResume(
  request: FastifyRequest,
  decoders: ReturnType<typeof createWorkerPool>,
  cookieSecret: string,
) {
  const expected = request.cookies[xsrfCookieName(request)];
  let verified = false;
  let confirmed = false;
  let received = {
    fileName: '',
    bytes: undefined as Buffer | undefined,
    zipBomb: false,
    overLimit: false,
  };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      // The XSRF field comes first in the form: a file before it is not read.
      if (!verified) throw new HttpProblem(403, copy.forbidden);
      const chunks: Uint8Array[] = [];
      let length = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        length += chunk.length;
      }
      const joined =
        length > 0
          ? ((await decoders.run(
              { chunks, length },
              { name: 'joinResume', transferList: movableBuffers(chunks) },
            )) as JoinedResume)
          : undefined;
      received = {
        fileName: part.filename ?? '',
        bytes: joined?.bytes && asBuffer(joined.bytes),
        zipBomb: joined?.zipBomb ?? false,
        overLimit: part.file.truncated,
      };
      continue;
    }
    const value = typeof part.value === 'string' ? part.value : '';
    if (part.fieldname === applicantFormFields.xsrf) {
      verified = Boolean(
        expected && isValidXsrfToken(cookieSecret, expected) && safeEqual(value, expected),
      );
      if (!verified) throw new HttpProblem(403, copy.forbidden);
    } else if (part.fieldname === applicantFormFields.confirm) confirmed = value === 'yes';
  }
  if (!verified) throw new HttpProblem(403, copy.forbidden);
  return { received, confirmed };
}
