import { expect, type Locator, type Page } from '@playwright/test';

/** An applicant as the apply dialog asks for them (select options by their labels). */
export interface Applicant {
  first: string;
  last: string;
  mobile: string;
  country: string;
  state: string;
  city: string;
  email: string;
  experience?: string;
  referredBy?: string;
}

export const ana: Applicant = {
  first: 'Ana María',
  last: 'Okafor',
  mobile: '5550101234',
  country: 'United States of America',
  state: 'Texas',
  city: 'Austin',
  email: 'ana.okafor@example.com',
  experience: '3 to 5 years',
  referredBy: 'Priya Raman',
};

export const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Apply for Job' });

/** Fills the open apply dialog; the state list is chosen once the country's states are there. */
export async function fillForm(
  page: Page,
  who: Applicant,
  resume?: { name: string; mimeType: string; buffer: Buffer },
) {
  const dialog = dialogOf(page);
  // A field's label starts with its name (a required one adds " *"); a place's radio may only
  // contain it ("Austin, TX, United States").
  const field = (label: string) => dialog.getByLabel(new RegExp(`^${label}\\b`, 'i'));
  await field('First Name').fill(who.first);
  await field('Last Name').fill(who.last);
  await field('Mobile Number').fill(who.mobile);
  await expect(dialog.getByRole('option', { name: who.country, exact: true })).toBeAttached();
  await field('Country').selectOption({ label: who.country });
  await expect(dialog.getByRole('option', { name: who.state, exact: true })).toBeAttached();
  await field('State').selectOption({ label: who.state });
  await field('City').fill(who.city);
  await field('Email').fill(who.email);
  if (who.experience) await field('Experience').selectOption({ label: who.experience });
  if (who.referredBy) await field('Referred by').fill(who.referredBy);
  if (resume) await field('Resume').setInputFiles(resume);
}

/**
 * The apply form's summary of a failed submit: it has focus and lists every failure's sentence,
 * in order, each a link to its field.
 */
export async function expectErrorSummary(scope: Locator | Page, messages: readonly string[]) {
  const summary = scope.getByRole('alert', { name: /^Please check/ });
  await expect(summary).toBeFocused();
  await expect(summary).toHaveAccessibleName(
    messages.length === 1 ? 'Please check one answer' : `Please check ${messages.length} answers`,
  );
  await expect(summary.getByRole('listitem')).toHaveText([...messages]);
  await expect(summary.getByRole('link')).toHaveText([...messages]);
  return summary;
}
