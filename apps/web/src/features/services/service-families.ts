import { mainNavigation, type NavGroup } from '@lumenfield/routes';
import type { RouteId } from '@lumenfield/routes';

/** The three families whose motifs the template draws; the names are the menu's headings. */
export type FamilyMotif = 'insurance' | 'legal' | 'enterprise';

export interface ServiceFamily {
  heading: string;
  motif: FamilyMotif;
  links: NavGroup['links'];
}

const motifs: Record<string, FamilyMotif> = {
  Insurance: 'insurance',
  Legal: 'legal',
  Enterprise: 'enterprise',
};

/**
 * The service families are the Services groups of the mega menu, so the tab strip and the
 * menu can never disagree about which pages belong together.
 */
export const serviceFamilies: readonly ServiceFamily[] = mainNavigation
  .flatMap((item) => (item.kind === 'menu' && item.id === 'services' ? item.groups : []))
  .map((group) => ({
    heading: group.heading,
    motif: motifs[group.heading] ?? 'enterprise',
    links: group.links,
  }));

/** The family a service route belongs to (undefined only if the menu forgot the route). */
export function familyOf(routeId: RouteId): ServiceFamily | undefined {
  return serviceFamilies.find((family) => family.links.some((link) => link.route === routeId));
}
