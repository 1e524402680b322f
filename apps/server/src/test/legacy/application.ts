import http from 'node:http';
import { attachmentHeader } from '@lumenfield/contract/testing';
import { stateValue } from '../../db/reference-data';
import { createRepositories } from '../../domains';
import { pdfFile } from '../files';
import type { TestApp } from '../test-app';

/** Karnataka, India: a country and one of its states from the seeded reference data. */
export const INDIA = 356;
export const KARNATAKA = stateValue('IN', 'KA');

type Payload = Record<string, unknown>;

/** A complete, valid application as our page sends it (resume as base64). */
export function applicationPayload(
  overrides: Payload = {},
  file: { name?: string; content?: Buffer | string | number[] } = {},
): Payload {
  const content = file.content ?? pdfFile();
  return {
    FirstName: 'Ana',
    LastName: 'Cruz',
    MobileNumber: '5550101234',
    City: 'Bengaluru',
    Email: 'ana.cruz@example.com',
    Experience: 2,
    CountyID: INDIA,
    StateID: KARNATAKA,
    ReferredBy: 'Priya Raman',
    AttachmentHeader: attachmentHeader(
      file.name ?? 'ana-cruz-cv.pdf',
      Buffer.isBuffer(content) ? content.toString('base64') : content,
    ),
    ...overrides,
  };
}

/** An open opening, in effect since an hour ago, its description stored as given; its id. */
export async function createOpening(
  t: TestApp,
  code: string,
  isOpen = true,
  descriptionHtml = '<p>Join us.</p>',
): Promise<number> {
  return createRepositories(t.db.handle.db).jobs.create({
    code,
    title: `Opening ${code}`,
    location: 'Bengaluru, Karnataka, India',
    descriptionHtml,
    effectiveFrom: new Date(Date.now() - 3_600_000).toISOString(),
    recruitmentManagers: 'Rahul Menon',
    contactPersons: 'Priya Raman',
    contactEmails: 'priya.raman@example.com',
    isOpen,
  });
}

export function postApplication(
  t: TestApp,
  jobId: number | string,
  payload: Payload,
  remoteAddress?: string,
) {
  return t.app.inject({
    method: 'POST',
    ...(remoteAddress ? { remoteAddress } : {}),
    url: `/api/Jobs/SaveApplicantDetail?jobID=${encodeURIComponent(jobId)}`,
    headers: { ...t.headers('write'), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

/**
 * An application POST over real HTTP to the app listening on `port`, declaring `contentLength`
 * bytes; the caller sends the body (or part of it, or none) and reads the answer.
 */
export function applicationRequest(
  t: TestApp,
  port: number,
  jobId: number,
  contentLength: number,
  onAnswer: (res: http.IncomingMessage) => void,
  agent?: http.Agent,
): http.ClientRequest {
  return http.request(
    {
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/Jobs/SaveApplicantDetail?jobID=${jobId}`,
      ...(agent ? { agent } : {}),
      headers: {
        ...t.headers('write'),
        'content-type': 'application/json',
        'content-length': contentLength,
      },
      timeout: 10_000,
    },
    onAnswer,
  );
}

export function adminHeaders(t: TestApp): Record<string, string> {
  return { authorization: `Bearer ${t.config.adminToken ?? ''}` };
}

/** A status link in a mail's text: its token. */
export const STATUS_LINK_IN_MAIL = /\/applications\/([A-Za-z0-9_-]{43})/;

/** The token of the status link in the confirmation mail an application queued. */
export async function statusLinkToken(t: Pick<TestApp, 'db'>, applicantId: number) {
  const mail = await t.db.handle.db
    .selectFrom('mailQueue')
    .select('textBody')
    .where('applicantId', '=', applicantId)
    .where('kind', '=', 'applicant-confirmation')
    .executeTakeFirstOrThrow();
  const token = STATUS_LINK_IN_MAIL.exec(mail.textBody)?.[1];
  if (!token) throw new Error(`no status link in applicant ${applicantId}'s confirmation mail`);
  return token;
}
