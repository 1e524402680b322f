import type {
  CareerListing,
  OpeningInput,
  OpeningPatch,
  PublicOpening,
  RecruiterOpening,
} from '@lumenfield/contract';
import { DEFAULT_OPENING_TERMS, publicQuestionOf, searchWords } from '@lumenfield/contract';
import { HttpProblem } from '../../lib/http-problem';
import { definedTerms, toJobInput } from './job-input';
import { countryOf, placesOf, resolvePlace } from './place';
import { sanitizeDescription } from './sanitize-description';
import {
  JobCodeInUseError,
  openingState,
  type Job,
  type JobInput,
  type JobWithApplicants,
  type JobTermsFields,
  type JobsRepository,
  type OpeningsFilter,
  type SearchableJob,
} from './jobs-repository';

export { openingState };

// The openings' part of domains/index.ts's repositories (that module imports this domain), and
// the pipeline's count of new applicants (a structural type: pipeline is not below openings).
type OpeningsRepositories = {
  jobs: JobsRepository;
  pipeline: {
    newCounts(): Promise<Map<number, number>>;
    countsOf(
      jobIds: readonly number[],
    ): Promise<Map<number, { applicants: number; fresh: number }>>;
  };
};

/**
 * What a visitor sees of a stored opening. The description is sanitised again on the way out:
 * one stored under an older allow-list or sanitiser meets today's (the output of today's is a
 * fixed point, so this changes nothing else).
 */
export function publicOpeningOf(job: Job): PublicOpening {
  return {
    id: job.id,
    code: job.code,
    title: job.title,
    location: job.location,
    effectiveFrom: job.effectiveFrom,
    recruitmentManagers: job.recruitmentManagers,
    contactPersons: job.contactPersons,
    contactEmails: job.contactEmails,
    description: sanitizeDescription(job.descriptionHtml),
    ...termsOf(job),
    locations: placesOf(job),
    remoteCountries: job.remoteCountries,
    questions: job.questions.map(publicQuestionOf),
  };
}

const termsOf = (job: JobTermsFields): JobTermsFields => ({
  employmentType: job.employmentType,
  workplaceType: job.workplaceType,
  payMin: job.payMin,
  payMax: job.payMax,
  payCurrency: job.payCurrency,
  payPeriod: job.payPeriod,
});

/** A stored opening as recruiters see it: public, its state, its applicants and new ones. */
export function recruiterOpeningOf(
  job: JobWithApplicants,
  newApplicants: number,
  now: Date,
): RecruiterOpening {
  return {
    ...publicOpeningOf(job),
    questions: job.questions,
    isOpen: job.isOpen,
    state: openingState(job, now),
    applicants: job.applicants,
    newApplicants,
  };
}

/**
 * A page of the console's openings list (docs/recruiters.md, "Openings"): the openings `filter`
 * keeps, sorted and paged in SQL, then the applicant counts of this page's openings alone.
 */
export async function recruiterOpeningsPage(
  repos: OpeningsRepositories,
  filter: OpeningsFilter,
  page: number,
  pageSize: number,
  now: Date,
): Promise<{ items: RecruiterOpening[]; total: number }> {
  const { items, total } = await repos.jobs.page(filter, page, pageSize, now);
  const counts = await repos.pipeline.countsOf(items.map((job) => job.id));
  return {
    total,
    items: items.map((job) => {
      const { applicants = 0, fresh = 0 } = counts.get(job.id) ?? {};
      return recruiterOpeningOf({ ...job, applicants }, fresh, now);
    }),
  };
}

/** Every opening, open or closed, newest first, as recruiters see them (the bearer API's). */
export async function recruiterOpenings(
  repos: OpeningsRepositories,
  now: Date,
): Promise<RecruiterOpening[]> {
  const [jobs, counts] = await Promise.all([repos.jobs.listAll(), repos.pipeline.newCounts()]);
  return jobs.map((job) => recruiterOpeningOf(job, counts.get(job.id) ?? 0, now));
}

/** One opening as recruiters see it; 404 when there is none. */
export async function recruiterOpening(
  repos: OpeningsRepositories,
  id: number,
  now: Date,
): Promise<RecruiterOpening> {
  const job = await jobOr404(repos, id);
  const counts = await repos.pipeline.countsOf([id]);
  return recruiterOpeningOf(job, counts.get(id)?.fresh ?? 0, now);
}

const MINUTE_MS = 60_000;

/** Whole days, hours and minutes since `from` (docs/api.md); never negative. */
export function postedAge(from: string, now: Date): CareerListing['posted'] {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(from)) / MINUTE_MS));
  return {
    days: Math.floor(minutes / (24 * 60)),
    hours: Math.floor(minutes / 60),
    minutes,
  };
}

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

/** The openings a visitor may see at `now`, newest first: names and age only (the busiest read). */
export async function visibleOpenings(
  repos: Pick<OpeningsRepositories, 'jobs'>,
  now: Date,
  /** The instant ages are computed at (the cached answers': the minute's start). */
  ageAt: Date = now,
): Promise<Pick<CareerListing, 'id' | 'code' | 'title' | 'location' | 'posted'>[]> {
  const jobs = await repos.jobs.listVisible(now);
  return jobs.map((job) => ({
    id: job.id,
    code: job.code,
    title: job.title,
    location: job.location,
    posted: postedAge(job.effectiveFrom, ageAt),
  }));
}

