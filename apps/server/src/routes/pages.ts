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
  dependencies: ['xsrf-cookies', 'live-answers'],
});

async function sitePages(
  app: FastifyInstance,
  { config, pages }: { config: Config; pages: SitePages },
) {
  const { repos } = app;
  const { renderer, assets, built, styles, bootScriptHash } = pages;
  const rendered = new Map<string, RenderedPage>();
  /** By origin, then route: the documents as the bytes they are sent as. */
  const stored = new Map<string, Map<RouteId, Promise<StoredAnswer>>>();
  if (pages.stored) {
    const byId = new Map<RouteId, Promise<StoredAnswer>>();
    for (const [id, answer] of Object.entries(pages.stored.pages) as [RouteId, StoredAnswer][]) {
      byId.set(id, Promise.resolve(answer));
    }
    stored.set(pages.stored.origin, byId);
  }

  /** The not-found page, rendered once per path (the 100 latest kept). */
  async function renderCached(url: string) {
    const hit = rendered.get(url);
    if (hit) return hit;
    const page = await renderer.renderPage(url);
    rendered.set(url, page);
    // The oldest entry first: Map keeps insertion order.
    if (rendered.size > RENDERED_MAX) rendered.delete(rendered.keys().next().value!);
    return page;
  }

  /** A page's whole document: the route's page (built, or rendered now) in its frame. */
  async function documentOf(answer: PageAnswer, origin: string) {
    const { id, url, data, jsonLd } = answer;
    const page =
      id === undefined
        ? await renderCached(url)
        : (built[id] ?? (await renderer.renderPage(url, data)));
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
   * A page with no live data (docs/performance.md, "Prebuilt pages as stored bytes"): the bytes
   * the build stored for its origin, or, for another origin (PUBLIC_URL unset or changed since
   * the build) and for the section routes, the document made on its first request and kept.
   * Only the XSRF cookie, a header, is made per request.
   */
  async function sendStatic(request: FastifyRequest, reply: FastifyReply, id: RouteId) {
    const origin = publicOrigin(request, config.publicUrl);
    let byId = stored.get(origin);
    if (!byId) {
      byId = new Map();
      stored.set(origin, byId);
      if (stored.size > STORED_ORIGINS_MAX) stored.delete(stored.keys().next().value!);
    }
    let answer = byId.get(id);
    if (!answer) {
      const path = routes[id].path;
      answer = documentOf({ id, url: path }, origin).then((html) => storeAnswer(html));
      const made = answer;
      made.catch(() => {
        if (byId.get(id) === made) byId.delete(id);
      });
      byId.set(id, made);
    }
    const bytes = await answer;
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
    return app.sendLive(
      request,
      reply,
      `page\n${origin}\n${url}`,
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
