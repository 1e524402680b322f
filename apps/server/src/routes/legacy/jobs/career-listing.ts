import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  careerListingListSchema,
  searchWords,
  type CareerListing,
} from '@lumenfield/contract';
import { jobTermsOf } from '../../../domains/openings/job-terms';
import { resolvePlace } from '../../../domains/openings/place';
import type { Repositories } from '../../../domains';
import type { SearchableJob } from '../../../domains/openings/jobs-repository';
import { openingsOf } from '../../../domains/openings/job-views';

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** The text of stored (sanitised) description HTML: tags dropped, entities read. */
export function descriptionText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff
          ? String.fromCodePoint(code)
          : ' ';
      }
      return entities[name.toLowerCase()] ?? whole;
    });
}

// Search words change only when an opening does: kept per id and last change.
const wordsCache = new Map<string, string>();
function searchTextOf(job: SearchableJob): string {
  const key = `${job.id}:${job.updatedAt}`;
  let text = wordsCache.get(key);
  if (text === undefined) {
    const words = searchWords(`${job.title} ${job.code} ${descriptionText(job.descriptionHtml)}`);
    text = [...new Set(words)].join(' ');
    if (wordsCache.size > 5_000) wordsCache.clear();
    wordsCache.set(key, text);
  }
  return text;
}

/** The careers page's rows: the public openings list's rows with terms, country and search words. */
export function careerListingsOf(jobs: SearchableJob[], now: Date): CareerListing[] {
  const rows = openingsOf(jobs, now);
  return jobs.map((job, index) => {
    const country = resolvePlace(job.location).country;
    return {
      ...rows[index]!,
      ...jobTermsOf(job),
      CountryValue: country?.value ?? null,
      CountryName: country?.label ?? null,
      SearchText: searchTextOf(job),
    };
  });
}

/** GET /Jobs/CareerListing: what the careers page filters in the browser (docs/careers.md). */
export const careerListingRoutes: FastifyPluginAsyncZod<{ repos: Repositories }> = async (
  app,
  { repos },
) => {
  app.get(
    apiPaths.careerListing,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Open openings with their terms and search words (the careers page)',
        tags: ['careers'],
        response: { 200: careerListingListSchema },
      },
    },
    async (_request, reply) => {
      const now = new Date();
      reply.header('Cache-Control', 'no-cache');
      return careerListingsOf(await repos.jobs.listSearchable(now), now);
    },
  );
};
