/**
 * The site's route table and each route's policy: the one owner of these facts for
 * the web app, the server's page and SEO routes, the browser tests and the benches.
 *
 * - `screen`: the page module that renders the route (every service route renders the one
 *   ServicePage template).
 * - `section`: the id of the section the route brings into view (the spec's pixel offsets
 *   meant these); such a route's canonical page is `canonical`.
 * - `canonical`: the route whose URL this one is known by (section routes, /dashboard).
 * - `render`: `build` (the page's HTML is rendered once, at build time), `request` (rendered per
 *   request with live data), `browser` (an old link's landing screen, drawn in the browser).
 * - `indexed`: listed in the sitemap and open to search engines.
 */
export type ScreenId =
  | 'home'
  | 'about'
  | 'awards'
  | 'contact'
  | 'industry'
  | 'service'
  | 'privacy'
  | 'careers'
  | 'job'
  | 'applicant'
  | 'hr';

export type RenderPolicy = 'build' | 'request' | 'browser';

export interface RouteDef {
  path: string;
  screen: ScreenId;
  /** The screen's own title: its h1 and the first part of the document title. */
  title: string;
  section?: string;
  canonical?: string;
  render: RenderPolicy;
  /**
   * A page rendered per request that, like every page rendered at build time, hydrates only its
   * islands in the browser (docs/architecture.md, "Islands"): its HTML is the page.
   */
  islands?: true;
  indexed: boolean;
}

