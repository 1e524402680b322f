import { replyChannelSchema, type ApplicantThreadEntry } from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';
import { messagesOf } from '../messages/messages-repository';

/** A file that came with a reply, as stored beside the resume (never its bytes here). */
export interface StoredReplyFile {
  guid: string;
  name: string;
  kind: string;
  mimeType: string;
  bytes: number;
  sha256: string;
}

/** A candidate's reply as stored (applicant_replies), with its files. */
export interface StoredReply {
  replyId: number;
  channel: 'mail' | 'status-page';
  subject: string | null;
  body: string;
  receivedOn: string;
  files: StoredReplyFile[];
}

/** An applicant's replies, oldest first, each with the files that came with it. */
export async function repliesOf(db: Db, applicantId: number): Promise<StoredReply[]> {
  const rows = await db
    .selectFrom('applicantReplies')
    .select(['id', 'channel', 'subject', 'body', 'receivedAt'])
    .where('applicantId', '=', applicantId)
    .orderBy('receivedAt')
    .orderBy('id')
    .execute();
  if (rows.length === 0) return [];
  const files = await db
    .selectFrom('attachments')
    .select(['id', 'replyId', 'originalName', 'kind', 'mimeType', 'sizeBytes', 'sha256'])
    .where('applicantId', '=', applicantId)
    .where('replyId', 'is not', null)
    .orderBy('createdAt')
    .orderBy('originalName')
    .execute();
  return rows.map((row) => ({
    replyId: row.id,
    // A channel this code does not know is read as mail: the one other way replies come.
    channel: replyChannelSchema.catch('mail').parse(row.channel),
    subject: row.subject,
    body: row.body,
    receivedOn: toIso(row.receivedAt),
    files: files
      .filter((file) => file.replyId === row.id)
      .map((file) => ({
        guid: file.id,
        name: file.originalName,
        kind: file.kind,
        mimeType: file.mimeType,
        bytes: file.sizeBytes,
        sha256: file.sha256,
      })),
  }));
}

/**
 * The status page's thread: the messages we sent (subject, text, when: never who wrote them,
 * as the page names no recruiter) and the candidate's answers, oldest first.
 */
export async function applicantThread(
  db: Db,
  applicantId: number,
): Promise<ApplicantThreadEntry[]> {
  // One after the other: `db` may be a transaction, which runs one query at a time.
  const sent = await messagesOf(db, applicantId);
  const replies = await repliesOf(db, applicantId);
  const entries: ApplicantThreadEntry[] = [
    ...sent.map((message) => ({
      from: 'us' as const,
      channel: null,
      at: message.sentOn,
      subject: message.subject,
      body: message.body,
      attachments: [],
    })),
    ...replies.map((reply) => ({
      from: 'you' as const,
      channel: reply.channel,
      at: reply.receivedOn,
      subject: reply.subject,
      body: reply.body,
      attachments: reply.files.map((file) => file.name),
    })),
  ];
  // Stable: at the same instant, what we sent comes before the answer to it.
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}

/** A file that came with a reply, with its bytes and whose it is; undefined for a resume. */
export async function replyFile(db: Db, guid: string) {
  const row = await db
    .selectFrom('attachments')
    .select(['applicantId', 'originalName', 'mimeType', 'content'])
    .where('id', '=', guid)
    .where('replyId', 'is not', null)
    .executeTakeFirst();
  return row && { ...row, content: Buffer.from(row.content) };
}
