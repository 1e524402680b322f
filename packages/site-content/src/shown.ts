import { routeDef, type RouteId } from '@lumenfield/routes';
import type { IndustryPageId } from './schemas/industries';
import type { ServiceRouteId } from './schemas/services';
import {
  contentBlocks,
  contentEntries,
  contentPages,
  type ContentBlockId,
  type ContentFamilyId,
  type ContentId,
  type ContentOf,
  type ContentPageId,
} from './registry';

/** The family that types each piece of content, by its id. */
type FamilyById = {
  home: 'home';
  about: 'about';
  awards: 'awards';
  contact: 'contact';
  privacyPolicy: 'privacy';
  industryTemplate: 'industryTemplate';
  serviceTemplate: 'serviceTemplate';
  solutions: 'solutions';
  focusAreas: 'focusAreas';
  offices: 'offices';
} & { [Id in IndustryPageId]: 'industry' } & { [Id in ServiceRouteId]: 'service' };

/** Each piece of content's type, by its id. */
export type ContentById = { [Id in ContentId]: ContentOf<FamilyById[Id]> };

/**
 * Published content that differs from its seed, by id: what a page is rendered with besides
 * the seeds the templates fall back on (docs/content.md, "Pages rendered from the store"). An
 * empty object renders every page exactly as the build did.
 */
export type SiteContent = { [Id in ContentId]?: ContentById[Id] };

const seeds = new Map<ContentId, unknown>(contentEntries.map((entry) => [entry.id, entry.seed]));

/** The content a page shows when nothing different is published: its seed. */
export function seedOf<Id extends ContentId>(id: Id): ContentById[Id] {
  return seeds.get(id) as ContentById[Id];
}

const pageFamilies = new Map<string, ContentFamilyId>(
  contentPages.map((page) => [page.id, page.family]),
);

/** The editable page a route shows: its own, or for a section route its page's. */
function pageOfRoute(routeId: RouteId): ContentPageId | undefined {
  const pageId = routeDef(routeId).canonical ?? routeId;
  return pageFamilies.has(pageId) ? (pageId as ContentPageId) : undefined;
}

/**
 * Everything a route's page shows (undefined: the not-found page): its page's content, the
 * blocks of its page's family, and the blocks every page shows (the offices in the footer).
 * A publish of any of these renders the page again.
 */
export function contentShownOn(routeId: RouteId | undefined): ContentId[] {
  const pageId = routeId === undefined ? undefined : pageOfRoute(routeId);
  const family = pageId === undefined ? undefined : pageFamilies.get(pageId);
  const blocks = contentBlocks
    .filter((block) => block.shownOn === 'every' || block.shownOn === family)
    .map((block) => block.id);
  return pageId === undefined ? blocks : [pageId, ...blocks];
}

const previewPages = new Map<ContentBlockId, ContentPageId>(
  contentBlocks.map((block) => [block.id, block.previewOn]),
);

/** The page a draft of `id` is previewed at: the page itself, or one showing the block. */
export function previewPageOf(id: ContentId): ContentPageId {
  return previewPages.get(id as ContentBlockId) ?? (id as ContentPageId);
}
