import type { z } from 'zod';
import { aboutContentSchema } from './schemas/about';
import { awardsContentSchema } from './schemas/awards';
import { contactContentSchema } from './schemas/contact';
import { homeContentSchema } from './schemas/home';
import {
  industryEntrySchema,
  industryPageIds,
  industryTemplateTextSchema,
  type IndustryPageId,
} from './schemas/industries';
import { officesSchema } from './schemas/offices';
import { privacyContentSchema } from './schemas/privacy';
import {
  focusAreasSchema,
  serviceEntrySchema,
  serviceRouteIds,
  serviceTemplateTextSchema,
  solutionsSchema,
  type ServiceRouteId,
} from './schemas/services';
import { aboutContent } from './seed/about';
import { awardsContent } from './seed/awards';
import { contactContent } from './seed/contact';
import { homeContent } from './seed/home';
import { industryContent, industryTemplateText } from './seed/industries';
import { offices } from './seed/offices';
import { privacyContent } from './seed/privacy';
import { focusAreas, serviceContent, serviceTemplateText, solutions } from './seed/services';

/** Every shape of content, by family id: a page's or block's content parses with its family's schema. */
export const contentFamilies = {
  home: homeContentSchema,
  about: aboutContentSchema,
  awards: awardsContentSchema,
  contact: contactContentSchema,
  privacy: privacyContentSchema,
  industry: industryEntrySchema,
  service: serviceEntrySchema,
  industryTemplate: industryTemplateTextSchema,
  serviceTemplate: serviceTemplateTextSchema,
  solutions: solutionsSchema,
  focusAreas: focusAreasSchema,
  offices: officesSchema,
} as const;

export type ContentFamilyId = keyof typeof contentFamilies;
export type ContentOf<F extends ContentFamilyId> = z.infer<(typeof contentFamilies)[F]>;

/** A registered piece of content: the family that types it and its seed, its first revision. */
export type ContentEntry<Id extends string> = {
  [F in ContentFamilyId]: { id: Id; family: F; seed: ContentOf<F> };
}[ContentFamilyId];

/** The editable pages, by the route id of the page (a section route shows its page's content). */
export type ContentPageId =
  'home' | 'about' | 'awards' | 'contact' | 'privacyPolicy' | IndustryPageId | ServiceRouteId;

export const contentPages: readonly ContentEntry<ContentPageId>[] = [
  { id: 'home', family: 'home', seed: homeContent },
  { id: 'about', family: 'about', seed: aboutContent },
  { id: 'awards', family: 'awards', seed: awardsContent },
  { id: 'contact', family: 'contact', seed: contactContent },
  { id: 'privacyPolicy', family: 'privacy', seed: privacyContent },
  ...industryPageIds.map((id): ContentEntry<ContentPageId> => ({
    id,
    family: 'industry',
    seed: industryContent[id],
  })),
  ...serviceRouteIds.map((id): ContentEntry<ContentPageId> => ({
    id,
    family: 'service',
    seed: serviceContent[id],
  })),
];

/** Words several pages share; a change to one re-renders every page of `shownOn`'s family. */
export type ContentBlockId =
  'industryTemplate' | 'serviceTemplate' | 'solutions' | 'focusAreas' | 'offices';

export const contentBlocks: readonly (ContentEntry<ContentBlockId> & {
  /** The family of pages that shows it, or `every` (the footer of every page). */
  shownOn: ContentFamilyId | 'every';
  /** The page its draft is previewed at: one that shows it in full. */
  previewOn: ContentPageId;
})[] = [
  {
    id: 'industryTemplate',
    family: 'industryTemplate',
    seed: industryTemplateText,
    shownOn: 'industry',
    previewOn: 'industries',
  },
  {
    id: 'serviceTemplate',
    family: 'serviceTemplate',
    seed: serviceTemplateText,
    shownOn: 'service',
    previewOn: serviceRouteIds[0]!,
  },
  {
    id: 'solutions',
    family: 'solutions',
    seed: solutions,
    shownOn: 'service',
    previewOn: serviceRouteIds[0]!,
  },
  {
    id: 'focusAreas',
    family: 'focusAreas',
    seed: focusAreas,
    shownOn: 'service',
    previewOn: serviceRouteIds[0]!,
  },
  // The footer of every page names them; the contact page shows them as tabs with maps.
  { id: 'offices', family: 'offices', seed: offices, shownOn: 'every', previewOn: 'contact' },
];

/** Everything editable, pages then blocks, each with its kind: the store and the console list these. */
export const contentEntries = [
  ...contentPages.map((entry) => ({ ...entry, kind: 'page' as const })),
  ...contentBlocks.map((entry) => ({ ...entry, kind: 'block' as const })),
];
export type ContentId = ContentPageId | ContentBlockId;