/** The careers page's rows (docs/careers.md): every opening a visitor may see at `now`. */
export async function careerListings(
  repos: Pick<OpeningsRepositories, 'jobs'>,
  now: Date,
  /** The instant ages are computed at (the cached answers': the minute's start). */
  ageAt: Date = now,
): Promise<CareerListing[]> {
  const jobs = await repos.jobs.listSearchable(now);
  return jobs.map((job) => {
    const codes = [
      ...placesOf(job).map((place) => place.country),
      ...(job.workplaceType === 'REMOTE' ? job.remoteCountries : []),
    ];
    const countries = [...new Set(codes)]
      .map(countryOf)
      .filter((country) => country !== undefined)
      .map((country) => ({ value: country.value, name: country.label }));
    // The first place's country; an opening written as text that names none has none.
    const country = job.locations ? countries[0] : resolvePlace(job.location).country;
    return {
      id: job.id,
      code: job.code,
      title: job.title,
      location: job.location,
      ...termsOf(job),
      posted: postedAge(job.effectiveFrom, ageAt),
      countryValue: country?.value ?? null,
      countryName: (country && ('name' in country ? country.name : country.label)) ?? null,
      countries,
      searchText: searchTextOf(job),
    };
  });
}

/** Stores a new opening (open unless scheduled by effectiveFrom); 409 on a code in use. */
export async function createJob(
  repos: Pick<OpeningsRepositories, 'jobs'>,
  body: OpeningInput,
  now: Date,
): Promise<number> {
  const input = toJobInput(body);
  try {
    return await repos.jobs.create({
      code: input.code ?? '',
      title: input.title ?? '',
      location: input.location ?? '',
      descriptionHtml: input.descriptionHtml ?? '',
      effectiveFrom: input.effectiveFrom ?? now.toISOString(),
      recruitmentManagers: input.recruitmentManagers ?? '',
      contactPersons: input.contactPersons ?? '',
      contactEmails: input.contactEmails ?? '',
      isOpen: true,
      ...DEFAULT_OPENING_TERMS,
      ...definedTerms(input),
      // The lists the body names (places, remote countries, questions), as toJobInput judged them.
      ...(input.locations !== undefined && { locations: input.locations }),
      ...(input.remoteCountries !== undefined && { remoteCountries: input.remoteCountries }),
      ...(input.questions !== undefined && { questions: input.questions }),
    });
  } catch (error) {
    throw codeInUse(error);
  }
}

/**
 * The fields a change really changes, by the opening's own names and sorted: a save that sends
 * a field as it already was does not list it (docs/recruiters.md, "The audit log").
 */
export function changedFields(current: Job, input: Partial<JobInput>): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return Object.entries(input)
    .filter(([key, value]) => {
      if (key === 'effectiveFrom')
        return Date.parse(String(value)) !== Date.parse(current.effectiveFrom);
      return !same(value, current[key as keyof Job]);
    })
    .map(([key]) => (key === 'descriptionHtml' ? 'description' : key))
    .sort();
}

/**
 * Applies a change to an existing opening; 409 on a code in use. Answers the fields it really
 * changed (changedFields).
 */
export async function updateJob(
  repos: Pick<OpeningsRepositories, 'jobs'>,
  current: JobWithApplicants,
  body: OpeningPatch,
): Promise<string[]> {
  const input = toJobInput(body, current);
  const changed = changedFields(current, input);
  if (changed.length === 0) return changed;
  try {
    await repos.jobs.update(current.id, input);
  } catch (error) {
    throw codeInUse(error);
  }
  return changed;
}

function codeInUse(error: unknown): unknown {
  return error instanceof JobCodeInUseError
    ? new HttpProblem(409, `Job code ${error.code} is already in use.`)
    : error;
}

export async function jobOr404(
  repos: Pick<OpeningsRepositories, 'jobs'>,
  id: number,
): Promise<JobWithApplicants> {
  const job = await repos.jobs.findById(id);
  if (!job) throw new HttpProblem(404, `There is no opening with id ${id}.`);
  return job;
}

/** An open opening as a closed one's page names it: a link's text and its place. */
export interface OpeningLink {
  id: number;
  title: string;
  location: string;
}

/** How many open openings a closed opening's page offers in its place. */
export const SIMILAR_OPENINGS = 3;

/**
 * Open openings like a closed one, for its page (docs/search.md): those sharing one of its
 * countries first (a place's, or a remote opening's remote country), then the most recent.
 * Openings have no department, so the country is what makes one like another.
 */
export async function similarOpenings(
  repos: Pick<OpeningsRepositories, 'jobs'>,
  closed: Pick<Job, 'id' | 'location' | 'locations' | 'workplaceType' | 'remoteCountries'>,
  now: Date,
  limit = SIMILAR_OPENINGS,
): Promise<OpeningLink[]> {
  const countries = new Set(
    [
      ...placesOf(closed).map((place) => place.country),
      ...(closed.workplaceType === 'REMOTE' ? closed.remoteCountries : []),
    ]
      .map((code) => countryOf(code)?.value)
      .filter((value) => value !== undefined),
  );
  const open = (await careerListings(repos, now)).filter((listing) => listing.id !== closed.id);
  const shares = (listing: CareerListing) =>
    listing.countries.some((country) => countries.has(country.value));
  const minutes = ({ posted }: CareerListing) =>
    (posted.days * 24 + posted.hours) * 60 + posted.minutes;
  return open
    .map((listing) => ({ listing, shares: shares(listing) }))
    .sort((a, b) => Number(b.shares) - Number(a.shares) || minutes(a.listing) - minutes(b.listing))
    .slice(0, limit)
    .map(({ listing }) => ({ id: listing.id, title: listing.title, location: listing.location }));
}
