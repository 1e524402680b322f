import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  canonicalPath,
  jobPathFromQuery,
  normalisePath,
  dedicatedRouteIds,
  routeDef,
  routeForPath,
  routeIds,
  routes,
  TELL_ME_PATH,
  tellMeTarget,
  type PageDataInput,
  type RenderedPage,
  type RouteId,
} from '@lumenfield/routes';
import { careerFiltersQuery, parseCareerFilters } from '@lumenfield/contract';
import {
  contentShownOn,
  PREVIEW_PARAM,
  type ContentId,
  type SiteContent,
} from '@lumenfield/site-content';
import type { Config } from '../config';
import { publicOrigin } from '../plugins/public-origin';
import { pageContentSecurityPolicy } from '../plugins/security-headers';
import type { SitePages } from '../plugins/site-pages';
import {
  careerListings,
  openingState,
  publicOpeningOf,
  similarOpenings,
} from '../domains/openings/openings';
import { jobPostingJsonLd } from './seo';
import { sendStored, storeAnswer, type StoredAnswer } from '../lib/stored-answer';
import { minuteOf } from '../plugins/live-answers';
import { repeatReads, type SentAnswer } from '../plugins/repeat-reads';
import type { PublishedContent } from '../plugins/site-content';

/** An opening that is not shown (closed, scheduled or unknown): answered outside the cache. */
class NotShown extends Error {}

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a path the router does not know: a 301 to its one spelling, or the 404 page. */
    sendNotFoundPage?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
    /** Answers one of the site's pages rendered per request (the apply form: routes/apply-form.ts). */
    sendSitePage: (
      request: FastifyRequest,
      reply: FastifyReply,
      answer: PageAnswer,
    ) => Promise<FastifyReply>;
    /** Answers the page of an opening that is not visible: 410 once closed, else 404. */
    sendMissingOpening: (
      request: FastifyRequest,
      reply: FastifyReply,
      jobId: number | undefined,
    ) => Promise<FastifyReply>;
  }
  interface FastifyRequest {
    /** The stored page this request was answered with, as repeat reads need it (below). */
    storedPage: StoredPage | undefined;
  }
}

/** A page sent as stored bytes: for the origin, of the published content's version, named. */
interface StoredPage {
  origin: string;
  content: number;
  /** A page without live data: its id and the bytes it was sent from (a live page: unset). */
  stat?: { id: RouteId; bytes: Promise<StoredAnswer>; stored: StoredAnswer };
}

/** How many pages rendered per request (the not-found page, by path) are kept. */
const RENDERED_MAX = 100;
/** How many origins' stored pages are kept (PUBLIC_URL unset: each Host is an origin). */
const STORED_ORIGINS_MAX = 8;

export interface PageAnswer {
  id: RouteId | undefined;
  /** The path and query the page is rendered at. */
  url: string;
  status?: number;
  data?: PageDataInput;
  jsonLd?: unknown;
  /** Rendered for this request alone and never kept: a page with what a visitor typed. */
  personal?: boolean;
  /** Kept out of search engines (a form, a thank-you page). */
  noindex?: boolean;
}

/**
 * (Registered on the app itself, not encapsulated: the not-found handler uses its page.)
 * Every page at its own path (docs/architecture.md): the whole HTML document, stored at build
 * time (marketing pages) or made with live data (the careers list, an opening's page) once per
 * change of the openings, by the web app's own renderer, and sent as stored bytes
 * (docs/performance.md). Other spellings of a path answer 301 to the canonical one.
 */
export const pageRoutes = fp(sitePages, {
  name: 'site-pages',
  dependencies: ['xsrf-cookies', 'live-answers', 'site-content'],
});

/** What of the published content a route's page shows, or undefined: it shows the seeds. */
function shownContent(id: RouteId | undefined, overrides: SiteContent): SiteContent | undefined {
  const shown: Record<string, unknown> = {};
  for (const contentId of contentShownOn(id)) {
    if (overrides[contentId] !== undefined) shown[contentId] = overrides[contentId];
  }
  return Object.keys(shown).length > 0 ? (shown as SiteContent) : undefined;
}

