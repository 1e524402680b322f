import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeIds, routes, type RouteId } from '../../../web/src/config/routes';
import type { Config } from '../config';
import type { DbHandle } from '../db/create-db';
import { publicOrigin } from '../lib/public-origin';
import { sanitizeDescription } from '../lib/sanitize-description';
import { createRepositories } from '../repositories';
import type { Job } from '../repositories/jobs-repository';

export const BRAND = 'Lumenfield Technology Partners';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Openings carry no end date; a posting stays valid this long past each crawl (docs/search.md). */
const VALID_FOR_DAYS = 30;
/** The data model has no employment type; every Lumenfield opening is a full-time role. */
const EMPLOYMENT_TYPE = 'FULL_TIME';

/** Marketing routes worth indexing: aliases that only scroll, the job template and /hr are not. */
export const sitemapRouteIds: RouteId[] = routeIds.filter((id) => {
  const route: { screen: string; section?: string } = routes[id];
  return route.section === undefined && !['job', 'hr'].includes(route.screen) && id !== 'dashboard';
});

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => htmlEscapes[ch] ?? ch);
}

/** JSON inside <script type="application/ld+json">: no '<' may close the element early. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

function summary(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

/** 'Chicago, Illinois, USA (hybrid)' -> locality, region, country; 'Remote, USA' -> remote. */
export function jobLocation(location: string) {
  const parts = location
    .replace(/\([^)]*\)/g, '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const country = parts.length > 1 ? parts[parts.length - 1] : undefined;
  if (/^remote\b/i.test(location)) {
    return {
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: country ?? 'Worldwide' },
    };
  }
  const address: Record<string, string> = { '@type': 'PostalAddress' };
  if (parts[0]) address.addressLocality = parts[0];
  if (parts.length > 2 && parts[1]) address.addressRegion = parts[1];
  if (country) address.addressCountry = country;
  return { jobLocation: { '@type': 'Place', address } };
}

export function jobPostingJsonLd(job: Job, descriptionHtml: string, base: string, now: Date) {
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.title,
    description: descriptionHtml,
    identifier: { '@type': 'PropertyValue', name: BRAND, value: job.code },
    datePosted: job.effectiveFrom,
    validThrough: new Date(now.getTime() + VALID_FOR_DAYS * DAY_MS).toISOString(),
    employmentType: EMPLOYMENT_TYPE,
    hiringOrganization: { '@type': 'Organization', name: BRAND, sameAs: `${base}/` },
    ...jobLocation(job.location),
    directApply: true,
    url: `${base}/careers/jobs/${job.id}`,
  };
}

/** The site's hash link that opens one opening, as the careers list links it. */
export const jobAppLink = (id: number) => `/#/jobs?JobID=${id}&PageFrom=careers`;

function jobArticle(job: Job, descriptionHtml: string): string {
  return `<main id="main-content" class="job-static container">
<p class="job-static__back"><a href="/#/careers">All career opportunities</a></p>
<h1>${escapeHtml(job.title)}</h1>
<p class="job-static__meta"><span>${escapeHtml(job.location)}</span> · <span>Job code ${escapeHtml(job.code)}</span></p>
<section aria-label="Job description">
${descriptionHtml}
</section>
<p><a class="button button--primary" href="${jobAppLink(job.id)}">Apply for this job</a></p>
</main>`;
}

