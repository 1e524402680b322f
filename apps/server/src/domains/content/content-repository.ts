import crypto from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import { z } from 'zod';
import { placedImages } from '@lumenfield/site-content';
import { toIso, type Db } from '../../db/database';
import type { ContentRevisions } from '../../db/schema.generated';
import { jsonColumn } from '../../db/json-column';
import { writeTransaction } from '../../db/write-transaction';
import { HttpProblem } from '../../lib/http-problem';
import { dataVersionRepository } from '../../db/data-version';
import { auditRepository } from '../audit/audit-repository';
import { contentDiff, type ContentChange } from './content-diff';
import { contentImagesRepository, placedImageLock } from './content-images';

/** A page's content: any JSON document (each page family's schema is its editor's business). */
export type PageContent = z.infer<typeof pageContent>;
const pageContent = z.json();

/** The lock every writer of one page holds, so their changes are judged one after another. */
export const contentPageLock = (pageId: string) => `content-page:${pageId}`;

/** A revision as the history lists it: who and when, no content. */
export interface ContentRevision {
  id: number;
  pageId: string;
  /** Who wrote it (null: the seed). */
  createdBy: number | null;
  createdAt: string;
  /** When a draft was last saved (a published revision no longer changes). */
  updatedAt: string;
  /** A draft's scheduled publish. */
  publishAt: string | null;
  publishedAt: string | null;
  /** Who published it, or scheduled it when `publishAt` is set (null: the seed). */
  publishedBy: number | null;
  /** The revision whose content a restore copied. */
  restoredFromId: number | null;
}

export interface ContentRevisionWithContent extends ContentRevision {
  content: PageContent;
}

/** What visitors see of a page, and the version a node that renders it compares. */
export interface PublishedPage {
  pageId: string;
  revisionId: number;
  version: number;
  content: PageContent;
  publishedAt: string;
}

/**
 * What a publish did: went live (the page's new version, and the content's data version its
 * transaction made, which every node compares), or was scheduled.
 */
export type PublishOutcome =
  | {
      state: 'published';
      revision: ContentRevisionWithContent;
      version: number;
      dataVersion: number;
    }
  | { state: 'scheduled'; revision: ContentRevisionWithContent };

const revisionColumns = [
  'r.id',
  'r.pageId',
  'r.createdBy',
  'r.createdAt',
  'r.updatedAt',
  'r.publishAt',
  'r.publishedAt',
  'r.publishedBy',
  'r.restoredFromId',
] as const;

type Instant = Date | string;
interface RevisionRow {
  id: number;
  pageId: string;
  createdBy: number | null;
  createdAt: Instant;
  updatedAt: Instant;
  publishAt: Instant | null;
  publishedAt: Instant | null;
  publishedBy: number | null;
  restoredFromId: number | null;
}

const orNull = (value: Instant | null) => (value === null ? null : toIso(value));

const toRevision = (row: RevisionRow): ContentRevision => ({
  id: row.id,
  pageId: row.pageId,
  createdBy: row.createdBy,
  createdAt: toIso(row.createdAt),
  updatedAt: toIso(row.updatedAt),
  publishAt: orNull(row.publishAt),
  publishedAt: orNull(row.publishedAt),
  publishedBy: row.publishedBy,
  restoredFromId: row.restoredFromId,
});

const withContent = (row: RevisionRow & { content: string }): ContentRevisionWithContent => ({
  ...toRevision(row),
  content: jsonColumn(pageContent, row.content, null),
});

/** The JSON text stored for `content`; a value JSON cannot hold is refused, not half-kept. */
function stored(content: unknown): string {
  const parsed = pageContent.safeParse(content);
  if (!parsed.success) throw new HttpProblem(400, 'The content is not a JSON document.');
  return JSON.stringify(parsed.data);
}

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

const noPage = (pageId: string) => new HttpProblem(404, `There is no editable page ${pageId}.`);

/**
 * The site's editable content (docs/content-store.md): each page's published revision, its one
 * draft (scheduled or not), the history of what was published, restores, diffs and the draft's
 * preview token. Every write is one transaction holding the page's lock (`contentPageLock`).
 * The only code that touches `content_pages` and `content_revisions`.
 */
