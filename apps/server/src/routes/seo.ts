import type { FastifyInstance } from 'fastify';
import { jobPath, routeIds, routes, type RouteId } from '@lumenfield/routes';
import type { Config } from '../config';
import { publicOrigin } from '../plugins/public-origin';
import type { Place as ContractPlace } from '@lumenfield/contract';
import { countryOf, placesOf, resolvePlace, stateOf } from '../domains/openings/place';
import { BRAND, escapeXml } from '../lib/html-text';
import { xmlSafeStrings } from '../lib/control-characters';
import type { Job, JobTermsFields } from '../domains/openings/jobs-repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Openings carry no end date; a posting stays valid this long past each crawl (docs/search.md). */
const VALID_FOR_DAYS = 30;

/** Pages worth indexing (route policy); each opening's page is listed on its own. */
export const sitemapRouteIds: RouteId[] = routeIds.filter(
  (id) => routes[id].indexed && id !== 'job',
);

/** One place as schema.org's Place: its city, its region (by name when it is a code we know), its country. */
function postalPlace(place: ContractPlace) {
  const address: Record<string, string> = { '@type': 'PostalAddress' };
  if (place.city) address.addressLocality = place.city;
  const region = stateOf(place)?.label ?? place.region;
  if (region && region !== place.city) address.addressRegion = region;
  address.addressCountry = place.country;
  return { '@type': 'Place', address };
}

/** An opening's place from its free text alone, when the text names no country we know. */
function textPlace(location: string) {
  const parts = location
    .replace(/\([^)]*\)/g, '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const address: Record<string, string> = { '@type': 'PostalAddress' };
  if (parts[0]) address.addressLocality = parts[0];
  if (parts.length > 2 && parts[1]) address.addressRegion = parts[1];
  if (parts.length > 1) address.addressCountry = parts[parts.length - 1]!;
  return { '@type': 'Place', address };
}

/**
 * Where the work is, for JobPosting (docs/search.md "The job page"): `jobLocation`, an array with
 * one Place per place of the opening; a remote opening (its workplace type, or "Remote" in the text
 * of an opening written with one free-text place) is also TELECOMMUTE, with one Country per country
 * it may be held from (its remote countries; for an opening written as text, the country it names).
 */
export function jobLocation(
  job: Pick<Job, 'location' | 'locations' | 'workplaceType' | 'remoteCountries'>,
) {
  const places = placesOf(job);
  const jobLocation = places.length > 0 ? places.map(postalPlace) : [textPlace(job.location)];
  const remote =
    job.workplaceType === 'REMOTE' || (job.locations === null && resolvePlace(job.location).remote);
  if (!remote) return { jobLocation };
  const codes =
    job.remoteCountries.length > 0 ? job.remoteCountries : places.map((place) => place.country);
  const countries = [...new Set(codes)].map((code) => ({
    '@type': 'Country',
    name: countryOf(code)?.label ?? code,
  }));
  return {
    // A place only a country ("Remote, USA") says nothing a Country requirement does not.
    ...(places.some((place) => place.city !== '' || place.region !== '') && { jobLocation }),
    jobLocationType: 'TELECOMMUTE',
    applicantLocationRequirements:
      countries.length > 0 ? countries : [{ '@type': 'Country', name: 'Worldwide' }],
  };
}

/** The pay range as schema.org's MonetaryAmount, when the opening publishes one. */
export function baseSalary(job: JobTermsFields) {
  const { payMin, payMax, payCurrency, payPeriod } = job;
  if (payMin === null || payMax === null || payCurrency === null || payPeriod === null) return {};
  return {
    baseSalary: {
      '@type': 'MonetaryAmount',
      currency: payCurrency,
      value: {
        '@type': 'QuantitativeValue',
        minValue: payMin,
        maxValue: payMax,
        unitText: payPeriod,
      },
    },
  };
}

/** schema.org's JobPosting; stored text may predate the write-side cleaning, so made XML-safe. */
export function jobPostingJsonLd(job: Job, descriptionHtml: string, base: string, now: Date) {
  return xmlSafeStrings({
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.title,
    description: descriptionHtml,
    identifier: { '@type': 'PropertyValue', name: BRAND, value: job.code },
    datePosted: job.effectiveFrom,
    validThrough: new Date(now.getTime() + VALID_FOR_DAYS * DAY_MS).toISOString(),
    employmentType: job.employmentType,
    hiringOrganization: { '@type': 'Organization', name: BRAND, sameAs: `${base}/` },
    ...jobLocation(job),
    ...baseSalary(job),
    directApply: true,
    url: `${base}${jobPath(job.id)}`,
  });
}

/** robots.txt and sitemap.xml (docs/search.md). */
export async function seoRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const { repos } = app;

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
          // The recruiters' console is never indexed (docs/recruiters.md).
          'Disallow: /recruiters',
          '',
          `Sitemap: ${publicOrigin(request, config.publicUrl)}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  // IndexNow's key file (docs/search.md): the engine reads it to trust the site's notices.
  const indexNow = config.search.indexNow;
  if (indexNow) {
    app.get(`/${indexNow.key}.txt`, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(indexNow.key),
    );
  }

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const base = publicOrigin(request, config.publicUrl);
    const jobs = await repos.jobs.listVisible(new Date());
    const entries = [
      ...sitemapRouteIds.map((id) => {
        const route = routes[id];
        return { loc: `${base}${route.path}` };
      }),
      ...jobs.map((job) => ({
        loc: `${base}${jobPath(job.id)}`,
        lastmod: job.updatedAt,
      })),
    ];
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...entries.map(
        (e) =>
          `  <url><loc>${escapeXml(e.loc)}</loc>${'lastmod' in e ? `<lastmod>${escapeXml(String(e.lastmod))}</lastmod>` : ''}</url>`,
      ),
      '</urlset>',
      '',
    ].join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .send(xml);
  });
}