/** The content whose published form differs between two published contents. */
function changedContent(before: SiteContent, after: SiteContent): Set<ContentId> {
  const ids = new Set([...Object.keys(before), ...Object.keys(after)] as ContentId[]);
  return new Set([...ids].filter((id) => !isDeepStrictEqual(before[id], after[id])));
}

async function sitePages(
  app: FastifyInstance,
  { config, pages }: { config: Config; pages: SitePages },
) {
  const { repos } = app;
  const { renderer, assets, built, styles, bootScriptHash } = pages;
  /** The not-found page by path, of the content `published` (cleared when it changes). */
  const rendered = new Map<string, RenderedPage>();
  /** The published content the stored documents and the rendered pages show (read when ready). */
  let published: PublishedContent = { version: Number.NaN, overrides: {} };
  /** By origin, then route: the documents of `published` as the bytes they are sent as. */
  let stored = new Map<string, Map<RouteId, Promise<StoredAnswer>>>();

  /** The not-found page, rendered once per path (the 100 latest kept). */
  async function renderCached(url: string, data: PageDataInput | undefined) {
    const hit = rendered.get(url);
    if (hit) return hit;
    const page = await renderer.renderPage(url, data);
    rendered.set(url, page);
    // The oldest entry first: Map keeps insertion order.
    if (rendered.size > RENDERED_MAX) rendered.delete(rendered.keys().next().value!);
    return page;
  }

  /**
   * A page's whole document: the route's page (built, or rendered now) in its frame, showing
   * the published content `content` (docs/content.md, "Pages rendered from the store"): the
   * build's page when the page shows none of its edits, else rendered with the edits it shows
   * (in its data, which the browser's code reads too).
   */
  async function documentOf(
    answer: PageAnswer,
    origin: string,
    overrides: SiteContent = published.overrides,
  ) {
    const { id, url, jsonLd } = answer;
    const shown = shownContent(id, overrides);
    const data = shown ? { ...answer.data, content: shown } : answer.data;
    const page =
      id === undefined
        ? await renderCached(url, data)
        : ((shown ? undefined : built[id]) ?? (await renderer.renderPage(url, data)));
    const path = url.split('?')[0]!;
    return renderer.renderDocument({
      page,
      assets,
      styles: stylesOf(id),
      canonicalUrl: `${origin}${canonicalPath(path)}`,
      data,
      jsonLd,
      // Section routes and /dashboard stay crawlable: their canonical URL names their page.
      noindex: answer.noindex === true || !id || routeDef(id).render === 'browser',
    });
  }

  /** A page with no live data as stored bytes, made of `content`, dropped if making it fails. */
  function makeStatic(
    byId: Map<RouteId, Promise<StoredAnswer>>,
    id: RouteId,
    origin: string,
    content: PublishedContent,
  ): Promise<StoredAnswer> {
    const made = documentOf({ id, url: routes[id].path }, origin, content.overrides).then((html) =>
      storeAnswer(html),
    );
    made.catch(() => {
      if (byId.get(id) === made) byId.delete(id);
    });
    byId.set(id, made);
    return made;
  }

  // A publish (on this node or another): every stored page that shows what changed is made
  // again now, before a visitor asks for it; the others keep their bytes. The publish's answer
  // waits for this on its own node (siteContent.settled).
  app.siteContent.onNew(async (next, previous) => {
    const changed = changedContent(previous.overrides, next.overrides);
    const shows = (id: RouteId) => contentShownOn(id).some((each) => changed.has(each));
    const renders: Promise<StoredAnswer>[] = [];
    const fresh = new Map<string, Map<RouteId, Promise<StoredAnswer>>>();
    for (const [origin, byId] of stored) {
      const kept = new Map<RouteId, Promise<StoredAnswer>>();
      for (const [id, answer] of byId) {
        if (shows(id)) renders.push(makeStatic(kept, id, origin, next));
        else kept.set(id, answer);
      }
      fresh.set(origin, kept);
    }
    stored = fresh;
    published = next;
    rendered.clear();
    await Promise.all(renders);
  });

  /**
   * A draft seen at its page's real URL (`?preview=<token>`, docs/content.md): the published
   * content with the draft of the page, or of a block it shows, whose preview token this is;
   * rendered for this request, never stored, kept out of search engines and caches. Any other
   * token shows the page as visitors see it.
   */
  async function sendPreview(
    request: FastifyRequest,
    reply: FastifyReply,
    id: RouteId,
    token: string,
  ): Promise<boolean> {
    for (const contentId of contentShownOn(id)) {
      const draft = await repos.content.draftForPreview(contentId, token);
      if (!draft) continue;
      const content = { ...published.overrides, [contentId]: draft.content } as SiteContent;
      const origin = publicOrigin(request, config.publicUrl);
      const html = await documentOf({ id, url: routes[id].path, noindex: true }, origin, content);
      app.ensureXsrfCookie(request, reply);
      // Not the reply itself: awaited, a reply is a thenable that resolves to nothing.
      reply
        .headers({ ...headersOf(id), 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' })
        .send(html);
      return true;
    }
    return false;
  }

  // The shell's and the screen's rules; the not-found page has the shell's alone.
  const stylesOf = (id: RouteId | undefined) =>
    id ? styles.screens[routes[id].screen] : styles.shell;
  /** A page's headers (its CSP names its stylesheet's hash), made once per page. */
  const headers = new Map<RouteId | undefined, Record<string, string>>();
  const headersOf = (id: RouteId | undefined) => {
    let made = headers.get(id);
    if (!made) {
      made = {
        'Cache-Control': 'no-cache',
        'Content-Security-Policy': pageContentSecurityPolicy(stylesOf(id).hash, bootScriptHash),
        'Content-Type': 'text/html; charset=utf-8',
      };
      headers.set(id, made);
    }
    return made;
  };

  /**
   * A page read again is answered from what the chain sent for its URL (plugins/repeat-reads.ts)
   * while that is still the page this request would get: for its origin, of the content's
   * version known without a read, and the same bytes (a page without live data) or the live
   * answer as it is (the careers list, an opening's page). A preview is never repeated.
   */
  app.decorateRequest('storedPage', undefined);
  const shownNow = (request: FastifyRequest, page: StoredPage) =>
    repos.contentVersion.settled() === page.content &&
    publicOrigin(request, config.publicUrl) === page.origin;
  await app.register(repeatReads, {
    repeatable: (request) => request.method === 'GET' && request.storedPage !== undefined,
    sent: (request): SentAnswer | undefined => {
      const page = request.storedPage;
      if (!page) return undefined;
      if (page.stat) {
        const { id, bytes, stored: sent } = page.stat;
        return {
          stored: sent,
          asItIs: (again) => shownNow(again, page) && stored.get(page.origin)?.get(id) === bytes,
        };
      }
      const live = app.liveAnswerSent(request);
      return (
        live && {
          stored: live.stored,
          asItIs: (again) => shownNow(again, page) && live.asItIs(again),
        }
      );
    },
  });

  // The build's pages, for the origin it was built for, once the content is read (the app is
  // built before the database is prepared, and ready after).
  app.addHook('onReady', async () => {
    published = await app.siteContent.current();
    if (!pages.stored) return;
    const { origin } = pages.stored;
    const byId = new Map<RouteId, Promise<StoredAnswer>>();
    stored.set(origin, byId);
    for (const [id, answer] of Object.entries(pages.stored.pages) as [RouteId, StoredAnswer][]) {
      // The build rendered the seeds: a page showing published edits is made again now.
      if (!shownContent(id, published.overrides)) byId.set(id, Promise.resolve(answer));
      else makeStatic(byId, id, origin, published).catch(() => undefined);
    }
  });

  /**
   * A page with no live data (docs/performance.md, "Prebuilt pages as stored bytes"): the bytes
   * the build stored for its origin, or, for another origin (PUBLIC_URL unset or changed since
   * the build) and for the section routes, the document made on its first request and kept.
   * Only the XSRF cookie, a header, is made per request.
   */
  async function sendStatic(request: FastifyRequest, reply: FastifyReply, id: RouteId) {
    const token = (request.query as Record<string, unknown>)[PREVIEW_PARAM];
    if (typeof token === 'string' && token !== '') {
      if (await sendPreview(request, reply, id, token)) return reply;
    }
    // The content version this node knows is read again at most a second after the last read,
    // and at once when Redis tells of a publish: the pages of a newer content are made first.
    const { version } = await app.siteContent.current();
    const origin = publicOrigin(request, config.publicUrl);
    let byId = stored.get(origin);
    if (!byId) {
      byId = new Map();
      stored.set(origin, byId);
      if (stored.size > STORED_ORIGINS_MAX) stored.delete(stored.keys().next().value!);
    }
    const made = byId.get(id) ?? makeStatic(byId, id, origin, published);
    const bytes = await made;
    if (token === undefined) {
      request.storedPage = { origin, content: version, stat: { id, bytes: made, stored: bytes } };
    }
    app.ensureXsrfCookie(request, reply);
    return sendStored(request, reply, bytes, headersOf(id));
  }

  /**
   * A page made of live data, cached as stored bytes until the openings change (sendLive,
   * plugins/live-answers.ts): rendered once per path, origin and data version.
   */
  async function sendLivePage(
    request: FastifyRequest,
    reply: FastifyReply,
    id: RouteId,
    url: string,
    make: (now: Date) => Promise<Pick<PageAnswer, 'data' | 'jsonLd'>>,
  ) {
    const origin = publicOrigin(request, config.publicUrl);
    // Every page shows the offices (the footer): a publish makes the live pages again too.
    const { version } = await app.siteContent.current();
    request.storedPage = { origin, content: version };
    return app.sendLive(
      request,
      reply,
      `page\n${origin}\n${url}\n${version}`,
      async (now) => {
        const { data, jsonLd } = await make(now);
        const html = await documentOf({ id, url, data, jsonLd }, origin);
        return { body: html, headers: headersOf(id) };
      },
      () => app.ensureXsrfCookie(request, reply),
    );
  }

  /** The not-found page (404), rendered per path. */
  async function sendNotFound(request: FastifyRequest, reply: FastifyReply, url: string) {
    const html = await documentOf({ id: undefined, url }, publicOrigin(request, config.publicUrl));
    app.ensureXsrfCookie(request, reply);
    return reply.code(404).headers(headersOf(undefined)).send(html);
  }

  // GET /hr is the server's redirect (routes/site.ts); the old '/jobs' has its own route below.
  // Stored answers carry their own encodings: the compression plugin stays out (compress).
  // An opening's pages (its page, its apply form, its thank-you) have routes of their own.
  // The job alerts' pages answer posts and links (routes/alert-pages.ts).
  for (const id of routeIds.filter(
    (other) => !['hr', 'jobs', 'careers'].includes(other) && !dedicatedRouteIds.includes(other),
  )) {
    const { path } = routes[id];
    app.get(path, { schema: { hide: true }, compress: false }, (request, reply) =>
      sendStatic(request, reply, id),
    );
  }

  // The list with its terms, filtered by the URL's query (?q=&country=&workplace=) on the
  // server so it works with scripts off; the data holds every opening, for the browser's filter.
  // The openings' ages are as of the minute's start (minuteOf), so the page changes once a
  // minute at most without a write (docs/performance.md).
  app.get(routes.careers.path, { schema: { hide: true }, compress: false }, (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const filters = careerFiltersQuery(parseCareerFilters(query));
    return sendLivePage(
      request,
      reply,
      'careers',
      `${routes.careers.path}${filters}`,
      async (now) => ({
        data: { openings: await careerListings(repos, now, minuteOf(now)) },
      }),
    );
  });

  app.get<{ Params: { id: string } }>(
    '/careers/jobs/:id',
    { schema: { hide: true }, compress: false },
    async (request, reply) => {
      const { id } = request.params;
      const base = publicOrigin(request, config.publicUrl);
      const jobId = /^\d{1,9}$/.test(id) ? Number(id) : undefined;
      try {
        if (jobId === undefined) throw new NotShown();
        return await sendLivePage(
          request,
          reply,
          'job',
          request.url.split('?')[0]!,
          async (now) => {
            const visible = await repos.jobs.findVisible(jobId, now);
            if (!visible) throw new NotShown();
            const opening = publicOpeningOf(visible);
            return {
              data: { job: opening },
              jsonLd: jobPostingJsonLd(visible, opening.description, base, minuteOf(now)),
            };
          },
        );
      } catch (error) {
        if (!(error instanceof NotShown)) throw error;
      }
      return sendMissingOpening(request, reply, jobId);
    },
  );

  async function sendMissingOpening(
    request: FastifyRequest,
    reply: FastifyReply,
    jobId: number | undefined,
  ) {
    const path = request.url.split('?')[0]!;
    const route = jobId === undefined ? undefined : routeForPath(path);
    // Not an opening's address at all (/careers/jobs/abc): the site's not-found page.
    if (jobId === undefined || !route) return sendNotFound(request, reply, path);
    // A closed opening is gone (410); one not yet in effect has not been published (404). Both
    // are the job screen's own page saying so, with no JobPosting data (docs/search.md).
    const now = new Date();
    const known = await repos.jobs.findById(jobId);
    const closed = known !== undefined && openingState(known, now) === 'closed';
    // A closed opening's page names it and offers open ones like it; an unpublished one says
    // nothing of itself (its title is not public yet).
    const missingJob =
      closed && known
        ? {
            id: jobId,
            closed,
            title: known.title,
            similar: await similarOpenings(repos, known, now),
          }
        : { id: jobId, closed };
    return sendSitePage(request, reply, {
      id: route.id,
      url: path,
      status: closed ? 410 : 404,
      data: { missingJob },
      noindex: true,
    });
  }

  /**
   * A page rendered for this request (an opening's apply form, with what was typed; its
   * thank-you page): never cached, personal ones not even by the browser.
   */
  async function sendSitePage(request: FastifyRequest, reply: FastifyReply, answer: PageAnswer) {
    const html = await documentOf(answer, publicOrigin(request, config.publicUrl));
    app.ensureXsrfCookie(request, reply);
    return reply
      .code(answer.status ?? 200)
      .headers({
        ...headersOf(answer.id),
        'Cache-Control': answer.personal ? 'no-store' : 'no-cache',
      })
      .send(html);
  }
  app.decorate('sendSitePage', sendSitePage);
  app.decorate('sendMissingOpening', sendMissingOpening);

  // The old client's job link: /jobs?JobID=N[&PageFrom=careers] is the opening's page.
  app.get(routes.jobs.path, { schema: { hide: true } }, async (request, reply) => {
    const search = request.url.slice(routes.jobs.path.length);
    const target = jobPathFromQuery(search);
    if (target) return reply.redirect(target, 301);
    return sendStatic(request, reply, 'jobs');
  });

  // The home page's 'Tell me' form when no script runs: its choice is a page of the table.
  app.get<{ Querystring: { to?: string } }>(
    TELL_ME_PATH,
    { schema: { hide: true } },
    (request, reply) => {
      const to = typeof request.query.to === 'string' ? request.query.to : undefined;
      return reply.redirect(tellMeTarget(to), 303);
    },
  );

  app.decorate('sendNotFoundPage', async (request: FastifyRequest, reply: FastifyReply) => {
    const [pathname = '/', query] = request.url.split('?');
    const canonical = normalisePath(pathname);
    if (canonical !== pathname && routeForPath(canonical) && canonical !== routes.hr.path) {
      return reply.redirect(`${canonical}${query === undefined ? '' : `?${query}`}`, 301);
    }
    return sendNotFound(request, reply, pathname);
  });
}
