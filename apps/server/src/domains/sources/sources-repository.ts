import crypto from 'node:crypto';
import { sql } from 'kysely';
import {
  sourceKinds,
  trackingLinkPath,
  type NewSource,
  type NamedSource,
  type NewTrackingLink,
  type Source,
  type SourceKind,
  type TrackingLink,
} from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';
import { writeTransaction } from '../../db/write-transaction';
import { HttpProblem } from '../../lib/http-problem';
import { auditRepository } from '../audit/audit-repository';

const noSource = (id: number) => new HttpProblem(404, `There is no source ${id}.`);
const noLink = (id: number) => new HttpProblem(404, `There is no tracking link ${id}.`);

/** Where a tracking link lands, and the source it credits while that source exists. */
export interface LinkLanding {
  linkId: number;
  jobId: number | null;
  sourceId: number | null;
  sourceName: string | null;
  active: boolean;
}

/** The link a token names, with its source's name (null once the source was deleted). */
export async function linkByToken(db: Db, token: string): Promise<LinkLanding | undefined> {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(token)) return undefined;
  const row = await db
    .selectFrom('trackingLinks')
    .leftJoin('sources', 'sources.id', 'trackingLinks.sourceId')
    .select([
      'trackingLinks.id',
      'trackingLinks.jobId',
      'trackingLinks.isActive',
      'sources.id as sourceId',
      'sources.name as sourceName',
    ])
    .where('trackingLinks.token', '=', token)
    .executeTakeFirst();
  return (
    row && {
      linkId: row.id,
      jobId: row.jobId,
      sourceId: row.sourceId,
      sourceName: row.sourceName,
      active: Boolean(row.isActive),
    }
  );
}

/** Every source's id and name: what a UTM value, a referrer or an answer is joined to. */
export async function namedSources(db: Db): Promise<NamedSource[]> {
  return db.selectFrom('sources').select(['id', 'name']).orderBy('id').execute();
}

