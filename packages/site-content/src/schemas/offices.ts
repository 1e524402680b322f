import { z } from 'zod';
import { words } from './fields';

/** The offices a page may name; an office's id is how the pages and the maps refer to it. */
export const officeIdSchema = z.enum(['usa', 'india', 'philippines']);

/**
 * A phone number as a visitor reads it and dials it: a leading `+` and the country code, then
 * digits, spaces and the usual separators (the page makes its `tel:` link of the digits).
 */
export const phoneNumberSchema = z
  .string()
  .regex(/^\+[0-9][0-9 ()-]{5,24}$/, 'Write the number with + and its country code.');

/** One office, as the footer of every page and the contact page's tabs show it. */
export const officeSchema = z.object({
  id: officeIdSchema,
  name: words,
  /** The contact page's tab label. */
  country: words,
  addressLines: z.array(words).min(1).readonly(),
  phones: z
    .array(z.object({ label: words, number: phoneNumberSchema }))
    .min(1)
    .readonly(),
  email: z.email(),
  /** Open hours, in Eastern time (CONTENT.md). */
  hours: words,
  map: z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }),
});
export type Office = z.infer<typeof officeSchema>;

/** Every office, the first the head office (the privacy policy names its address). */
export const officesSchema = z.array(officeSchema).nonempty().readonly();
export type Offices = z.infer<typeof officesSchema>;
