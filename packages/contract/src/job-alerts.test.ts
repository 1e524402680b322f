import { describe, expect, it } from 'vitest';
import { alertCopy, alertFiltersText, checkAlertForm, emptyAlertForm } from './job-alerts';

describe('job alerts: the form’s rules', () => {
  const form = { ...emptyAlertForm(), email: 'ana@example.com' };

  it('takes an address, the careers filters as the page reads them, and a frequency', () => {
    expect(
      checkAlertForm({
        ...form,
        q: ' qa lead ',
        country: '356',
        workplace: 'REMOTE',
        frequency: 'weekly',
      }),
    ).toEqual({
      ok: true,
      alert: {
        email: 'ana@example.com',
        filters: { q: 'qa lead', country: 356, workplace: 'REMOTE' },
        frequency: 'weekly',
      },
    });
    // A filter that is not one is no filter, as on the careers page.
    const loose = checkAlertForm({ ...form, country: 'x', workplace: 'MOON' });
    expect(loose.ok && loose.alert.filters).toEqual({ q: '', country: null, workplace: null });
  });

  it('refuses a malformed address, a long search and an unknown frequency, each with its sentence', () => {
    expect(
      checkAlertForm({ ...form, email: 'ana@nowhere', q: 'x'.repeat(201), frequency: 'hourly' }),
    ).toEqual({
      ok: false,
      errors: [
        { field: 'email', message: alertCopy.email },
        { field: 'q', message: alertCopy.query },
        { field: 'frequency', message: alertCopy.frequency },
      ],
    });
  });

  it('says the filters in words', () => {
    const names = (value: number) => (value === 356 ? 'India' : undefined);
    expect(alertFiltersText({ q: 'qa', country: 356, workplace: 'REMOTE' }, names)).toBe(
      '“qa”, India, Remote',
    );
    expect(alertFiltersText({ q: '', country: null, workplace: null }, names)).toBe(
      'every new opening',
    );
  });
});