function headTags(job: Job, description: string, base: string, jsonLd: string): string {
  const url = `${base}/careers/jobs/${job.id}`;
  const title = `${job.title} | ${BRAND}`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${BRAND}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<script type="application/ld+json">${jsonLd}</script>`,
  ].join('\n    ');
}

/** `text` with `insert` placed before the first `marker` (unchanged when there is none). */
function insertBefore(text: string, marker: string, insert: string): string {
  const at = text.indexOf(marker);
  return at < 0 ? text : text.slice(0, at) + insert + text.slice(at);
}

/** `text` with the first `marker` replaced by `insert`, taken literally. */
function replaceOnce(text: string, marker: string, insert: string): string {
  const at = text.indexOf(marker);
  return at < 0 ? text : text.slice(0, at) + insert + text.slice(at + marker.length);
}

/** Where the built page's root takes a page, after the prerendered header (apps/web). */
const PAGE_MARKER = '<!--page-->';

/**
 * The built page with the opening rendered into it, under the site's header: crawlers and
 * visitors without script read the job at once; with script, /careers/job-boot.js moves the
 * hash router to the job screen. The page's inline script, which fetches the hash route's
 * prerendered HTML, is left out: this page brings its own.
 */
export function renderJobPage(
  job: Job,
  base: string,
  now: Date,
  template: string | undefined,
): string {
  const descriptionHtml = sanitizeDescription(job.descriptionHtml);
  const description = summary(
    `${job.title} in ${job.location}. ${plainText(descriptionHtml)}`.trim(),
  );
  const jsonLd = jsonForScript(jobPostingJsonLd(job, descriptionHtml, base, now));
  const head = headTags(job, description, base, jsonLd);
  const body = jobArticle(job, descriptionHtml);
  if (template) {
    // Content is inserted by slicing, never as a replacement string: a title holding `$'` or
    // `$&` would otherwise be expanded by String.prototype.replace.
    const page = template
      .replace(/<title>[\s\S]*?<\/title>/, '')
      // The page's own description and sharing tags give way to the opening's.
      .replace(/<meta\s+name="description"[^>]*>/, '')
      .replace(/<meta\s+(property="og:|name="twitter:)[^>]*>/g, '')
      .replace(/<script id="first-page">[\s\S]*?<\/script>\s*/, '');
    const withHead = insertBefore(page, '</head>', `    ${head}\n  `);
    // Deferred and placed before the site's module script: it runs first (document order)
    // without holding up the first paint of the job.
    const withBoot = insertBefore(
      withHead,
      '<script type="module"',
      '<script defer src="/careers/job-boot.js"></script>\n    ',
    );
    return withBoot.includes(PAGE_MARKER)
      ? replaceOnce(withBoot, PAGE_MARKER, body)
      : replaceOnce(withBoot, '<div id="root"></div>', `<div id="root">${body}</div>`);
  }
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    ${head}
  </head>
  <body>
${body}
  </body>
</html>`;
}

function gonePage(base: string, heading: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${heading} | ${BRAND}</title>
  </head>
  <body>
    <main>
      <h1>${heading}</h1>
      <p><a href="${escapeHtml(base)}/#/careers">See the career opportunities open now</a></p>
    </main>
  </body>
</html>`;
}

const BOOT_SCRIPT = `// Opens the single-page site's job screen for /careers/jobs/<id> (CSP allows no inline script).
(function () {
  var match = /^\\/careers\\/jobs\\/(\\d+)\\/?$/.exec(location.pathname);
  if (match && !location.hash) {
    history.replaceState(null, '', '#/jobs?JobID=' + match[1] + '&PageFrom=careers');
  }
})();
`;

/** robots.txt, sitemap.xml and the server-rendered, shareable job pages (docs/search.md). */
export async function seoRoutes(
  app: FastifyInstance,
  { config, database }: { config: Config; database: DbHandle },
) {
  const repos = createRepositories(database.db);
  const baseUrl = (request: FastifyRequest) => publicOrigin(request, config.publicUrl);
  const indexFile = path.join(config.staticDir, 'index.html');
  // The built page is read once; without a build the job page is a plain document.
  const template = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /api/',
          'Disallow: /hr',
          '',
          `Sitemap: ${baseUrl(request)}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const base = baseUrl(request);
    const jobs = await repos.jobs.listVisible(new Date());
    const entries = [
      ...sitemapRouteIds.map((id) => {
        const route = routes[id];
        return { loc: route.path === '/' ? `${base}/` : `${base}/#${route.path}` };
      }),
      ...jobs.map((job) => ({
        loc: `${base}/careers/jobs/${job.id}`,
        lastmod: job.updatedAt,
      })),
    ];
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...entries.map(
        (e) =>
          `  <url><loc>${escapeHtml(e.loc)}</loc>${'lastmod' in e ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`,
      ),
      '</urlset>',
      '',
    ].join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .send(xml);
  });

  app.get('/careers/job-boot.js', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(BOOT_SCRIPT),
  );

  app.get<{ Params: { id: string } }>(
    '/careers/jobs/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const { id } = request.params;
      const now = new Date();
      const base = baseUrl(request);
      reply.header('Cache-Control', 'no-cache');
      const found = /^\d{1,9}$/.test(id) ? await repos.jobs.findById(Number(id)) : undefined;
      // Not yet in effect counts as unknown: the opening has not been published.
      if (!found || (found.isOpen && Date.parse(found.effectiveFrom) > now.getTime())) {
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send(gonePage(base, 'There is no such opening here'));
      }
      if (!found.isOpen) {
        return reply
          .code(410)
          .type('text/html; charset=utf-8')
          .send(gonePage(base, 'This opening has closed'));
      }
      app.ensureXsrfCookie(request, reply);
      return reply.type('text/html; charset=utf-8').send(renderJobPage(found, base, now, template));
    },
  );
}