export function contentRepository(db: Db) {
  const changePage = <T>(pageId: string, work: (trx: Db) => Promise<T>) =>
    writeTransaction(db, work, [contentPageLock(pageId)]);

  /** The page's row, read under its lock; 404 when the page was never seeded. */
  async function pageRow(trx: Db, pageId: string) {
    const page = await trx
      .selectFrom('contentPages')
      .select(['pageId', 'draftRevisionId'])
      .where('pageId', '=', pageId)
      .executeTakeFirst();
    if (!page) throw noPage(pageId);
    return page;
  }

  /** Stores a revision and makes it its page's live one or its draft (under the page's lock). */
  async function addRevision(
    trx: Db,
    slot: 'published' | 'draft',
    values: Insertable<ContentRevisions>,
  ): Promise<number> {
    const { id } = await trx
      .insertInto('contentRevisions')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('contentPages')
      .set(slot === 'draft' ? { draftRevisionId: id } : { publishedRevisionId: id })
      .where('pageId', '=', values.pageId)
      .execute();
    return id;
  }

  async function revisionById(reader: Db, id: number) {
    const row = await reader
      .selectFrom('contentRevisions as r')
      .select([...revisionColumns, 'r.content'])
      .where('r.id', '=', id)
      .executeTakeFirst();
    return row && withContent(row);
  }

  async function mustRevision(reader: Db, id: number) {
    const revision = await revisionById(reader, id);
    if (!revision) throw new HttpProblem(404, `There is no content revision ${id}.`);
    return revision;
  }

  /** The page's draft goes live (in the caller's transaction, under the page's lock). */
  async function publishDraft(
    trx: Db,
    page: { pageId: string; draftRevisionId: number },
    userId: number | null,
    now: Date,
  ) {
    await trx
      .updateTable('contentRevisions')
      .set({ publishedAt: now.toISOString(), publishedBy: userId, publishAt: null })
      .where('id', '=', page.draftRevisionId)
      .execute();
    // The token previewed the draft that is now live: a new draft wants a new one.
    const updated = await trx
      .updateTable('contentPages')
      .set({
        publishedRevisionId: page.draftRevisionId,
        draftRevisionId: null,
        previewTokenHash: null,
        version: sql<number>`${sql.ref('version')} + 1`,
      })
      .where('pageId', '=', page.pageId)
      .returning('version')
      .executeTakeFirstOrThrow();
    await auditRepository(trx).record(
      {
        actor: userId === null ? { label: null } : { userId },
        action: 'content-publish',
        target: `content ${page.pageId}`,
        detail: `revision ${page.draftRevisionId}, version ${updated.version}`,
      },
      now,
    );
    return {
      state: 'published' as const,
      revision: await mustRevision(trx, page.draftRevisionId),
      version: Number(updated.version),
      // Every node renders its pages again when it reads a newer one (domains/index.ts).
      dataVersion: await dataVersionRepository(trx, 'content').bump(),
    };
  }

  const publishedPages = (pageId?: string) => {
    let query = db
      .selectFrom('contentPages as p')
      .innerJoin('contentRevisions as r', 'r.id', 'p.publishedRevisionId')
      .select(['p.pageId', 'p.version', 'r.id', 'r.content', 'r.publishedAt'])
      .orderBy('p.pageId');
    if (pageId !== undefined) query = query.where('p.pageId', '=', pageId);
    return query.execute().then((rows) =>
      rows.map((row): PublishedPage => ({
        pageId: row.pageId,
        revisionId: row.id,
        version: Number(row.version),
        content: jsonColumn(pageContent, row.content, null),
        // Set on every revision a page names as published.
        publishedAt: toIso(row.publishedAt ?? new Date(0)),
      })),
    );
  };

  return {
    /**
     * Stores each page not stored yet, with `content` as its first revision, published (by no
     * one: the seed). A page whose live revision is still a seed (no person wrote or published
     * it) and whose seed has changed since gets the new seed as a new published revision, so a
     * developer's change to the shipped words reaches every page no editor has taken over;
     * a page an editor published keeps the editor's words. Answers the pages it wrote.
     */
    async seed(
      pages: readonly { pageId: string; content: unknown }[],
      now = new Date(),
    ): Promise<string[]> {
      const ids = pages.map((page) => page.pageId);
      const texts = new Map(pages.map((page) => [page.pageId, stored(page.content)]));
      /** The pages to write: not stored yet, or live on a seed that is not this one. */
      const due = async (reader: Db) => {
        const present = await reader
          .selectFrom('contentPages as p')
          .leftJoin('contentRevisions as r', 'r.id', 'p.publishedRevisionId')
          .select(['p.pageId', 'r.content', 'r.createdBy', 'r.publishedBy'])
          .where('p.pageId', 'in', ids)
          .execute();
        const known = new Map(present.map((row) => [row.pageId, row]));
        return pages.flatMap((page) => {
          const row = known.get(page.pageId);
          const content = texts.get(page.pageId)!;
          if (!row) return [{ pageId: page.pageId, content, stored: false }];
          const seedLive = row.createdBy === null && row.publishedBy === null;
          return seedLive && row.content !== content
            ? [{ pageId: page.pageId, content, stored: true }]
            : [];
        });
      };
      // Every start after the first, with the same seeds, reads and writes nothing more.
      if (ids.length === 0 || (await due(db)).length === 0) return [];
      return writeTransaction(
        db,
        async (trx) => {
          const written = await due(trx);
          const at = now.toISOString();
          for (const { pageId, content, stored: renewed } of written) {
            if (renewed) {
              await trx
                .updateTable('contentPages')
                .set({ version: sql<number>`${sql.ref('version')} + 1` })
                .where('pageId', '=', pageId)
                .execute();
            } else {
              await trx.insertInto('contentPages').values({ pageId, version: 1 }).execute();
            }
            const values = { pageId, content, createdAt: at, updatedAt: at, publishedAt: at };
            await addRevision(trx, 'published', values);
          }
          // A node already running hears of a renewed seed as of any publish.
          if (written.some((page) => page.stored)) {
            await dataVersionRepository(trx, 'content').bump();
          }
          return written.map((page) => page.pageId);
        },
        ids.map(contentPageLock),
      );
    },

    /** What visitors see of the page, or undefined when it is not stored. */
    async published(pageId: string): Promise<PublishedPage | undefined> {
      return (await publishedPages(pageId))[0];
    },

    /** Every page's live content and version, by page id (what the renderer reads at start). */
    publishedAll: (): Promise<PublishedPage[]> => publishedPages(),

    /**
     * Saves the page's draft: a new one, or the one being edited changed in place (a draft is
     * saved many times; only what is published is kept). Saving a scheduled draft unschedules
     * it: what goes live at a time is what was there when it was scheduled, or nothing.
     */
    async saveDraft(
      pageId: string,
      content: unknown,
      userId: number,
      now: Date,
      images: {
        /** The stored images the content places: each is held (placedImageLock) while saving. */
        ids: readonly number[];
        /** Given which of them are stored, refuses the save by throwing. */
        check: (stored: ReadonlySet<number>) => void;
      } = { ids: [], check: () => undefined },
    ): Promise<ContentRevisionWithContent> {
      const text = stored(content);
      const locks = [contentPageLock(pageId), ...images.ids.map(placedImageLock)];
      return writeTransaction(
        db,
        async (trx) => {
          // No deletion can come between: it waits for the image's lock, then finds this draft.
          images.check(await contentImagesRepository(trx).existing(images.ids));
          const page = await pageRow(trx, pageId);
          const at = now.toISOString();
          if (page.draftRevisionId !== null) {
            await trx
              .updateTable('contentRevisions')
              .set({ content: text, updatedAt: at, publishAt: null, publishedBy: null })
              .where('id', '=', page.draftRevisionId)
              .execute();
            return mustRevision(trx, page.draftRevisionId);
          }
          const id = await addRevision(trx, 'draft', {
            pageId,
            content: text,
            createdBy: userId,
            createdAt: at,
            updatedAt: at,
          });
          return mustRevision(trx, id);
        },
        locks,
      );
    },

    /** The page's draft, or undefined when it has none (or is not stored). */
    async draft(pageId: string): Promise<ContentRevisionWithContent | undefined> {
      const page = await db
        .selectFrom('contentPages')
        .select('draftRevisionId')
        .where('pageId', '=', pageId)
        .executeTakeFirst();
      return page?.draftRevisionId ? revisionById(db, page.draftRevisionId) : undefined;
    },

    /**
     * Publishes the page's draft now, or schedules it when `at` is later than `now` (it stays
     * the draft until `publishDue` finds it due). 409 when the page has no draft. `check` is
     * given the draft's content under the page's lock and refuses it by throwing.
     */
    async publish(
      pageId: string,
      userId: number,
      now: Date,
      options: { at?: Date; check?: (content: PageContent) => void } = {},
    ): Promise<PublishOutcome> {
      return changePage(pageId, async (trx) => {
        const page = await pageRow(trx, pageId);
        const draftId = page.draftRevisionId;
        if (draftId === null) throw new HttpProblem(409, `Page ${pageId} has no draft to publish.`);
        // The guards judge the draft as it is published: no save can come between.
        options.check?.((await mustRevision(trx, draftId)).content);
        if (options.at && options.at.getTime() > now.getTime()) {
          // Who scheduled it publishes it: `published_by` is theirs before `published_at` is set.
          await trx
            .updateTable('contentRevisions')
            .set({ publishAt: options.at.toISOString(), publishedBy: userId })
            .where('id', '=', draftId)
            .execute();
          await auditRepository(trx).record(
            {
              actor: { userId },
              action: 'content-schedule',
              target: `content ${pageId}`,
              detail: `revision ${draftId} at ${options.at.toISOString()}`,
            },
            now,
          );
          return { state: 'scheduled', revision: await mustRevision(trx, draftId) };
        }
        return publishDraft(trx, { pageId, draftRevisionId: draftId }, userId, now);
      });
    },

    /**
     * Publishes every scheduled draft due at `now`, each in its own transaction under its
     * page's lock, judged again there: a node that runs this at the same moment as another
     * waits for the other's publish, then finds nothing due. Answers what this call published.
     */
    async publishDue(
      now: Date,
    ): Promise<{ pageId: string; revisionId: number; version: number; dataVersion: number }[]> {
      const at = now.toISOString();
      const candidates = await db
        .selectFrom('contentPages as p')
        .innerJoin('contentRevisions as r', 'r.id', 'p.draftRevisionId')
        .select('p.pageId')
        .where('r.publishAt', 'is not', null)
        .where('r.publishAt', '<=', at)
        .orderBy('p.pageId')
        .execute();
      const done: { pageId: string; revisionId: number; version: number; dataVersion: number }[] =
        [];
      for (const { pageId } of candidates) {
        const published = await changePage(pageId, async (trx) => {
          const due = await trx
            .selectFrom('contentPages as p')
            .innerJoin('contentRevisions as r', 'r.id', 'p.draftRevisionId')
            .select(['r.id', 'r.publishedBy'])
            .where('p.pageId', '=', pageId)
            .where('r.publishAt', 'is not', null)
            .where('r.publishAt', '<=', at)
            .executeTakeFirst();
          if (!due) return undefined;
          return publishDraft(trx, { pageId, draftRevisionId: due.id }, due.publishedBy, now);
        });
        if (published)
          done.push({
            pageId,
            revisionId: published.revision.id,
            version: published.version,
            dataVersion: published.dataVersion,
          });
      }
      return done;
    },

    /**
     * The pages with a revision (published, an earlier one, or the draft) that places image
     * `imageId` (image-placement.ts asks in a transaction holding the image's lock).
     */
    async pagesPlacing(imageId: number): Promise<string[]> {
      // The stored text is stored()'s JSON.stringify: no blank after a key. The pattern only
      // narrows (`:12` also finds `:123`); each content is then read as JSON to be sure.
      const rows = await db
        .selectFrom('contentRevisions')
        .select(['pageId', 'content'])
        .where('content', 'like', `%"imageId":${imageId}%`)
        .execute();
      const pages = rows
        .filter((row) =>
          placedImages(jsonColumn(pageContent, row.content, null)).some(
            (placed) => placed.imageId === imageId,
          ),
        )
        .map((row) => row.pageId);
      return [...new Set(pages)].sort();
    },

    /** Every page's draft, by page id: who and when, no content (the console's list). */
    async drafts(): Promise<Map<string, ContentRevision>> {
      const rows = await db
        .selectFrom('contentPages as p')
        .innerJoin('contentRevisions as r', 'r.id', 'p.draftRevisionId')
        .select(revisionColumns)
        .execute();
      return new Map(rows.map((row) => [row.pageId, toRevision(row)]));
    },

    /** The page's published revisions, newest first: who and when, no content. */
    async revisions(pageId: string): Promise<ContentRevision[]> {
      const rows = await db
        .selectFrom('contentRevisions as r')
        .select(revisionColumns)
        .where('r.pageId', '=', pageId)
        .where('r.publishedAt', 'is not', null)
        .orderBy('r.publishedAt', 'desc')
        .orderBy('r.id', 'desc')
        .execute();
      return rows.map(toRevision);
    },

    /** One revision with its content (published or the draft), or undefined. */
    revision: (id: number): Promise<ContentRevisionWithContent | undefined> => revisionById(db, id),

    /**
     * A new draft of the page whose content is that of its published revision `revisionId`,
     * replacing any draft (and its schedule): the editor previews it, then publishes it.
     */
    async restore(
      pageId: string,
      revisionId: number,
      userId: number,
      now: Date,
    ): Promise<ContentRevisionWithContent> {
      return changePage(pageId, async (trx) => {
        const page = await pageRow(trx, pageId);
        const source = await trx
          .selectFrom('contentRevisions')
          .select(['content'])
          .where('id', '=', revisionId)
          .where('pageId', '=', pageId)
          .where('publishedAt', 'is not', null)
          .executeTakeFirst();
        if (!source)
          throw new HttpProblem(404, `Page ${pageId} has no published revision ${revisionId}.`);
        const at = now.toISOString();
        const id = await addRevision(trx, 'draft', {
          pageId,
          content: source.content,
          createdBy: userId,
          createdAt: at,
          updatedAt: at,
          restoredFromId: revisionId,
        });
        // The draft it replaces was never published: nothing keeps it.
        if (page.draftRevisionId !== null)
          await trx.deleteFrom('contentRevisions').where('id', '=', page.draftRevisionId).execute();
        await auditRepository(trx).record(
          {
            actor: { userId },
            action: 'content-restore',
            target: `content ${pageId}`,
            detail: `revision ${revisionId} as the draft`,
          },
          now,
        );
        return mustRevision(trx, id);
      });
    },

    /** The leaves that differ from revision `leftId` to `rightId` (content-diff.ts). */
    async diff(leftId: number, rightId: number): Promise<ContentChange[]> {
      const [left, right] = await Promise.all([
        mustRevision(db, leftId),
        mustRevision(db, rightId),
      ]);
      return contentDiff(left.content, right.content);
    },

    /**
     * A new preview token for the page's draft: random, 256 bits, base64url; only its SHA-256
     * is stored, replacing the one before (which stops working). Publishing ends it too.
     */
    async createPreviewToken(pageId: string): Promise<string> {
      const token = crypto.randomBytes(32).toString('base64url');
      await changePage(pageId, async (trx) => {
        await pageRow(trx, pageId);
        await trx
          .updateTable('contentPages')
          .set({ previewTokenHash: hashToken(token) })
          .where('pageId', '=', pageId)
          .execute();
      });
      return token;
    },

    /** The page's draft when `token` is its preview token, else undefined. */
    async draftForPreview(
      pageId: string,
      token: string,
    ): Promise<ContentRevisionWithContent | undefined> {
      const page = await db
        .selectFrom('contentPages')
        .select(['previewTokenHash', 'draftRevisionId'])
        .where('pageId', '=', pageId)
        .executeTakeFirst();
      if (!page?.previewTokenHash || page.draftRevisionId === null) return undefined;
      // Compared in constant time, so timing tells nothing of the hash (both 64 hex digits).
      const given = Buffer.from(hashToken(token));
      const kept = Buffer.from(page.previewTokenHash);
      const matches = given.length === kept.length && crypto.timingSafeEqual(given, kept);
      return matches ? revisionById(db, page.draftRevisionId) : undefined;
    },
  };
}

export type ContentRepository = ReturnType<typeof contentRepository>;
