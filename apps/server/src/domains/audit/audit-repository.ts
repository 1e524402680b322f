import { sql } from 'kysely';
import type { AuditAction } from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';
import { stripControlCharacters } from '../../lib/control-characters';
import { containsWord, searchWords } from '../../db/sql-words';

/**
 * Who acted: a signed-in person, the bearer token, the command line, the retention run, the
 * job alerts' run, the interviews' calendar mail (invitations, reminders), an applicant on their own page (by their link; never named), or a visitor
 * without an account (`null`).
 */
export type AuditActor =
  | { userId: number }
  | { label: 'token' | 'cli' | 'retention' | 'alerts' | 'calendar' | 'applicant' }
  | { label: null };

export interface AuditRecord {
  actor: AuditActor;
  action: AuditAction;
  /** What it was done to ("applicant 12"): never personal data. */
  target?: string | null;
  /** A short description without personal data. */
  detail?: string | null;
}

export interface AuditFilter {
  action?: AuditAction | undefined;
  actor?: string | undefined;
  /** Inclusive ISO instants. */
  from?: string | undefined;
  to?: string | undefined;
}

export interface AuditRow {
  id: number;
  at: string;
  actor: string;
  actorEmail: string | null;
  action: string;
  target: string | null;
  detail: string | null;
}

/** The targets the log links, by the table that holds them. */
const LINKED_TABLES = { applicant: 'applicants', opening: 'jobs', user: 'users' } as const;
type LinkedKind = keyof typeof LINKED_TABLES;
const LINKED_TARGET = /^(applicant|opening|user) (\d{1,9})$/;

const clean = (text: string | null | undefined, max: number) =>
  text == null ? null : stripControlCharacters(text).slice(0, max);

/**
 * The audit log: append-only, so this repository has no update and no delete, and the database
 * refuses both (migrations/0007-audit-append-only.ts). The only code that touches the table.
 */
export function auditRepository(db: Db) {
  const filtered = (filter: AuditFilter) => {
    let query = db
      .selectFrom('auditLog')
      .leftJoin('users', 'users.id', 'auditLog.actorUserId')
      .$if(filter.action !== undefined, (q) => q.where('auditLog.action', '=', filter.action!))
      .$if(filter.from !== undefined, (q) => q.where('auditLog.at', '>=', filter.from!))
      .$if(filter.to !== undefined, (q) => q.where('auditLog.at', '<=', filter.to!));
    for (const word of searchWords(filter.actor)) {
      query = query.where((eb) =>
        eb.or([
          containsWord(eb.ref('users.name'), word),
          containsWord(eb.ref('users.email'), word),
          containsWord(eb.ref('auditLog.actorLabel'), word),
        ]),
      );
    }
    return query;
  };

  return {
    async record(entry: AuditRecord, now: Date): Promise<void> {
      await db
        .insertInto('auditLog')
        .values({
          at: now.toISOString(),
          actorUserId: 'userId' in entry.actor ? entry.actor.userId : null,
          actorLabel: 'label' in entry.actor ? entry.actor.label : null,
          action: entry.action,
          // Targets can carry what a client sent (an id in a URL): PostgreSQL refuses NUL.
          target: clean(entry.target, 200),
          detail: clean(entry.detail, 500),
        })
        .execute();
    },

    /**
     * Which of these targets ("applicant 12", "opening 3", "user 4") name a row that still
     * exists: the log links those. An erased applicant's row is gone, so it stays plain text.
     */
    async existingTargets(targets: readonly (string | null)[]): Promise<Set<string>> {
      const wanted = new Map<LinkedKind, Set<number>>();
      for (const target of targets) {
        const match = target === null ? null : LINKED_TARGET.exec(target);
        if (!match) continue;
        const kind = match[1] as LinkedKind;
        wanted.set(kind, (wanted.get(kind) ?? new Set()).add(Number(match[2])));
      }
      const found = new Set<string>();
      for (const [kind, ids] of wanted) {
        const rows = await db
          .selectFrom(LINKED_TABLES[kind])
          .select('id')
          .where('id', 'in', [...ids])
          .execute();
        for (const row of rows) found.add(`${kind} ${row.id}`);
      }
      return found;
    },

    /** Newest first. */
    async list(
      filter: AuditFilter,
      page: number,
      pageSize: number,
    ): Promise<{ items: AuditRow[]; total: number }> {
      const total = await filtered(filter)
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      const rows = await filtered(filter)
        .select([
          'auditLog.id',
          'auditLog.at',
          'auditLog.actorLabel',
          'auditLog.action',
          'auditLog.target',
          'auditLog.detail',
          'users.name',
          'users.email',
        ])
        .orderBy('auditLog.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return {
        total: Number(total.n),
        items: rows.map((row) => ({
          id: row.id,
          at: toIso(row.at),
          actor: row.name ?? row.actorLabel ?? 'unknown',
          actorEmail: row.email ?? null,
          action: row.action,
          target: row.target,
          detail: row.detail,
        })),
      };
    },
  };
}

export type AuditRepository = ReturnType<typeof auditRepository>;