export const routes = {
  home: {
    path: '/',
    screen: 'home',
    title: 'Technology partners for insurance, legal and enterprise',
    render: 'build',
    indexed: true,
  },
  dashboard: {
    path: '/dashboard',
    screen: 'home',
    title: 'Technology partners for insurance, legal and enterprise',
    canonical: 'home',
    render: 'build',
    indexed: false,
  },
  header: {
    path: '/header',
    screen: 'home',
    title: 'Technology partners for insurance, legal and enterprise',
    section: 'site-header',
    canonical: 'home',
    render: 'build',
    indexed: false,
  },
  footer: {
    path: '/footer',
    screen: 'home',
    title: 'Technology partners for insurance, legal and enterprise',
    section: 'site-footer',
    canonical: 'home',
    render: 'build',
    indexed: false,
  },
  about: { path: '/about', screen: 'about', title: 'About Us', render: 'build', indexed: true },
  aboutFounders: {
    path: '/about/founders',
    screen: 'about',
    title: 'About Us',
    section: 'founders',
    canonical: 'about',
    render: 'build',
    indexed: false,
  },
  awards: {
    path: '/awards',
    screen: 'awards',
    title: 'Awards & Recognitions',
    render: 'build',
    indexed: true,
  },
  contact: {
    path: '/contact',
    screen: 'contact',
    title: 'Contact Us',
    render: 'build',
    indexed: true,
  },
  contactWhatWillHappen: {
    path: '/contact/whatwillhappen',
    screen: 'contact',
    title: 'Contact Us',
    section: 'what-will-happen',
    canonical: 'contact',
    render: 'build',
    indexed: false,
  },
  industries: {
    path: '/industries',
    screen: 'industry',
    title: 'Insurance (P&C)',
    render: 'build',
    indexed: true,
  },
  industriesPartners: {
    path: '/industries/mahathipartners',
    screen: 'industry',
    title: 'Insurance (P&C)',
    section: 'partners',
    canonical: 'industries',
    render: 'build',
    indexed: false,
  },
  industriesHowWeHelp: {
    path: '/industries/howwehelp',
    screen: 'industry',
    title: 'Insurance (P&C)',
    section: 'how-we-help',
    canonical: 'industries',
    render: 'build',
    indexed: false,
  },
  industriesLegal: {
    path: '/industries/legal',
    screen: 'industry',
    title: 'Law Firms',
    render: 'build',
    indexed: true,
  },
  industriesManlog: {
    path: '/industries/manlog',
    screen: 'industry',
    title: 'Energy, Utilities & Logistics',
    render: 'build',
    indexed: true,
  },
  services: {
    path: '/services',
    screen: 'service',
    title: 'Guidewire Solutions',
    render: 'build',
    indexed: true,
  },
  servicesCcm: {
    path: '/services/ccm',
    screen: 'service',
    title: 'Print (CCM) Solutions',
    render: 'build',
    indexed: true,
  },
  servicesProductManagement: {
    path: '/services/productmanagement',
    screen: 'service',
    title: 'P&C Product Management',
    render: 'build',
    indexed: true,
  },
  servicesBusinessOperation: {
    path: '/services/businessoperation',
    screen: 'service',
    title: 'Business Operations',
    render: 'build',
    indexed: true,
  },
  servicesDigitalServices: {
    path: '/services/digitalservices',
    screen: 'service',
    title: 'Legal Product Solutions',
    render: 'build',
    indexed: true,
  },
  servicesDesktopServices: {
    path: '/services/desktopservices',
    screen: 'service',
    title: 'Desktop Services',
    render: 'build',
    indexed: true,
  },
  servicesHris: {
    path: '/services/hris',
    screen: 'service',
    title: 'HRIS & Marketing Solutions',
    render: 'build',
    indexed: true,
  },
  servicesLegalBusinessOperation: {
    path: '/services/legalbusinessoperation',
    screen: 'service',
    title: 'Legal Business Operations',
    render: 'build',
    indexed: true,
  },
  servicesCloudBi: {
    path: '/services/cloudbi',
    screen: 'service',
    title: 'Strategic Consulting',
    render: 'build',
    indexed: true,
  },
  servicesDigitalApp: {
    path: '/services/digitalapp',
    screen: 'service',
    title: 'Digital Application Services',
    render: 'build',
    indexed: true,
  },
  servicesInfra: {
    path: '/services/infra',
    screen: 'service',
    title: 'Infrastructure, Cloud & BI',
    render: 'build',
    indexed: true,
  },
  servicesCloudServices: {
    path: '/services/cloudservices',
    screen: 'service',
    title: 'Cloud Services',
    render: 'build',
    indexed: true,
  },
  pmo: {
    path: '/pmo',
    screen: 'service',
    title: 'PMO & Process Consulting',
    render: 'build',
    indexed: true,
  },
  qualityAssurance: {
    path: '/qualityassurance',
    screen: 'service',
    title: 'Quality Assurance',
    render: 'build',
    indexed: true,
  },
  privacyPolicy: {
    path: '/privacypolicy',
    screen: 'privacy',
    title: 'Privacy Policy',
    render: 'build',
    indexed: true,
  },
  careers: {
    path: '/careers',
    screen: 'careers',
    title: 'Career Opportunities',
    render: 'request',
    islands: true,
    indexed: true,
  },
  /** One opening's page; `:id` is the opening's number. */
  job: {
    path: '/careers/jobs/:id',
    screen: 'job',
    title: 'Job Details',
    render: 'request',
    islands: true,
    indexed: true,
  },
  /** An opening's apply form as a page of its own: it works without scripts (a plain form,
   *  posted as multipart/form-data to the same path; docs/careers.md). Not indexed. */
  jobApply: {
    path: '/careers/jobs/:id/apply',
    screen: 'job',
    title: 'Apply for Job',
    render: 'request',
    indexed: false,
  },
  /** Where the form's post lands once stored (post/redirect/get: a reload applies nothing). */
  jobApplied: {
    path: '/careers/jobs/:id/applied',
    screen: 'job',
    title: 'Applied Successfully!',
    render: 'request',
    indexed: false,
  },
  /** Job alerts (docs/careers.md): the subscribe form's own page, where the careers page's form
   *  posts (no scripts needed); its answer is rendered there. Indexed: asked for without a post,
   *  it is the sign-up form, a page a job seeker may search for. */
  alerts: {
    path: '/careers/alerts',
    screen: 'careers',
    title: 'Job alerts',
    render: 'request',
    indexed: true,
  },
  /** `?token=`: the confirmation mail's link; a button that confirms (a POST to the same URL). */
  alertConfirm: {
    path: '/careers/alerts/confirm',
    screen: 'careers',
    title: 'Confirm your job alert',
    render: 'request',
    indexed: false,
  },
  /** `?token=`: an alert mail's unsubscribe link; a button, or a mail client's one-click POST. */
  alertUnsubscribe: {
    path: '/careers/alerts/unsubscribe',
    screen: 'careers',
    title: 'Stop this job alert',
    render: 'request',
    indexed: false,
  },
  /** The applicant's own page (docs/careers.md, "Your application's own page"): a status link's
   *  page and its confirmations, and at `/applications` the form that mails the links again.
   *  Made per request for one person, working without scripts; never indexed or cached. */
  applicant: {
    path: '/applications/:token',
    screen: 'applicant',
    title: 'Your application',
    render: 'request',
    indexed: false,
  },
  /** The old client's job screen: `?JobID=N` moves to the opening's page (301); without it,
   *  the job this tab last looked at (session storage), so it is drawn in the browser. */
  jobs: { path: '/jobs', screen: 'job', title: 'Job Details', render: 'browser', indexed: false },
  /** GET /hr is the server's redirect; an old `#/hr` link lands on a screen linking to it. */
  hr: { path: '/hr', screen: 'hr', title: 'Employee HR Portal', render: 'browser', indexed: false },
} as const satisfies Record<string, RouteDef>;

export type RouteId = keyof typeof routes;
export const routeIds = Object.keys(routes) as RouteId[];

/** A route's definition with every optional field named (for code that reads any route). */
export function routeDef(id: RouteId): RouteDef {
  return routes[id];
}

/** Does the browser hydrate only this page's islands (else the whole site starts)? */
export function hydratesIslands(id: RouteId): boolean {
  const def = routeDef(id);
  return def.render === 'build' || def.islands === true;
}

/** What every screen module's default export receives: the route it is rendering. */
export interface ScreenProps {
  routeId: RouteId;
  /** The `:id` of a route with one (the opening's page). */
  param?: string;
}
