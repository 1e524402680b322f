import type { ComponentType } from 'react';
import type { IslandName } from '@/lib/island';

/**
 * The interactive parts of the pages rendered at build time, by the name their `<Island>`
 * carries: the only code those pages load and run (docs/architecture.md, "Islands").
 */
export const islands: Record<IslandName, () => Promise<ComponentType<never>>> = {
  header: () => import('./shell/header').then((m) => m.Header),
  inactivity: () => import('./shell/inactivity-reload').then((m) => m.InactivityReload),
  'tell-me': () => import('@/features/home/tell-me').then((m) => m.TellMe),
  timeline: () => import('@/features/home/timeline').then((m) => m.Timeline),
  'office-tabs': () => import('@/features/contact/office-tabs').then((m) => m.OfficeTabs),
  'service-tabs': () => import('@/features/services/service-tabs').then((m) => m.ServiceTabs),
};
