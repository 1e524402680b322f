/**
 * The route table of spec §2. Every in-site link is built from it with `href`, so a renamed
 * route breaks the build, not the site.
 *
 * `screen` names the page module that renders the route (several routes share one: every
 * service route renders the ServicePage template). `section` is the id of the section a
 * route brings into view on load (CONTRACT §5: the spec's pixel offsets meant these).
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
  | 'hr';

export interface RouteDef {
  path: string;
  screen: ScreenId;
  /** The screen's own title: its h1 and the first part of the document title. */
  title: string;
  section?: string;
}

export const routes = {
  home: {
    path: '/',
    screen: 'home',
    title: 'Technology partners for insurance, legal and enterprise',
  },
  dashboard: {
    path: '/dashboard',
    screen: 'home',
    title: 'Technology partners for insurance, legal and enterprise',
  },
  header: {
    path: '/header',
    screen: 'home',
    title: 'Technology partners for insurance, legal and enterprise',
    section: 'site-header',
  },
  footer: {
    path: '/footer',
    screen: 'home',
    title: 'Technology partners for insurance, legal and enterprise',
    section: 'site-footer',
  },
  about: { path: '/about', screen: 'about', title: 'About Us' },
  aboutFounders: {
    path: '/about/founders',
    screen: 'about',
    title: 'About Us',
    section: 'founders',
  },
  awards: { path: '/awards', screen: 'awards', title: 'Awards & Recognitions' },
  contact: { path: '/contact', screen: 'contact', title: 'Contact Us' },
  contactWhatWillHappen: {
    path: '/contact/whatwillhappen',
    screen: 'contact',
    title: 'Contact Us',
    section: 'what-will-happen',
  },
  industries: { path: '/industries', screen: 'industry', title: 'Insurance (P&C)' },
  industriesPartners: {
    path: '/industries/mahathipartners',
    screen: 'industry',
    title: 'Insurance (P&C)',
    section: 'partners',
  },
  industriesHowWeHelp: {
    path: '/industries/howwehelp',
    screen: 'industry',
    title: 'Insurance (P&C)',
    section: 'how-we-help',
  },
  industriesLegal: { path: '/industries/legal', screen: 'industry', title: 'Law Firms' },
  industriesManlog: {
    path: '/industries/manlog',
    screen: 'industry',
    title: 'Energy, Utilities & Logistics',
  },
  services: { path: '/services', screen: 'service', title: 'Guidewire Solutions' },
  servicesCcm: { path: '/services/ccm', screen: 'service', title: 'Print (CCM) Solutions' },
  servicesProductManagement: {
    path: '/services/productmanagement',
    screen: 'service',
    title: 'P&C Product Management',
  },
  servicesBusinessOperation: {
    path: '/services/businessoperation',
    screen: 'service',
    title: 'Business Operations',
  },
  servicesDigitalServices: {
    path: '/services/digitalservices',
    screen: 'service',
    title: 'Legal Product Solutions',
  },
  servicesDesktopServices: {
    path: '/services/desktopservices',
    screen: 'service',
    title: 'Desktop Services',
  },
  servicesHris: { path: '/services/hris', screen: 'service', title: 'HRIS & Marketing Solutions' },
  servicesLegalBusinessOperation: {
    path: '/services/legalbusinessoperation',
    screen: 'service',
    title: 'Legal Business Operations',
  },
  servicesCloudBi: { path: '/services/cloudbi', screen: 'service', title: 'Strategic Consulting' },
  servicesDigitalApp: {
    path: '/services/digitalapp',
    screen: 'service',
    title: 'Digital Application Services',
  },
  servicesInfra: {
    path: '/services/infra',
    screen: 'service',
    title: 'Infrastructure, Cloud & BI',
  },
  servicesCloudServices: {
    path: '/services/cloudservices',
    screen: 'service',
    title: 'Cloud Services',
  },
  pmo: { path: '/pmo', screen: 'service', title: 'PMO & Process Consulting' },
  qualityAssurance: { path: '/qualityassurance', screen: 'service', title: 'Quality Assurance' },
  privacyPolicy: { path: '/privacypolicy', screen: 'privacy', title: 'Privacy Policy' },
  careers: { path: '/careers', screen: 'careers', title: 'Career Opportunities' },
  jobs: { path: '/jobs', screen: 'job', title: 'Job Details' },
  hr: { path: '/hr', screen: 'hr', title: 'Employee HR Portal' },
} as const satisfies Record<string, RouteDef>;

export type RouteId = keyof typeof routes;
export const routeIds = Object.keys(routes) as RouteId[];

export type Query = Record<string, string | number | undefined>;

/** The in-site path of a route, with an optional query ('/jobs?JobID=3&PageFrom=careers'). */
export function routePath(id: RouteId, query?: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${routes[id].path}?${qs}` : routes[id].path;
}

/** A full hash link for plain anchors ('#/about'). */
export function href(id: RouteId, query?: Query): string {
  return `#${routePath(id, query)}`;
}

/** The route whose path is exactly `pathname` (trailing slash ignored). */
export function routeForPath(pathname: string): RouteId | undefined {
  // Matched as the browser's hash router always did: case-insensitive, a trailing '/' ignored.
  const normalised = pathname.length > 1 ? pathname.toLowerCase().replace(/\/+$/, '') : pathname;
  return routeIds.find((id) => routes[id].path === normalised);
}

/**
 * Every route's first render is the same for every visitor, and is rendered to HTML at build
 * time (apps/web/prerender.ts) so a first visit paints it before React loads; the careers list
 * prerenders as its loading state. Not the job screen: what it first shows depends on the
 * query (JobID) and on the visitor's session. Shared job links have their own server-rendered
 * page (/careers/jobs/<id>).
 */
const screensDrawnInBrowser: ReadonlySet<ScreenId> = new Set(['job']);

/** Where the build puts a route's HTML, or undefined when the browser draws it. */
export function prerenderedUrl(id: RouteId): string | undefined {
  return screensDrawnInBrowser.has(routes[id].screen) ? undefined : `/prerendered/${id}.html`;
}

/** What every screen module's default export receives: the route it is rendering. */
export interface ScreenProps {
  routeId: RouteId;
}
