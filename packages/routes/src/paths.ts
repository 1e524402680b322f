import { routeDef, routeIds, routes, type RouteId } from './routes.ts';

export type Query = Record<string, string | number | undefined>;

/** A path the site answers: its route, and the `:id` when the route has one. */
export interface RouteMatch {
  id: RouteId;
  param?: string;
}

const JOB_PATH = /^\/careers\/jobs\/(\d{1,9})(?:\/(apply|applied))?$/;
/** The routes with an opening's number in their path, by the path's last part. */
const JOB_ROUTES = { '': 'job', apply: 'jobApply', applied: 'jobApplied' } as const;
/** The routes whose path has an opening's number (`:id`): the page, its form, its thank-you. */
export const openingRouteIds: readonly RouteId[] = Object.values(JOB_ROUTES);

/**
 * The one spelling of an in-site path: lower case, no trailing '/' (except '/' itself), no
 * repeated '/'. The server answers other spellings of a route with a 301 to this one; the
 * browser matches with it, as the old hash router did.
 */
export function normalisePath(pathname: string): string {
  const path = `/${pathname}`.replace(/\/{2,}/g, '/').toLowerCase();
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/** The applicant's own pages: `/applications` (ask for the links) and everything under it. */
const APPLICANT_PATH = /^\/applications(?:\/.*)?$/;
/**
 * The routes made per request for one person, at paths with their secret in them: only their
 * own server routes answer them (routes/applicant-page.ts); no loop over the table does.
 */
export const applicantRouteIds: readonly RouteId[] = ['applicant'];
/** The routes no generic loop over the table serves: an opening's pages, an applicant's. */
export const paramRouteIds: readonly RouteId[] = [...openingRouteIds, ...applicantRouteIds];

/** The route at exactly this (normalised) path, or undefined. */
export function matchPath(pathname: string): RouteMatch | undefined {
  const job = JOB_PATH.exec(pathname);
  if (job) return { id: JOB_ROUTES[(job[2] ?? '') as keyof typeof JOB_ROUTES], param: job[1] };
  // The token is not kept: a path is matched lower-cased, and the page has its data.
  if (APPLICANT_PATH.test(pathname)) return { id: 'applicant' };
  const id = routeIds.find(
    (other) => !paramRouteIds.includes(other) && routes[other].path === pathname,
  );
  return id ? { id } : undefined;
}

/** The route of any spelling of a path ('/About/' is about). */
export function routeForPath(pathname: string): RouteMatch | undefined {
  return matchPath(normalisePath(pathname));
}

/**
 * The job alerts' pages (docs/careers.md, "Job alerts"): each answers a form's post or a mail's
 * link (`?token=`), so a plain GET of the path alone is the bare form or "this link does not
 * work"; they are never indexed and never cached.
 */
export const alertRouteIds: readonly RouteId[] = ['alerts', 'alertConfirm', 'alertUnsubscribe'];

/**
 * The routes answered by their own server routes and proven by their own specs: an opening's
 * pages, an applicant's, the job alerts'. No generic loop over the table serves or walks them.
 */
export const dedicatedRouteIds: readonly RouteId[] = [...paramRouteIds, ...alertRouteIds];

/**
 * The careers list as an Atom feed (docs/careers.md, "The feed"), filtered by the same query as
 * the careers page; the page names it in a `<link rel="alternate">`.
 */
export const FEED_PATH = '/careers/feed.atom';

/** An opening's page. */
export const jobPath = (jobId: number | string) => `/careers/jobs/${jobId}`;

/** An opening's apply form (a page that works without scripts), where it also posts. */
export const jobApplyPath = (jobId: number | string) => `${jobPath(jobId)}/apply`;

/** Where a stored application from the form lands (post/redirect/get). */
export const jobAppliedPath = (jobId: number | string) => `${jobPath(jobId)}/applied`;

/** The applicant's page without a token: the form that mails their links again. */
export const APPLICANT_LINKS_PATH = '/applications';
/** A status link's page (the server's `statusPageUrl` is its absolute form). */
export const applicantPagePath = (token: string) => `${APPLICANT_LINKS_PATH}/${token}`;
/** What a status page offers, each at its own path under it (GET: its confirmation or file). */
export const APPLICANT_ACTIONS = [
  'withdraw',
  'erase',
  'data.json',
  'resume',
  'new-resume',
  // POST only: an answer to the recruiters, from the page's thread.
  'reply',
] as const;
export type ApplicantAction = (typeof APPLICANT_ACTIONS)[number];
/** An action's path under a status page's path (`applicantPagePath`). */
export const applicantActionPath = (page: string, action: ApplicantAction) => `${page}/${action}`;
/** An interview's booking page under a status page's path (POST books); `/cancel` cancels. */
export const applicantInterviewPath = (page: string, interviewId: number, cancel = false) =>
  `${page}/interviews/${interviewId}${cancel ? '/cancel' : ''}`;
/** An "erase my data" link from its mail: GET shows the confirmation, POST erases. */
export const eraseConfirmPath = (token: string) => `${APPLICANT_LINKS_PATH}/erase/${token}`;

/** The in-site URL of a route, with an optional query ('/careers?x=1'). */
export function routePath(id: RouteId, query?: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${routes[id].path}?${qs}` : routes[id].path;
}

/**
 * The home page's 'Tell me' form without scripts: `GET /tell-me?to=<route id>` answers 303 to
 * that route's page (an unknown id: the home page).
 */
export const TELL_ME_PATH = '/tell-me';

/** Where the 'Tell me' form's answer is: the route named by `to`, or home. */
export function tellMeTarget(to: string | undefined): string {
  const id = routeIds.find((candidate) => candidate === to);
  return id && routes[id].render !== 'browser' ? routes[id].path : routes.home.path;
}

/** The route a page is known by: its canonical page (section routes, /dashboard), or itself. */
export function canonicalRoute(id: RouteId): RouteId {
  return (routeDef(id).canonical as RouteId | undefined) ?? id;
}

/**
 * The path an old job link names: `/jobs?JobID=N[&PageFrom=careers]` is the opening's page;
 * undefined when the query names no opening (the job screen then uses the session's).
 */
export function jobPathFromQuery(search: string): string | undefined {
  const value = new URLSearchParams(search).get('JobID')?.trim();
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? jobPath(Number(value)) : undefined;
}

/**
 * Where an old hash link lands: '#/about', '#about', '#/careers/', '#services/cloudbi',
 * '#/about/founders', '#/jobs?JobID=N&PageFrom=careers' are the paths of their routes. A hash
 * that names no route ('#main-content', a section id) is left alone: undefined.
 */
export function pathFromHash(hash: string): string | undefined {
  const value = hash.replace(/^#/, '');
  if (value === '' || value === '/') return undefined;
  const queryAt = value.indexOf('?');
  const rawPath = queryAt < 0 ? value : value.slice(0, queryAt);
  const search = queryAt < 0 ? '' : value.slice(queryAt);
  const match = routeForPath(rawPath);
  if (!match) return undefined;
  if (match.id === 'jobs') return jobPathFromQuery(search) ?? routes.jobs.path;
  if (match.id === 'jobApply') return jobApplyPath(match.param!);
  if (match.id === 'jobApplied') return jobAppliedPath(match.param!);
  if (match.id === 'applicant') return undefined;
  return match.id === 'job' ? jobPath(match.param!) : routes[match.id].path;
}

/**
 * The path a page should be known by: for routes that only scroll to a section, or repeat the
 * home page, the page they belong to; every other page, its own path in its one spelling.
 */
export function canonicalPath(pathname: string): string {
  const match = routeForPath(pathname);
  if (!match) return normalisePath(pathname);
  if (match.id === 'job') return jobPath(match.param!);
  if (match.id === 'jobApply') return jobApplyPath(match.param!);
  if (match.id === 'jobApplied') return jobAppliedPath(match.param!);
  // Never a token in a canonical or Open Graph URL: the page that asks for the links.
  if (match.id === 'applicant') return APPLICANT_LINKS_PATH;
  return routes[canonicalRoute(match.id)].path;
}
