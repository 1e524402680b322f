import { z } from 'zod';
import { headingSchema, introSchema, list, metaSchema, titledTextSchema, words } from './fields';

/** The words of the offices' tabs (features/contact/office-tabs.tsx in the web app). */
export const officeTabsTextSchema = z.object({
  tabListLabel: words,
  addressHeading: words,
  phonesHeading: words,
  emailHeading: words,
  hoursHeading: words,
  /** Shown after the hours: every office's hours are given in Eastern time (CONTENT.md). */
  timeZoneNote: words,
  /** The map frame's title; `{office}` becomes the office name. */
  mapTitle: words.includes('{office}', { message: 'The map title names the office: {office}.' }),
  mapLinkLabel: words,
});
export type OfficeTabsText = z.infer<typeof officeTabsTextSchema>;

/**
 * The contact page's copy (CONTENT.md). Offices themselves (addresses, phones, e-mail,
 * hours, coordinates) live in the web app's config/site.ts, the one place the footer reads too.
 */
export const contactContentSchema = z.object({
  meta: metaSchema,
  intro: introSchema,
  quick: z.object({ emailLabel: words, phoneLabel: words }),
  whatWillHappen: headingSchema.extend({
    /** Technical consultation, connect with the tech team, onboarding the team. */
    steps: list(titledTextSchema),
  }),
  offices: officeTabsTextSchema.extend(headingSchema.shape),
});

export type ContactContent = z.infer<typeof contactContentSchema>;
