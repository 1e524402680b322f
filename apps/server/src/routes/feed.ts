import type { FastifyInstance } from 'fastify';
import {
  BRAND,
  careerFiltersQuery,
  employmentTypeLabels,
  filterListings,
  hasFilters,
  parseCareerFilters,
  workplaceTypeLabels,
} from '@lumenfield/contract';
import { FEED_PATH, jobPath, routes } from '@lumenfield/routes';
import type { Config } from '../config';
import { escapeXml } from '../lib/html-text';
import { careerListings } from '../domains/openings/openings';
import { minuteOf } from '../plugins/live-answers';
import { publicOrigin } from '../plugins/public-origin';

const FEED_HEADERS = {
  'Content-Type': 'application/atom+xml; charset=utf-8',
  'Cache-Control': 'no-cache',
};

/**
 * `/careers/feed.atom` (docs/careers.md, "The feed"): the openings visible now as Atom 1.0,
 * filtered by the careers page's own query (`?q=&country=&workplace=`), so a closed opening
 * drops out with the next change. Links are absolute on the public origin. Cached like the
 * careers page (plugins/live-answers.ts): made once per data version, origin and filters.
 */
export async function feedRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const { repos } = app;
  app.get(FEED_PATH, { schema: { hide: true }, compress: false }, (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const filters = parseCareerFilters(query);
    const filterQuery = careerFiltersQuery(filters);
    const origin = publicOrigin(request, config.publicUrl);
    return app.sendLive(request, reply, `feed\n${origin}\n${filterQuery}`, async (now) => {
      const [listings, visible] = await Promise.all([
        careerListings(repos, now),
        repos.jobs.listVisible(now),
      ]);
      const updatedOf = new Map(visible.map((job) => [job.id, job.updatedAt]));
      const publishedOf = new Map(visible.map((job) => [job.id, job.effectiveFrom]));
      const shown = filterListings(listings, filters);
      const updated = shown
        .map((job) => updatedOf.get(job.id) ?? minuteOf(now).toISOString())
        .reduce((latest, at) => (at > latest ? at : latest), '');
      // Stored text may predate the write-side cleaning: every value is made XML-safe here.
      const x = escapeXml;
      const entries = shown.map((job) => {
        const url = `${origin}${jobPath(job.id)}`;
        const summary = [
          job.location,
          employmentTypeLabels[job.employmentType],
          workplaceTypeLabels[job.workplaceType],
        ].join(' · ');
        return [
          '  <entry>',
          `    <id>${x(url)}</id>`,
          `    <title>${x(`${job.title} (${job.code})`)}</title>`,
          `    <updated>${x(updatedOf.get(job.id) ?? now.toISOString())}</updated>`,
          `    <published>${x(publishedOf.get(job.id) ?? now.toISOString())}</published>`,
          `    <link rel="alternate" type="text/html" href="${x(url)}"/>`,
          `    <summary type="text">${x(summary)}</summary>`,
          '  </entry>',
        ].join('\n');
      });
      const title = hasFilters(filters)
        ? `Career opportunities at ${BRAND} (filtered)`
        : `Career opportunities at ${BRAND}`;
      const body = [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<feed xmlns="http://www.w3.org/2005/Atom">',
        `  <id>${x(`${origin}${FEED_PATH}${filterQuery}`)}</id>`,
        `  <title>${x(title)}</title>`,
        // With no opening shown, the feed changed when its data did: the minute it was made.
        `  <updated>${x(updated || minuteOf(now).toISOString())}</updated>`,
        `  <author><name>${x(BRAND)}</name></author>`,
        `  <link rel="self" type="application/atom+xml" href="${x(`${origin}${FEED_PATH}${filterQuery}`)}"/>`,
        `  <link rel="alternate" type="text/html" href="${x(`${origin}${routes.careers.path}${filterQuery}`)}"/>`,
        ...entries,
        '</feed>',
        '',
      ].join('\n');
      return { body, headers: FEED_HEADERS };
    });
  });
}
