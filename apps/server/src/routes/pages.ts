import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  canonicalPath,
  jobPathFromQuery,
  normalisePath,
  openingRouteIds,
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
import { careerListings, openingState, publicOpeningOf } from '../domains/openings/openings';
import { gonePage, jobPostingJsonLd } from './seo';

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

/** How long, and how many, pages rendered per request are kept (see `renderCached`). */
const RENDERED_TTL_MS = 60_000;
const RENDERED_MAX = 100;

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
 * Every page at its own path (docs/architecture.md): the whole HTML document, rendered at build
 * time (marketing pages) or per request with live data (the careers list, an opening's page),
 * by the web app's own renderer. Other spellings of a path answer 301 to the canonical one.
 */
export const pageRoutes = fp(sitePages, { name: 'site-pages', dependencies: ['xsrf-cookies'] });

async function sitePages(
  app: FastifyInstance,
  { config, pages }: { config: Config; pages: SitePages },
) {
  const { repos } = app;
  const { renderer, assets, built, styles, bootScriptHash } = pages;
  const rendered = new Map<string, { page: RenderedPage; at: number }>();

  /**
   * A page made of live data, rendered once for the same path and data (an opening's age is in
   * its data, so a new minute is new data) and kept for a minute: React's server render of the
   * whole site costs tens of milliseconds, which every visitor would otherwise wait for.
   */
  async function renderCached(url: string, data: PageDataInput | undefined) {
    const key = `${url}\n${JSON.stringify(data ?? {})}`;
    const now = Date.now();
    const hit = rendered.get(key);
    if (hit && now - hit.at < RENDERED_TTL_MS) return hit.page;
    const page = await renderer.renderPage(url, data);
    rendered.delete(key);
    rendered.set(key, { page, at: now });
    // The oldest entry first: Map keeps insertion order.
    if (rendered.size > RENDERED_MAX) rendered.delete(rendered.keys().next().value!);
    return page;
  }

  async function send(request: FastifyRequest, reply: FastifyReply, answer: PageAnswer) {
    const { id, url, status = 200, data, jsonLd, personal = false } = answer;
    const page =
      (id && built[id]) ||
      (personal ? await renderer.renderPage(url, data) : await renderCached(url, data));
    const path = url.split('?')[0]!;
    // The shell's and the screen's rules; the not-found page has the shell's alone.
    const pageStyles = id ? styles.screens[routes[id].screen] : styles.shell;
    const html = renderer.renderDocument({
      page,
      assets,
      styles: pageStyles,
      canonicalUrl: `${publicOrigin(request, config.publicUrl)}${canonicalPath(path)}`,
      data,
      jsonLd,
      // Section routes and /dashboard stay crawlable: their canonical URL names their page.
      noindex: answer.noindex === true || !id || routeDef(id).render === 'browser',
    });
    app.ensureXsrfCookie(request, reply);
    return reply
      .code(status)
      .header('Cache-Control', personal ? 'no-store' : 'no-cache')
      .header('Content-Security-Policy', pageContentSecurityPolicy(pageStyles.hash, bootScriptHash))
      .type('text/html; charset=utf-8')
      .send(html);
  }

  // GET /hr is the server's redirect (routes/site.ts); the old '/jobs' has its own route below.
  for (const id of routeIds.filter(
    (other) => !['hr', 'jobs', 'careers'].includes(other) && !openingRouteIds.includes(other),
  )) {
    const { path } = routes[id];
    app.get(path, { schema: { hide: true } }, (request, reply) =>
      send(request, reply, { id, url: path }),
    );
  }

  // The list with its terms, filtered by the URL's query (?q=&country=&workplace=) on the
  // server so it works with scripts off; the data holds every opening, for the browser's filter.
  app.get(routes.careers.path, { schema: { hide: true } }, async (request, reply) => {
    const now = new Date();
    const openings = await careerListings(repos, now);
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const filters = careerFiltersQuery(parseCareerFilters(query));
    return send(request, reply, {
      id: 'careers',
      url: `${routes.careers.path}${filters}`,
      data: { openings },
    });
  });

  app.get<{ Params: { id: string } }>(
    '/careers/jobs/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const { id } = request.params;
      const now = new Date();
      const base = publicOrigin(request, config.publicUrl);
      reply.header('Cache-Control', 'no-cache');
      const jobId = /^\d{1,9}$/.test(id) ? Number(id) : undefined;
      const visible = jobId === undefined ? undefined : await repos.jobs.findVisible(jobId, now);
      if (!visible) return sendMissingOpening(request, reply, jobId);
      const opening = publicOpeningOf(visible);
      return send(request, reply, {
        id: 'job',
        url: request.url.split('?')[0]!,
        data: { job: opening },
        jsonLd: jobPostingJsonLd(visible, opening.description, base, now),
      });
    },
  );

  async function sendMissingOpening(
    request: FastifyRequest,
    reply: FastifyReply,
    jobId: number | undefined,
  ) {
    // A closed opening is gone (410); one not yet in effect has not been published (404).
    const known = jobId === undefined ? undefined : await repos.jobs.findById(jobId);
    const closed = known !== undefined && openingState(known, new Date()) === 'closed';
    return reply
      .code(closed ? 410 : 404)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(
        gonePage(
          publicOrigin(request, config.publicUrl),
          closed ? 'This opening has closed' : 'There is no such opening here',
        ),
      );
  }
  app.decorate('sendSitePage', send);
  app.decorate('sendMissingOpening', sendMissingOpening);

  // The old client's job link: /jobs?JobID=N[&PageFrom=careers] is the opening's page.
  app.get(routes.jobs.path, { schema: { hide: true } }, async (request, reply) => {
    const search = request.url.slice(routes.jobs.path.length);
    const target = jobPathFromQuery(search);
    if (target) return reply.redirect(target, 301);
    return send(request, reply, { id: 'jobs', url: routes.jobs.path });
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
    return send(request, reply, { id: undefined, url: pathname, status: 404 });
  });
}
