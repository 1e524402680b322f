import crypto from 'node:crypto';
import type { Db } from '../../db/database';
import { changeFoundApplicants } from '../../db/write-transaction';
import { matchReplyToken, type ReplyMailbox } from '../mail/reply-addresses';
import { readIncomingReply, MAX_REPLY_MAIL_BYTES } from './incoming-reply';
import { recordReply } from './replies';

/** Why a mail did not reach a timeline: its address's token unknown, expired or absent, or the mail too large or unreadable. */
export type UnmatchedReason = 'unknown' | 'expired' | 'no-token' | 'too-large' | 'unreadable';

/** Where a mail went: onto an applicant's timeline, or into the admins' unmatched list. */
export type Landing =
  | { landed: 'reply'; applicantId: number; replyId: number | undefined }
  | { landed: 'unmatched'; reason: UnmatchedReason };

/**
 * The mailbox's side of conversations: each mail read lands once, whoever reads it and however
 * often (the `source_key` of its Message-ID decides). The only code that writes unmatched mail.
 */
export function replyInbox(db: Db, mailbox: ReplyMailbox) {
  const keepUnmatched = async (
    trx: Db,
    reason: UnmatchedReason,
    mail: { from: string; subject: string; body: string; sourceKey: string },
    raw: Buffer,
    now: Date,
  ): Promise<Landing> => {
    await trx
      .insertInto('unmatchedReplies')
      .values({
        reason,
        fromAddress: mail.from.slice(0, 320),
        subject: mail.subject.slice(0, 300),
        body: mail.body,
        raw,
        sourceKey: mail.sourceKey,
        receivedAt: now.toISOString(),
      })
      .onConflict((oc) => oc.column('sourceKey').doNothing())
      .execute();
    return { landed: 'unmatched', reason };
  };

  return {
    /**
     * Reads `raw` (a whole mail, or only its header when `tooLarge`) and lands it: on the
     * timeline of the applicant its token names (holding their lock), or, when the token is
     * unknown or expired, in the unmatched list with its bytes. Nothing is lost either way.
     */
    async land(raw: Buffer, now: Date, { tooLarge = false } = {}): Promise<Landing> {
      const mail = await readIncomingReply(raw, mailbox).catch(() => undefined);
      if (!mail) {
        const sourceKey = crypto.createHash('sha256').update(raw).digest('hex');
        return keepUnmatched(
          db,
          'unreadable',
          { from: '', subject: '', body: '', sourceKey },
          raw,
          now,
        );
      }
      if (tooLarge) {
        const body = `[mail not read: larger than ${MAX_REPLY_MAIL_BYTES / 1024 / 1024} MB; it stays in the mailbox]`;
        return keepUnmatched(db, 'too-large', { ...mail, body }, raw, now);
      }
      // The token is matched again inside the transaction, under the applicant's lock: an
      // applicant erased meanwhile takes their addresses with them, and the mail is unmatched.
      return changeFoundApplicants(
        db,
        async (reader) => {
          const match = await matchReplyToken(reader, mail.token, now);
          return 'applicantId' in match ? [match.applicantId] : [];
        },
        async (trx, [applicantId]) => {
          if (applicantId === undefined) {
            const match = await matchReplyToken(trx, mail.token, now);
            const reason = 'unmatched' in match ? match.unmatched : 'unknown';
            return keepUnmatched(trx, reason, mail, raw, now);
          }
          const replyId = await recordReply(trx, {
            applicantId,
            channel: 'mail',
            subject: mail.subject || null,
            body: mail.body,
            sourceKey: mail.sourceKey,
            attachments: mail.attachments,
            receivedAt: now,
          });
          return { landed: 'reply', applicantId, replyId };
        },
      );
    },
  };
}

export type ReplyInbox = ReturnType<typeof replyInbox>;
