import type { IslandSpec } from '@lumenfield/page-kit';
import { EMPLOYEE_DETAILS_STORAGE_KEY } from '@lumenfield/contract';
import type { RouteId } from '@lumenfield/routes';
import type { IslandName } from '@/lib/island';

/** A service page's tab strip scrolls sideways on phones: is the current tab out of sight? */
function currentTabHidden(element: HTMLElement): boolean {
  const list = element.querySelector<HTMLElement>('ul');
  const tab = list?.querySelector<HTMLElement>('[aria-current="page"]');
  if (!list || !tab || list.scrollWidth <= list.clientWidth) return false;
  const box = list.getBoundingClientRect();
  const own = tab.getBoundingClientRect();
  return own.left < box.left || own.right > box.right;
}

/**
 * The interactive parts of the pages that hydrate islands (rendered at build time, and the
 * careers list and job pages), by the name their `<Island>` carries: the only code those pages
 * load and run, and when they run it (`when`: docs/architecture.md, "Islands"; the runtime is
 * @lumenfield/page-kit's scheduleIslands).
 */
export const islands: Record<IslandName, IslandSpec> = {
  header: { load: () => import('./shell/header').then((m) => m.Header), when: () => 'interaction' },
  // The timer matters only to a visitor whose stored details set a reload time.
  inactivity: {
    load: () => import('./shell/inactivity-reload').then((m) => m.InactivityReload),
    when: () => (localStorage.getItem(EMPLOYEE_DETAILS_STORAGE_KEY) === null ? 'never' : 'idle'),
  },
  'tell-me': {
    load: () => import('@/features/home/tell-me').then((m) => m.TellMe),
    when: () => 'interaction',
  },
  timeline: {
    load: () => import('@/features/home/timeline').then((m) => m.Timeline),
    when: () => 'visible',
  },
  // Its maps are drawn once it is live: when the offices come into view, after the first paint.
  'office-tabs': {
    load: () => import('@/features/contact/office-tabs').then((m) => m.OfficeTabs),
    when: () => 'visible',
  },
  'service-tabs': {
    load: () => import('@/features/services/service-tabs').then((m) => m.ServiceTabs),
    // Where the stylesheet's scroll-initial-target did not bring the tab into view.
    when: (element) => (currentTabHidden(element) ? 'visible' : 'never'),
  },
  // The careers list's search, filters, rows and job alert form, one island (the filters narrow
  // the rows and the alert's filters). Easy Apply loads the dialog when pressed.
  careers: {
    load: () => import('@/features/careers/careers-openings').then((m) => m.CareersOpenings),
    when: () => 'interaction',
  },
  // A job page's Apply (in the band, and in the bar at a phone's foot): the dialog's code loads
  // when it is pressed.
  'job-apply': {
    load: () => import('@/features/careers/components/apply-button').then((m) => m.ApplyButton),
    when: () => 'interaction',
  },
};

/**
 * What a page of islands does once its scripts run besides arming its islands, with no React:
 * a job page remembers its opening for this tab (the old `/jobs` link opens it) and shows its
 * date in the visitor's time zone.
 */
export const pageScripts: Partial<Record<RouteId, () => Promise<void>>> = {
  job: () => import('@/features/careers/job-page-script').then((m) => m.startJobPage()),
};
