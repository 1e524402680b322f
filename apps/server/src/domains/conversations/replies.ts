import crypto from 'node:crypto';
import type { Db } from '../../db/database';
import { notify } from '../notifications/notify';

/** How a candidate answered: by mail to the conversation's address, or on the status page. */
export type ReplyChannel = 'mail' | 'status-page';

/** A file that came with a reply, already checked by its bytes (the caller's duty). */
export interface ReplyAttachment {
  originalName: string;
  /** The short kind the attachments table keeps (`pdf`, `docx`, `png`…). */
  kind: string;
  mimeType: string;
  content: Buffer;
}

export interface NewReply {
  applicantId: number;
  channel: ReplyChannel;
  /** The mail's subject; null for an answer on the status page. */
  subject: string | null;
  /** The answer as text: quoted history and signature removed, HTML already made text. */
  body: string;
  /**
   * What makes the same reply land once however often it is read (a hash of the mail's
   * Message-ID); none for an answer on the status page, which is its own request.
   */
  sourceKey?: string;
  attachments?: readonly ReplyAttachment[];
  receivedAt: Date;
}

/**
 * The people told of a reply about an applicant: the recruiters on the opening's hiring team,
 * or, when the team names none, every active recruiter (a reply nobody hears of is lost).
 */
async function repliesAudience(trx: Db, applicantId: number): Promise<number[]> {
  const team = await trx
    .selectFrom('applicants')
    .innerJoin('jobTeam', 'jobTeam.jobId', 'applicants.jobId')
    .innerJoin('users', 'users.id', 'jobTeam.userId')
    .select('users.id')
    .where('applicants.id', '=', applicantId)
    .where('jobTeam.part', '=', 'recruiter')
    .where('users.isActive', '=', 1)
    .execute();
  if (team.length > 0) return team.map((row) => row.id);
  const recruiters = await trx
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'recruiter')
    .where('isActive', '=', 1)
    .execute();
  return recruiters.map((row) => row.id);
}

/**
 * Puts a candidate's reply on their timeline with its attachments and tells the opening's
 * recruiters, inside the caller's transaction (which holds the applicant's lock:
 * `changeApplicants`). Answers the reply's id, or undefined when a reply with the same
 * `sourceKey` is already stored (the same mail read again, by this node or another).
 */
export async function recordReply(trx: Db, reply: NewReply): Promise<number | undefined> {
  const at = reply.receivedAt.toISOString();
  const row = await trx
    .insertInto('applicantReplies')
    .values({
      applicantId: reply.applicantId,
      channel: reply.channel,
      subject: reply.subject?.slice(0, 300) ?? null,
      body: reply.body,
      sourceKey: reply.sourceKey ?? null,
      receivedAt: at,
    })
    .onConflict((oc) => oc.column('sourceKey').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return undefined;
  for (const file of reply.attachments ?? []) {
    await trx
      .insertInto('attachments')
      .values({
        id: crypto.randomUUID(),
        applicantId: reply.applicantId,
        replyId: row.id,
        originalName: file.originalName,
        kind: file.kind,
        mimeType: file.mimeType,
        sizeBytes: file.content.length,
        sha256: crypto.createHash('sha256').update(file.content).digest('hex'),
        content: file.content,
        createdAt: at,
      })
      .execute();
  }
  const applicant = await trx
    .selectFrom('applicants')
    .innerJoin('jobs', 'jobs.id', 'applicants.jobId')
    .select(['applicants.firstName', 'applicants.lastName', 'jobs.title'])
    .where('applicants.id', '=', reply.applicantId)
    .executeTakeFirstOrThrow();
  await notify(
    trx,
    await repliesAudience(trx, reply.applicantId),
    {
      kind: 'reply',
      applicantId: reply.applicantId,
      detail: `${applicant.firstName} ${applicant.lastName} replied (${applicant.title})`,
    },
    reply.receivedAt,
  );
  return row.id;
}
