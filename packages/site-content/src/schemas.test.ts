import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { aboutContentSchema } from './schemas/about';
import { awardsContentSchema } from './schemas/awards';
import { contactContentSchema } from './schemas/contact';
import { homeContentSchema } from './schemas/home';
import { industryEntrySchema } from './schemas/industries';
import { officesSchema } from './schemas/offices';
import { privacyContentSchema } from './schemas/privacy';
import { serviceContentSchema, serviceEntrySchema } from './schemas/services';
import { aboutContent } from './seed/about';
import { awardsContent } from './seed/awards';
import { contactContent } from './seed/contact';
import { homeContent } from './seed/home';
import { industryContent } from './seed/industries';
import { offices } from './seed/offices';
import { privacyContent } from './seed/privacy';
import { serviceContent } from './seed/services';

/** The paths of the issues a value is refused with; empty when it parses. */
function refusals(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

const { hero } = homeContent;
const insurance = industryContent.industries;
const guidewire = serviceContent.services;

describe('content schemas refuse what the pages cannot show', () => {
  it('accepts the seeds as they are', () => {
    expect(refusals(homeContentSchema, homeContent)).toEqual([]);
    expect(refusals(serviceContentSchema, serviceContent)).toEqual([]);
  });

  it('home: the tell-me question has exactly five options', () => {
    const four = hero.tellMe.options.slice(0, 4);
    const six = [...hero.tellMe.options, hero.tellMe.options[0]];
    for (const options of [four, six]) {
      const home = { ...homeContent, hero: { ...hero, tellMe: { ...hero.tellMe, options } } };
      expect(refusals(homeContentSchema, home)).toEqual(['hero.tellMe.options']);
    }
  });

  it('home: a link to a route the table does not have is refused', () => {
    const primaryAction = { ...hero.primaryAction, to: 'nowhere' };
    const home = { ...homeContent, hero: { ...hero, primaryAction } };
    expect(refusals(homeContentSchema, home)).toEqual(['hero.primaryAction.to']);
  });

  it('home and about: the art’s text alternative is required and not empty', () => {
    const { artLabel, ...withoutLabel } = hero;
    expect(artLabel).not.toBe('');
    expect(refusals(homeContentSchema, { ...homeContent, hero: withoutLabel })).toEqual([
      'hero.artLabel',
    ]);
    const purpose = { ...aboutContent.purpose, artLabel: '' };
    expect(refusals(aboutContentSchema, { ...aboutContent, purpose })).toEqual([
      'purpose.artLabel',
    ]);
  });

  it('every family: a meta description longer than 160 characters is refused', () => {
    const meta = { description: 'x'.repeat(161) };
    expect(refusals(homeContentSchema, { ...homeContent, meta })).toEqual(['meta.description']);
    expect(refusals(industryEntrySchema, { ...insurance, description: meta.description })).toEqual([
      'description',
    ]);
  });

  it('about: the values are Reachable, Responsible, Reliable in that order', () => {
    const items = [...aboutContent.values.items].reverse();
    const about = { ...aboutContent, values: { ...aboutContent.values, items } };
    expect(refusals(aboutContentSchema, about)).toEqual(['values.items']);
  });

  it('awards: an award of a year that is not shown is refused, and years go newest first', () => {
    const years = awardsContent.years.filter((year) => year !== 2019);
    expect(refusals(awardsContentSchema, { ...awardsContent, years })).toEqual([
      'awards.8.year',
      'awards.9.year',
    ]);
    const oldestFirst = [...awardsContent.years].reverse();
    expect(refusals(awardsContentSchema, { ...awardsContent, years: oldestFirst })).toEqual([
      'years',
    ]);
  });

  it('awards: a listing the site config does not name is refused', () => {
    const [first, ...rest] = awardsContent.awards;
    const awards = [{ ...first, listing: 'ledger-5000-1999' }, ...rest];
    expect(refusals(awardsContentSchema, { ...awardsContent, awards })).toEqual([
      'awards.0.listing',
    ]);
  });

  it('contact: the map title names its office', () => {
    const offices = { ...contactContent.offices, mapTitle: 'Map of our office' };
    expect(refusals(contactContentSchema, { ...contactContent, offices })).toEqual([
      'offices.mapTitle',
    ]);
  });

  it('privacy: section ids are anchors, each used once', () => {
    const [first, ...rest] = privacyContent.sections;
    const twice = { ...privacyContent, sections: [first, first, ...rest] };
    expect(refusals(privacyContentSchema, twice)).toEqual(['sections']);
    const spaced = { ...privacyContent, sections: [{ ...first, id: 'Our data' }, ...rest] };
    expect(refusals(privacyContentSchema, spaced)).toEqual(['sections.0.id']);
  });

  it('services: every service route has an entry, and no other route', () => {
    const { servicesCcm, ...withoutCcm } = serviceContent;
    expect(servicesCcm).toBeDefined();
    expect(refusals(serviceContentSchema, withoutCcm)).toEqual(['servicesCcm']);
    const extra = serviceContentSchema.safeParse({ ...serviceContent, about: guidewire });
    expect(extra.error?.issues).toMatchObject([{ code: 'unrecognized_keys', keys: ['about'] }]);
  });

  it('services: four approach steps, known icons, each shared block once', () => {
    const approach = { ...guidewire.approach, steps: guidewire.approach.steps.slice(0, 3) };
    expect(refusals(serviceEntrySchema, { ...guidewire, approach })).toEqual(['approach.steps']);
    const [first, ...rest] = guidewire.offerings.items;
    const offerings = { ...guidewire.offerings, items: [{ ...first, icon: 'menu' }, ...rest] };
    expect(refusals(serviceEntrySchema, { ...guidewire, offerings })).toEqual([
      'offerings.items.0.icon',
    ]);
    const blocks = ['solutions', 'solutions'];
    expect(refusals(serviceEntrySchema, { ...guidewire, blocks })).toEqual(['blocks']);
  });

  it('industries: a specialty links only to a service page, and names known partners', () => {
    const [first, ...rest] = insurance.specialties.items;
    const items = [{ ...first, service: 'contact' }, ...rest];
    const entry = { ...insurance, specialties: { ...insurance.specialties, items } };
    expect(refusals(industryEntrySchema, entry)).toEqual(['specialties.items.0.service']);
    const partners = { ...insurance.partners, technology: ['Guidewire', 'Oracle'] };
    expect(refusals(industryEntrySchema, { ...insurance, partners })).toEqual([
      'partners.technology.1',
    ]);
  });

  it('offices: a number to dial, an address, an e-mail, a place on the map; at least one', () => {
    expect(refusals(officesSchema, offices)).toEqual([]);
    const [head, ...rest] = offices;
    const changed = (office: Record<string, unknown>) => [{ ...head, ...office }, ...rest];
    expect(
      refusals(officesSchema, changed({ phones: [{ label: 'Main', number: '555 010 2000' }] })),
    ).toEqual(['0.phones.0.number']);
    expect(refusals(officesSchema, changed({ addressLines: [] }))).toEqual(['0.addressLines']);
    expect(refusals(officesSchema, changed({ email: 'info at example' }))).toEqual(['0.email']);
    expect(refusals(officesSchema, changed({ map: { lat: 95, lon: 0 } }))).toEqual(['0.map.lat']);
    expect(refusals(officesSchema, [])).toEqual(['']);
  });
});
