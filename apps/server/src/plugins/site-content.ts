import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SiteContent } from '@lumenfield/site-content';
import type { Config } from '../config';
import { siteContentSeeds } from '../domains/content/site-content-seeds';
import { runEvery } from './background-run';

/** The published content a node renders its pages with, as of one content version. */
export interface PublishedContent {
  version: number;
  /**
   * What is published where it differs from the seed the build rendered the pages with, by id:
   * empty until an editor publishes, and every page is then the build's own bytes.
   */
  overrides: SiteContent;
}

/**
 * Makes a node's pages of a new published content (routes/pages.ts): run as soon as the node
 * learns of it, with the content it replaces; what it answers is awaited by `settled`.
 */
export type ContentPreparer = (next: PublishedContent, previous: PublishedContent) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    siteContent: {
      /** The published content this node serves: read again when the content version moved. */
      current(): Promise<PublishedContent>;
      /** Registers what makes the pages of a new published content (one preparer: the pages). */
      onNew(preparer: ContentPreparer): void;
      /** Resolves once this node's pages show the newest content it knows of. */
      settled(): Promise<void>;
    };
  }
}

/**
 * The site's published content on this node (docs/content.md, "Pages rendered from the
 * store"). The node follows the content's data version (db/data-version.ts): its own publishes
 * at once, another node's through Redis at once (plugins/live-version.ts) or from the database
 * within a second of the next request. Each new version's content is read once and handed to
 * the pages, which render again what it changed before they answer with it. The same timer on
 * every node publishes the drafts whose time has come; the store publishes each once.
 */
export const siteContent = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    const { repos } = app;
    /** Each seed as the store holds it (JSON), read back as data: what the build rendered. */
    const seeds = new Map(
      siteContentSeeds().map(({ pageId, content }) => [
        pageId,
        JSON.parse(JSON.stringify(content)) as unknown,
      ]),
    );
    let preparer: ContentPreparer | undefined;
    let rendering: Promise<void> = Promise.resolve();

    async function load(version: number): Promise<PublishedContent> {
      const overrides: Record<string, unknown> = {};
      for (const page of await repos.content.publishedAll()) {
        const seed = seeds.get(page.pageId);
        if (seed !== undefined && !isDeepStrictEqual(page.content, seed)) {
          overrides[page.pageId] = page.content;
        }
      }
      return { version, overrides: overrides as SiteContent };
    }

    /** The content of the newest version asked for (undefined until the first request). */
    let latest: Promise<PublishedContent> | undefined;
    let latestVersion = Number.NaN;
    /** The last content read that succeeded, served while the database is away. */
    let previousGood: PublishedContent | undefined;

    /**
     * The content of `version`, read once (first when a page is asked for: the app is built
     * before the database is prepared); from the second on, the pages made again from it begin
     * as soon as it is read.
     */
    function moveTo(version: number): Promise<PublishedContent> {
      if (latest !== undefined && version === latestVersion) return latest;
      latestVersion = version;
      const previous = latest;
      const next = load(version).then(async (loaded) => {
        const before = (await previous?.catch(() => undefined)) ?? previousGood;
        previousGood = loaded;
        if (before && preparer) {
          rendering = preparer(loaded, before).catch((error: unknown) => {
            app.log.error({ err: error }, 'site content: rendering the pages again failed');
          });
        }
        return loaded;
      });
      latest = next;
      // A read that failed (the database away) is tried again by the next request.
      next.catch(() => {
        if (latest === next) {
          latest = previous;
          latestVersion = Number.NaN;
        }
      });
      return next;
    }

    repos.contentVersion.onChange((version) => {
      moveTo(version).catch((error: unknown) =>
        app.log.warn({ err: error }, 'site content: reading the published content failed'),
      );
    });

    app.decorate('siteContent', {
      // The database away: the pages of the last content read are served, not an error (the
      // marketing pages need no database; docs/content.md).
      current: () =>
        repos.contentVersion.current().then(moveTo, async (error: unknown) => {
          if (previousGood) return previousGood;
          throw error;
        }),
      onNew(next: ContentPreparer) {
        preparer = next;
      },
      async settled() {
        await moveTo(await repos.contentVersion.current());
        await rendering;
      },
    });

    // Scheduled publishes: every node looks, the store publishes each once (its page's lock).
    runEvery(
      app,
      config.contentPublishIntervalMs,
      () => repos.content.publishDue(app.now()),
      'scheduled content publish failed',
    );
  },
  { name: 'site-content', dependencies: ['repositories'] },
);