/** A source by its id (a recruiter's choice when adding a candidate), or undefined. */
export async function sourceById(db: Db, id: number): Promise<NamedSource | undefined> {
  return db.selectFrom('sources').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

const kindOf = (kind: string): SourceKind =>
  (sourceKinds as readonly string[]).includes(kind) ? (kind as SourceKind) : 'other';

/**
 * Sources and tracking links: the only code that touches their tables (applying credits a
 * source inside applicantsRepository.create through linkByToken). Every change is one
 * transaction with its audit row, which names the source or link, never an applicant.
 */
export function sourcesRepository(db: Db) {
  const changing = <T>(work: (trx: Db, audit: ReturnType<typeof auditRepository>) => Promise<T>) =>
    writeTransaction(db, (trx) => work(trx, auditRepository(trx)));

  return {
    /** Every source by name, each with its links (newest first) and applicants credited. */
    async list(): Promise<Source[]> {
      const sources = await db
        .selectFrom('sources')
        .leftJoin('users', 'users.id', 'sources.referrerUserId')
        .select((eb) => [
          'sources.id',
          'sources.name',
          'sources.kind',
          'sources.referrerUserId',
          'users.name as referrerName',
          eb
            .selectFrom('applicants')
            .select(sql<number>`count(*)`.as('n'))
            .whereRef('applicants.sourceId', '=', 'sources.id')
            .as('applicants'),
        ])
        .orderBy('sources.name')
        .orderBy('sources.id')
        .execute();
      const links = await db
        .selectFrom('trackingLinks')
        .leftJoin('jobs', 'jobs.id', 'trackingLinks.jobId')
        .select((eb) => [
          'trackingLinks.id',
          'trackingLinks.token',
          'trackingLinks.sourceId',
          'trackingLinks.jobId',
          'jobs.title as jobTitle',
          'trackingLinks.isActive',
          'trackingLinks.createdAt',
          eb
            .selectFrom('applicants')
            .select(sql<number>`count(*)`.as('n'))
            .whereRef('applicants.trackingLinkId', '=', 'trackingLinks.id')
            .as('applicants'),
        ])
        .where('trackingLinks.sourceId', 'is not', null)
        .orderBy('trackingLinks.id', 'desc')
        .execute();
      const toLink = (row: (typeof links)[number]): TrackingLink => ({
        id: row.id,
        token: row.token,
        path: trackingLinkPath(row.token),
        jobId: row.jobId,
        jobTitle: row.jobTitle,
        active: Boolean(row.isActive),
        applicants: Number(row.applicants ?? 0),
        createdAt: toIso(row.createdAt),
      });
      return sources.map((row) => ({
        id: row.id,
        name: row.name,
        kind: kindOf(row.kind),
        referrerUserId: row.referrerUserId,
        referrerName: row.referrerName,
        applicants: Number(row.applicants ?? 0),
        links: links.filter((link) => link.sourceId === row.id).map(toLink),
      }));
    },

    /** The source with this id, if any (a recruiter's choice when adding a candidate). */
    find: (id: number) => sourceById(db, id),

    /** The names applicants were credited to (also of deleted sources, and UTM values), A–Z. */
    async creditedNames(): Promise<string[]> {
      const rows = await db
        .selectFrom('applicants')
        .select('sourceName')
        .distinct()
        .where('sourceName', 'is not', null)
        .orderBy('sourceName')
        .limit(500)
        .execute();
      return rows.map((row) => row.sourceName!);
    },

    createSource: (input: NewSource, userId: number, now: Date) =>
      changing(async (trx, audit) => {
        if (input.referrerUserId != null) {
          const user = await trx
            .selectFrom('users')
            .select('id')
            .where('id', '=', input.referrerUserId)
            .executeTakeFirst();
          if (!user) throw new HttpProblem(400, 'Please choose a colleague from the list.');
        }
        const { id } = await trx
          .insertInto('sources')
          .values({
            name: input.name,
            kind: input.kind,
            referrerUserId: input.kind === 'referral' ? (input.referrerUserId ?? null) : null,
            createdAt: now.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit.record(
          { actor: { userId }, action: 'source-create', target: `source ${id}` },
          now,
        );
        return id;
      }),

    /** Its links stay and still land (crediting nothing); its applicants keep the name. */
    deleteSource: (id: number, userId: number, now: Date) =>
      changing(async (trx, audit) => {
        const deleted = await trx.deleteFrom('sources').where('id', '=', id).executeTakeFirst();
        if (Number(deleted.numDeletedRows) === 0) throw noSource(id);
        await audit.record(
          { actor: { userId }, action: 'source-delete', target: `source ${id}` },
          now,
        );
      }),

    createLink: (input: NewTrackingLink, userId: number, now: Date) =>
      changing(async (trx, audit) => {
        const source = await trx
          .selectFrom('sources')
          .select('id')
          .where('id', '=', input.sourceId)
          .executeTakeFirst();
        if (!source) throw noSource(input.sourceId);
        if (input.jobId != null) {
          const job = await trx
            .selectFrom('jobs')
            .select('id')
            .where('id', '=', input.jobId)
            .executeTakeFirst();
          if (!job) throw new HttpProblem(400, 'Please choose an opening from the list.');
        }
        const token = crypto.randomBytes(9).toString('base64url');
        const { id } = await trx
          .insertInto('trackingLinks')
          .values({
            token,
            sourceId: input.sourceId,
            jobId: input.jobId ?? null,
            createdByUserId: userId,
            createdAt: now.toISOString(),
            isActive: 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit.record(
          {
            actor: { userId },
            action: 'tracking-link-create',
            target: `link ${id}`,
            detail: `source ${input.sourceId}${input.jobId != null ? `, opening ${input.jobId}` : ''}`,
          },
          now,
        );
        return { id, token, path: trackingLinkPath(token) };
      }),

    /** A link turned off still lands, crediting nothing. */
    setLinkActive: (id: number, active: boolean, userId: number, now: Date) =>
      changing(async (trx, audit) => {
        const updated = await trx
          .updateTable('trackingLinks')
          .set({ isActive: active ? 1 : 0 })
          .where('id', '=', id)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) throw noLink(id);
        await audit.record(
          {
            actor: { userId },
            action: 'tracking-link-update',
            target: `link ${id}`,
            detail: active ? 'turned on' : 'turned off',
          },
          now,
        );
      }),
  };
}

export type SourcesRepository = ReturnType<typeof sourcesRepository>;
