import { isPhoneText } from '@lumenfield/contract/phone';
import { sql, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type {
  Applicant,
  ApplicantSort,
  ApplicantStage,
  Arrival,
  SourceCredit,
} from '@lumenfield/contract';
import { COUNT_CAP, dayStart, DEFAULT_APPLICANT_SORT } from '@lumenfield/contract';
import type { Database, Db } from '../../db/database';
import { toIso } from '../../db/database';
import { applicantSelectList, toApplicant as toApplicantView } from '../applications/applicant-row';
import { containsWord, searchWords } from '../../db/sql-words';
import { matchesWord } from './applicant-search';
import {
  arrivalOf,
  asStage,
  currentRejectionReason,
  currentStage,
  isVia,
  stageRank,
  type OrderTerm,
  type Orderable,
} from './pipeline-columns';
import { composed } from '../../lib/composed';
import { pipelineRecords } from './pipeline-records';
import { applicantInReach, type Reach } from '../team/reach';
import { keptOpenings } from './kept-counts';

/** Applicants per read of an export (the CSV): a few hundred kilobytes of text. */
export const EXPORT_PAGE = 1000;

const DAY_MS = 86_400_000;

/**
 * An instant as the database compares it: SQLite's text exactly as stored (a reformatted one
 * might sort elsewhere), PostgreSQL's Date in ISO 8601 (every instant is written from one).
 */
const storedInstant = (value: Date | string): string =>
  value instanceof Date ? value.toISOString() : value;

/** What an export reads: how many, the earliest applied-on instant (null: none), the last id. */
export interface ExportRange {
  count: number;
  firstAppliedOn: string | null;
  lastId: number;
}

export interface PipelineFilter {
  jobId?: number | undefined;
  stage?: ApplicantStage | undefined;
  q?: string | undefined;
  /** true: flagged "Does not meet" (a knock-out answer); false: not flagged. */
  doesNotMeet?: boolean | undefined;
  /** Only applicants credited to this source name. */
  source?: string | undefined;
  /** Whose list it is: only the applicants within their reach (team/reach.ts), always. */
  reach: Reach;
}

/**
 * The filter of a console list's query (its page and sort aside) for a person's reach: one
 * owner, so the list, its CSV, next and previous, and "select all matching" always mean the
 * same applicants.
 */
export const pipelineFilterOf = (
  { jobId, stage, q, doesNotMeet, source }: Omit<PipelineFilter, 'reach'>,
  reach: Reach,
): PipelineFilter => ({ jobId, stage, q, doesNotMeet, source, reach });

/**
 * A search that is a phone number ("+49 151 23456789", "(303) 555-0112", "0917 123 4567"): its
 * digits without a leading trunk zero, which a stored number (E.164, or the seed's ten digits)
 * holds as they are; undefined for any other search, which is matched word by word.
 */
export function phoneSearch(q: string | undefined): string | undefined {
  const text = (q ?? '').trim();
  if (!isPhoneText(text)) return undefined;
  const digits = text.replace(/\D/g, '').replace(/^0+/, '');
  return digits.length >= 6 ? digits : undefined;
}

/** One applicant as the console's lists and the CSV show them (no resume bytes). */
export interface PipelineApplicant extends Applicant {
  jobId: number;
  jobCode: string;
  jobTitle: string;
  stage: ApplicantStage;
  attachmentKind: string;
  /** The reason given with their latest stage change (a move to Rejected), if any. */
  rejectionReason: string | null;
  /** The source credited at applying, and the raw values the visit carried. */
  source: SourceCredit | null;
  arrival: Arrival;
}

/**
 * The applicants' pipeline: their stage (history rows, none means INITIAL_STAGE; the current one
 * also stored on the applicant, which every list reads), notes, and the search across openings.
 * The stage history and notes are written here and in pipeline-records.ts; reports, the
 * applicant's own page and erasure read or delete them by table.
 */
export function pipelineRepository(db: Db) {
  /**
   * The applicants a filter matches, without their opening's row: nothing a filter, a count or
   * the list's order compares needs it, so a count never looks it up once per applicant.
   */
  const filtered = (filter: PipelineFilter) => {
    const query = db
      .selectFrom('applicants')
      .where((eb) => applicantInReach(eb, filter.reach))
      .$if(filter.jobId !== undefined, (q) => q.where('applicants.jobId', '=', filter.jobId!))
      .$if(filter.stage !== undefined, (q) =>
        q.where('applicants.currentStage', '=', filter.stage!),
      )
      .$if(filter.doesNotMeet !== undefined, (q) =>
        q.where('applicants.knockouts', filter.doesNotMeet ? '>' : '=', 0),
      )
      .$if(filter.source !== undefined, (q) =>
        q.where('applicants.sourceName', '=', filter.source!),
      );
    const words = searchWords(filter.q);
    if (words.length === 0) return query;
    const number = phoneSearch(filter.q);
    return query.where((eb) => {
      // Every word in one of the person's fields or the opening's title, through the engine's
      // text index.
      const byWords = eb.and(words.map((word) => matchesWord(db, eb.ref('applicants.id'), word)));
      // Or, for a search that is a number, the mobile number's digits.
      return number
        ? eb.or([byWords, containsWord(eb.ref('applicants.mobileNumber'), number)])
        : byWords;
    });
  };

  const columns = (filter: PipelineFilter) =>
    filtered(filter)
      .innerJoin('jobs', 'jobs.id', 'applicants.jobId')
      // The resume: a reply's files live in the same table (conversations/replies.ts). Every
      // applicant has one from applying on (a count of the matches needs no join).
      .innerJoin('attachments', (join) =>
        join
          .onRef('attachments.applicantId', '=', 'applicants.id')
          .on('attachments.replyId', 'is', null),
      )
      .leftJoin('countries', 'countries.value', 'applicants.countryId')
      .leftJoin('states', 'states.value', 'applicants.stateId')
      .select((eb) => [
        ...applicantSelectList,
        'applicants.jobId',
        'jobs.code as jobCode',
        'jobs.title as jobTitle',
        'attachments.kind as attachmentKind',
        currentStage(eb).as('stage'),
        currentRejectionReason(eb).as('rejectionReason'),
        'applicants.sourceName',
        'applicants.sourceVia',
        'applicants.arrival',
      ]);

  /**
   * The list's order for a sort, as terms: the list's query sorts by them, and the pages from
   * a row and next and previous compare with that row by them (past). The id last, so no two
   * tie.
   */
  const orderTerms = (sort: ApplicantSort = DEFAULT_APPLICANT_SORT): OrderTerm[] => {
    const direction = sort.startsWith('-') ? 'desc' : 'asc';
    const by = sort.replace(/^-/, '');
    const terms: OrderTerm[] =
      by === 'name'
        ? [
            [(eb) => eb.fn('lower', ['applicants.lastName']), direction],
            [(eb) => eb.fn('lower', ['applicants.firstName']), direction],
          ]
        : by === 'stage'
          ? [
              [stageRank, direction],
              [(eb) => eb.ref('applicants.appliedOn'), 'desc'],
            ]
          : by === 'opening'
            ? [
                // The title by the opening's key, not a join: every other order reads the
                // applicants alone.
                [
                  (eb) =>
                    eb.fn('lower', [
                      eb
                        .selectFrom('jobs')
                        .select('jobs.title')
                        .whereRef('jobs.id', '=', 'applicants.jobId'),
                    ]),
                  direction,
                ],
                [(eb) => eb.ref('applicants.jobId'), direction],
                [(eb) => eb.ref('applicants.appliedOn'), 'desc'],
              ]
            : [[(eb) => eb.ref('applicants.appliedOn'), direction]];
    return [...terms, [(eb) => eb.ref('applicants.id'), direction]];
  };

  const inOrder =
    (terms: OrderTerm[]) =>
    <T extends Orderable<T>>(builder: T): T =>
      terms.reduce((ordering, [term, direction]) => ordering.orderBy(term, direction), builder);

  /**
   * The rows past applicant `anchorId` in the order of `terms` (for the rows before it, the
   * terms reversed): each term compared with the anchor's own value, read by its id in a
   * subquery the engine runs once. The first term's bound is stated on its own too, so the
   * engine reads the order's index from the anchor on instead of testing every row.
   */
  const past =
    (terms: OrderTerm[], anchorId: number) => (eb: ExpressionBuilder<Database, 'applicants'>) => {
      const anchors = terms.map(([term]) =>
        eb
          .selectFrom('applicants')
          .select((inner) => sql`${term(inner)}`.as('value'))
          .where('applicants.id', '=', anchorId),
      );
      const beyond = (direction: OrderTerm[1]) => (direction === 'asc' ? '>' : '<');
      const [[first, firstDirection]] = terms as [OrderTerm, ...OrderTerm[]];
      return eb.and([
        eb(first(eb), firstDirection === 'asc' ? '>=' : '<=', anchors[0]!),
        eb.or(
          terms.map(([term, direction], k) =>
            eb.and([
              ...terms.slice(0, k).map(([earlier], i) => eb(earlier(eb), '=', anchors[i]!)),
              eb(term(eb), beyond(direction), anchors[k]!),
            ]),
          ),
        ),
      ]);
    };
  const reversed = (terms: OrderTerm[]): OrderTerm[] =>
    terms.map(([term, direction]) => [term, direction === 'asc' ? 'desc' : 'asc']);

  /** Whether applicant `id` exists (a page's anchor may have been erased meanwhile). */
  const exists = async (id: number) =>
    (await db.selectFrom('applicants').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined;

  /**
   * How many match by the kept counts (kept-counts.ts), or null when the filter is not one they
   * hold (they hold an opening, a stage, or a source alone, within a reach by opening). With
   * `beyond`, only those who applied on the UTC days after (`>`) or before (`<`) that day.
   */
  /** The kept counts' rows per day and stage (as `c`) that `kept` names, of one stage or all. */
  const stageDays = (kept: RawBuilder<SqlBool>, stage: ApplicantStage | undefined) =>
    db
      .selectFrom('reportStageDays as c')
      .where(kept)
      .$if(stage !== undefined, (q) => q.where('c.stage', '=', stage!));

  const keptCount = async (
    filter: PipelineFilter,
    beyond?: { side: '>' | '<'; day: string },
  ): Promise<number | null> => {
    const kept =
      searchWords(filter.q).length === 0 && filter.doesNotMeet === undefined
        ? keptOpenings(db, filter.reach, filter.jobId ?? null)
        : null;
    if (!kept) return null;
    const sum = sql<number>`coalesce(sum(c.applicants), 0)`.as('n');
    if (filter.source === undefined) {
      const row = await stageDays(kept, filter.stage)
        .$if(beyond !== undefined, (q) => q.where('c.day', beyond!.side, beyond!.day))
        .select(sum)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }
    // A source alone: a source's key is its name ('' for none, which no filter names).
    if (filter.stage === undefined && filter.source) {
      const row = await db
        .selectFrom('reportFunnelDays as c')
        .where(kept)
        .where('c.sourceKey', '=', filter.source)
        .$if(beyond !== undefined, (q) => q.where('c.day', beyond!.side, beyond!.day))
        .select(sum)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }
    return null;
  };

  /** How many match: kept, else counted up to `cap` (COUNT_CAP unless said). */
  const countOf = async (
    filter: PipelineFilter,
    cap = COUNT_CAP,
  ): Promise<{ total: number; atLeast: boolean }> => {
    const kept = await keptCount(filter);
    if (kept !== null) return { total: kept, atLeast: false };
    const row = await db
      .selectFrom(
        filtered(filter)
          .select('applicants.id')
          .$if(Number.isFinite(cap), (q) => q.limit(cap + 1))
          .as('m'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const n = Number(row.n);
    return { total: Math.min(n, cap), atLeast: n > cap };
  };

  /**
   * How many come before applicant `id` in the list (its place, less one). In applied order
   * with a filter the kept counts hold: the kept count of the days before the applicant's (in
   * the list's direction), and those of its own day counted; otherwise counted through the
   * order's index, a count that grows with the place.
   */
  const countBefore = async (
    filter: PipelineFilter,
    sort: ApplicantSort,
    { id, appliedOn }: { id: number; appliedOn: Date | string },
  ): Promise<number> => {
    const terms = orderTerms(sort);
    const before = filtered(filter)
      .where(past(reversed(terms), id))
      .select((eb) => eb.fn.countAll<number>().as('n'));
    if (sort.replace(/^-/, '') === 'applied') {
      // The kept counts' day: the UTC day of the applied instant (report-aggregates.ts).
      const day = toIso(appliedOn).slice(0, 10);
      const newestFirst = sort.startsWith('-');
      const days = await keptCount(filter, { side: newestFirst ? '>' : '<', day });
      if (days !== null) {
        const nextDay = new Date(Date.parse(dayStart(day)) + DAY_MS).toISOString().slice(0, 10);
        const sameDay = await before
          .where('applicants.appliedOn', '>=', dayStart(day))
          .where('applicants.appliedOn', '<', dayStart(nextDay))
          .executeTakeFirstOrThrow();
        return days + Number(sameDay.n);
      }
    }
    return Number((await before.executeTakeFirstOrThrow()).n);
  };

  /**
   * How many of an opening's applicants (within `reach`) are in each stage, or in `stage`: from
   * the kept counts, else counted. Only stages someone is in.
   */
  const stageCounts = async (
    jobId: number,
    reach: Reach,
    stage?: ApplicantStage,
  ): Promise<Map<ApplicantStage, number>> => {
    const kept = keptOpenings(db, reach, jobId);
    const rows = kept
      ? await stageDays(kept, stage)
          .select(['c.stage as stage', sql<number>`sum(c.applicants)`.as('n')])
          .groupBy('c.stage')
          .execute()
      : await filtered({ jobId, stage, reach })
          .select(['applicants.currentStage as stage', sql<number>`count(*)`.as('n')])
          .groupBy('applicants.currentStage')
          .execute();
    return new Map(
      rows.filter((row) => Number(row.n) > 0).map((row) => [asStage(row.stage), Number(row.n)]),
    );
  };

  type Row = Awaited<ReturnType<ReturnType<typeof columns>['execute']>>[number];
  const toApplicant = ({ sourceName, sourceVia, arrival, ...row }: Row): PipelineApplicant => ({
    ...toApplicantView(row),
    source: sourceName && isVia(sourceVia) ? { name: sourceName, via: sourceVia } : null,
    arrival: arrivalOf(arrival),
    jobId: row.jobId,
    jobCode: row.jobCode,
    jobTitle: row.jobTitle,
    stage: asStage(String(row.stage)),
    attachmentKind: row.attachmentKind,
    rejectionReason: row.rejectionReason ?? null,
  });

  // The stage history and notes are their own module, composed in: a name both used would be a
  // compile error, not one silently winning.
  return composed(
    {
      /**
       * One page of the matches in the list's order (newest first unless sorted), and how many
       * match: the page after or before an applicant (`from`, the pager's links) read from that
       * row on through the order's index, else page `page` (the rows before it skipped).
       */
      async search(
        filter: PipelineFilter,
        page: number,
        pageSize: number,
        sort?: ApplicantSort,
        from: { after?: number | undefined; before?: number | undefined } = {},
      ): Promise<{ items: PipelineApplicant[]; total: number; atLeast: boolean }> {
        const terms = orderTerms(sort);
        const anchor = from.after ?? from.before;
        const rows =
          anchor !== undefined && (await exists(anchor))
            ? from.after !== undefined
              ? await inOrder(terms)(columns(filter))
                  .where(past(terms, anchor))
                  .limit(pageSize)
                  .execute()
              : (
                  await inOrder(reversed(terms))(columns(filter))
                    .where(past(reversed(terms), anchor))
                    .limit(pageSize)
                    .execute()
                ).reverse()
            : await inOrder(terms)(columns(filter))
                .limit(pageSize)
                .offset((page - 1) * pageSize)
                .execute();
        return { items: rows.map(toApplicant), ...(await countOf(filter)) };
      },

      /** The first `limit` matches' ids and stages, in the list's order (a bulk selection). */
      async ids(
        filter: PipelineFilter,
        limit: number,
      ): Promise<{ items: { applicantId: number; stage: ApplicantStage }[]; total: number }> {
        const { total } = await countOf(filter);
        const rows = await filtered(filter)
          .select((eb) => ['applicants.id', currentStage(eb).as('stage')])
          .orderBy('applicants.appliedOn', 'desc')
          .orderBy('applicants.id', 'desc')
          .limit(limit)
          .execute();
        return {
          items: rows.map((row) => ({ applicantId: row.id, stage: asStage(String(row.stage)) })),
          total,
        };
      },

      /** Every match, oldest first. */
      async all(filter: PipelineFilter): Promise<PipelineApplicant[]> {
        const rows = await columns(filter)
          .orderBy('applicants.appliedOn', 'asc')
          .orderBy('applicants.id', 'asc')
          .execute();
        return rows.map(toApplicant);
      },

      /**
       * What an export of the matches reads (the CSV): how many match now, and where they
       * start and end. It reads up to the highest id among them, so the count its audit row
       * gives is what it holds (fewer only if some are erased meanwhile).
       */
      async exportRange(filter: PipelineFilter): Promise<ExportRange> {
        const row = await filtered(filter)
          .select((eb) => [
            eb.fn.countAll<number>().as('n'),
            eb.fn.max('applicants.id').as('last'),
            eb.fn.min('applicants.appliedOn').as('first'),
          ])
          .executeTakeFirstOrThrow();
        return {
          count: Number(row.n),
          lastId: Number(row.last ?? 0),
          firstAppliedOn: row.first === null ? null : storedInstant(row.first),
        };
      },

      /**
       * The matches of `range`, oldest first as `all` answers them, `pageSize` at a time (the
       * CSV export): each page its own short read from the last one's (applied, id), which the
       * applied-on index answers in order, so memory holds one page and no read sorts or holds
       * the table, whatever the total.
       */
      async *pages(
        filter: PipelineFilter,
        range: ExportRange,
        pageSize = EXPORT_PAGE,
      ): AsyncGenerator<PipelineApplicant[]> {
        if (range.firstAppliedOn === null) return;
        // The first page starts at the earliest too: a read without a bound sorts every match.
        let after = { appliedOn: range.firstAppliedOn, id: 0 };
        for (;;) {
          const rows = await columns(filter)
            .where('applicants.id', '<=', range.lastId)
            // The bound the applied-on index starts from; then past the last row's id.
            .where('applicants.appliedOn', '>=', after.appliedOn)
            .where((eb) =>
              eb.or([
                eb('applicants.appliedOn', '>', after.appliedOn),
                eb('applicants.id', '>', after.id),
              ]),
            )
            .orderBy('applicants.appliedOn', 'asc')
            .orderBy('applicants.id', 'asc')
            .limit(pageSize)
            .execute();
          if (rows.length > 0) yield rows.map(toApplicant);
          if (rows.length < pageSize) return;
          const last = rows[rows.length - 1]!;
          after = { appliedOn: storedInstant(last.appliedOn), id: last.id };
        }
      },

      /**
       * An opening's board: per stage, how many applicants it holds and one page of them (newest
       * first); `stage` limits the answer to that column (its "Show more").
       */
      async board(
        jobId: number,
        page: number,
        pageSize: number,
        reach: Reach,
        stage?: ApplicantStage,
      ): Promise<{ stage: ApplicantStage; count: number; items: PipelineApplicant[] }[]> {
        // The columns' counts from the kept counts; each column's page of ids straight from the
        // opening's stage index (newest first), all in one statement; then only those rows in full.
        const counts = await stageCounts(jobId, reach, stage);
        const pages = [...counts.keys()].map((column, index) =>
          db
            .selectFrom(
              filtered({ jobId, stage: column, reach })
                .select('applicants.id')
                .orderBy('applicants.appliedOn', 'desc')
                .orderBy('applicants.id', 'desc')
                .limit(pageSize)
                .offset((page - 1) * pageSize)
                .as(`s${index}`),
            )
            .select(`s${index}.id`),
        );
        const ids =
          pages.length === 0
            ? []
            : (
                await pages
                  .slice(1)
                  .reduce((all, next) => all.unionAll(next), pages[0]!)
                  .execute()
              ).map((row) => row.id);
        const rows =
          ids.length === 0
            ? []
            : await columns({ jobId, stage, reach })
                .where('applicants.id', 'in', ids)
                .orderBy('applicants.appliedOn', 'desc')
                .orderBy('applicants.id', 'desc')
                .execute();
        const cards = rows.map(toApplicant);
        return [...counts].map(([column, count]) => ({
          stage: column,
          count,
          items: cards.filter((card) => card.stage === column),
        }));
      },

      /**
       * One column's next cards: those after applicant `after` in the board's order (newest
       * first), and the column's count. Without that applicant (erased meanwhile) the column starts
       * again from its first card; the page keeps each card once.
       */
      async boardAfter(
        jobId: number,
        stage: ApplicantStage,
        after: number,
        pageSize: number,
        reach: Reach,
      ): Promise<{ stage: ApplicantStage; count: number; items: PipelineApplicant[] }[]> {
        const anchor = await db
          .selectFrom('applicants')
          .select(['appliedOn', 'id'])
          .where('id', '=', after)
          .where('jobId', '=', jobId)
          .executeTakeFirst();
        const count = (await stageCounts(jobId, reach, stage)).get(stage) ?? 0;
        const rows = await columns({ jobId, stage, reach })
          .$if(anchor !== undefined, (query) =>
            query.where((eb) =>
              eb.or([
                eb('applicants.appliedOn', '<', anchor!.appliedOn),
                eb.and([
                  eb('applicants.appliedOn', '=', anchor!.appliedOn),
                  eb('applicants.id', '<', anchor!.id),
                ]),
              ]),
            ),
          )
          .orderBy('applicants.appliedOn', 'desc')
          .orderBy('applicants.id', 'desc')
          .limit(pageSize)
          .execute();
        return [{ stage, count, items: rows.map(toApplicant) }];
      },

      /**
       * The applicants either side of `id` in the list as filtered and sorted (ids only), its
       * 1-based place (0 when it is not in the list) and the list's length.
       */
      async neighbours(
        filter: PipelineFilter,
        sort: ApplicantSort | undefined,
        id: number,
      ): Promise<{
        previous: number | null;
        next: number | null;
        position: number;
        total: number;
      }> {
        // Three reads through the order's index from the applicant's row (the one before, the one
        // after, how many come before it) and the count; not a window over every match.
        const terms = orderTerms(sort);
        const ids = () => filtered(filter).select('applicants.id');
        const inList = await filtered(filter)
          .select(['applicants.id', 'applicants.appliedOn'])
          .where('applicants.id', '=', id)
          .executeTakeFirst();
        // Exact, however many: a place "of more than 10,000" would say little.
        const { total } = await countOf(filter, Infinity);
        if (!inList) return { previous: null, next: null, position: 0, total };
        const next = await inOrder(terms)(ids()).where(past(terms, id)).limit(1).executeTakeFirst();
        const previous = await inOrder(reversed(terms))(ids())
          .where(past(reversed(terms), id))
          .limit(1)
          .executeTakeFirst();
        return {
          previous: previous?.id ?? null,
          next: next?.id ?? null,
          position: (await countBefore(filter, sort ?? DEFAULT_APPLICANT_SORT, inList)) + 1,
          total,
        };
      },

      /** The applicant, if it is within `reach` (out of reach is as missing). */
      async find(id: number, reach: Reach): Promise<PipelineApplicant | undefined> {
        const row = await columns({ reach }).where('applicants.id', '=', id).executeTakeFirst();
        return row && toApplicant(row);
      },

      /** The resume's applicant, for a link that names only the resume. */
      async applicantOfAttachment(guid: string): Promise<number | undefined> {
        const row = await db
          .selectFrom('attachments')
          .select('applicantId')
          .where('id', '=', guid)
          .where('replyId', 'is', null)
          .executeTakeFirst();
        return row?.applicantId;
      },
    },
    pipelineRecords(db),
  );
}

export type PipelineRepository = ReturnType<typeof pipelineRepository>;
