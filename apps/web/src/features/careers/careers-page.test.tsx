import { APPLIED_SUCCESSFULLY } from '@lumenfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import CareersPage, { NO_MATCH_TEXT, NO_OPENINGS_TEXT } from './careers-page';
import {
  installDialogPolyfill,
  json,
  problem,
  mockApi,
  opening,
  publicOpening,
  renderAt,
  resetCareersState,
} from './test-support';

beforeAll(installDialogPolyfill);
beforeEach(resetCareersState);

function withOpenings(list: ReturnType<typeof opening>[]) {
  return mockApi({ '/openings': () => json(list) });
}

const renderCareers = () => renderAt(<CareersPage routeId="careers" />, '/careers');

describe('Careers screen', () => {
  it.each([
    [0, '0 Current Opening'],
    [1, '1 Current Opening'],
    [2, '2 Current Openings'],
  ])('%i openings: the count line reads %j', async (count, text) => {
    withOpenings(
      Array.from({ length: count }, (_, i) =>
        opening({ id: i + 1, code: `LTP-${i + 1}`, title: `Role ${i + 1}` }),
      ),
    );
    renderCareers();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Career Opportunities');
    expect(await screen.findByRole('heading', { level: 2, name: text })).toBeInTheDocument();
    if (count === 0) expect(screen.getByText(NO_OPENINGS_TEXT)).toBeInTheDocument();
    else expect(screen.queryByText(NO_OPENINGS_TEXT)).not.toBeInTheDocument();
    expect(screen.queryAllByRole('button', { name: /Easy Apply/ })).toHaveLength(count);
  });

  it('a row shows the age text, code - title, location, a view link and Easy Apply', async () => {
    withOpenings([
      opening({ id: 7, posted: { days: 0, hours: 5, minutes: 320 } }),
      opening({
        id: 8,
        code: 'LTP-SD-1',
        title: 'Service Desk Analyst',
        posted: { days: 1, hours: 75, minutes: 4500 },
      }),
    ]);
    renderCareers();
    const link = await screen.findByRole('link', { name: 'LTP-QA-2201 - QA Automation Engineer' });
    expect(link).toHaveAttribute('href', '/careers/jobs/7');
    const row = link.closest('li')!;
    expect(within(row).getByText('5 Hours ago')).toBeInTheDocument();
    expect(within(row).getByText('Pune, India')).toBeInTheDocument();
    expect(
      within(row).getByRole('link', {
        name: 'View details of LTP-QA-2201 - QA Automation Engineer',
      }),
    ).toHaveAttribute('href', '/careers/jobs/7');
    expect(screen.getByText('1 day ago')).toBeInTheDocument();
  });

  it('Easy Apply opens the apply dialog for that job; closing it returns focus', async () => {
    withOpenings([opening(), opening({ id: 8, code: 'LTP-SD-1', title: 'Service Desk' })]);
    const user = userEvent.setup({ delay: null });
    renderCareers();
    const row = (await screen.findByRole('heading', { name: 'LTP-SD-1 - Service Desk' })).closest(
      'li',
    )!;
    const apply = within(row).getByRole('button', { name: 'Easy Apply' });
    expect(apply).toHaveAccessibleDescription('LTP-SD-1 - Service Desk');
    await user.click(apply);
    // The dialog's code loads when Apply is pressed.
    const dialog = await screen.findByRole('dialog', { name: 'Apply for Job' });
    // The form's code arrives when the page is idle or on the first Apply: it may take a moment.
    expect(await within(dialog).findByText('LTP-SD-1 - Service Desk')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByLabelText('First Name', { exact: false })).toHaveFocus(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(apply).toHaveFocus();
  });

  it('what was typed survives closing and reopening the dialog', async () => {
    withOpenings([opening()]);
    const user = userEvent.setup({ delay: null });
    renderCareers();
    await user.click(await screen.findByRole('button', { name: /Easy Apply/ }));
    await user.type(await screen.findByLabelText('Last Name', { exact: false }), 'Okafor');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Easy Apply/ }));
    expect(await screen.findByLabelText('Last Name', { exact: false })).toHaveValue('Okafor');
  });

  it("a successful application shows 'Applied Successfully!', clears the form and closes it", async () => {
    const fetchMock = mockApi({
      '/openings': () => json([opening()]),
      // The dialog opened from the list reads the opening's questions from its detail.
      '/openings/7': () => json(publicOpening()),
      '/openings/7/applications': () =>
        json({ applicantId: 9, message: APPLIED_SUCCESSFULLY }, 201),
    });
    const user = userEvent.setup({ delay: null, applyAccept: false });
    renderCareers();
    await user.click(await screen.findByRole('button', { name: /Easy Apply/ }));
    // The dialog's code loads when Apply is pressed.
    const dialog = await screen.findByRole('dialog', { name: 'Apply for Job' });
    const get = (label: string) => within(dialog).getByLabelText(label, { exact: false });
    await user.type(get('First Name'), 'Ana');
    await user.type(get('Last Name'), 'Okafor');
    await user.type(get('Mobile Number'), '5550101234');
    await within(dialog).findByRole('option', { name: 'India' });
    await user.selectOptions(get('Country'), 'India');
    await within(dialog).findByRole('option', { name: 'Karnataka' });
    await user.selectOptions(get('State'), 'Karnataka');
    await user.type(get('City'), 'Bengaluru');
    await user.type(get('Email'), 'ana@example.com');
    await user.upload(
      get('Resume'),
      new File(['%PDF-1.4 x'], 'cv.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    const alert = await screen.findByRole('alertdialog', { name: APPLIED_SUCCESSFULLY });
    expect(screen.queryByRole('dialog', { name: 'Apply for Job' })).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    await user.click(screen.getByRole('button', { name: /Easy Apply/ }));
    expect(screen.getByLabelText('First Name', { exact: false })).toHaveValue('');
    expect(fetchMock).toHaveBeenCalled();
  });

  it('a failed listing says so and can be retried', async () => {
    let calls = 0;
    mockApi({
      '/openings': () => {
        calls += 1;
        return calls === 1 ? problem(503, 'Database offline.') : json([opening()]);
      },
    });
    const user = userEvent.setup({ delay: null });
    renderCareers();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database offline.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: '1 Current Opening' })).toBeInTheDocument(),
    );
  });

  describe('search and filters', () => {
    const three = () =>
      withOpenings([
        opening(),
        opening({
          id: 8,
          code: 'LTP-GW-1042',
          title: 'Guidewire Developer',
          location: 'Chicago, Illinois, USA',
          workplaceType: 'REMOTE',
          payMin: 120_000,
          payMax: 150_000,
          payCurrency: 'USD',
          countryValue: 840,
          countryName: 'United States of America',
          countries: [{ value: 840, name: 'United States of America' }],
          searchText: 'guidewire developer ltp gw 1042 gosu',
        }),
        opening({
          id: 9,
          code: 'LTP-CL-4128',
          title: 'Cloud Support Engineer',
          workplaceType: 'ONSITE',
          countryValue: 608,
          countryName: 'Philippines',
          countries: [{ value: 608, name: 'Philippines' }],
          searchText: 'cloud support engineer ltp cl 4128 azure',
        }),
      ]);
    const titles = () =>
      [...document.querySelectorAll('.opening__title')].map((h) => h.textContent ?? '');
    const countLine = () => screen.getByRole('heading', { level: 2, name: /Current Opening/ });

    it('shows the terms and the pay in the currency format of each row', async () => {
      three();
      renderCareers();
      expect(await screen.findByText('$120,000 – $150,000 a year')).toBeInTheDocument();
      expect(screen.getAllByText('₹12,00,000 – ₹18,00,000 a year')).toHaveLength(2);
    });

    it('words, country and workplace narrow the list at once; the URL follows', async () => {
      three();
      const user = userEvent.setup();
      window.history.replaceState(null, '', '/careers');
      renderCareers();
      const search = await screen.findByRole('searchbox', { name: 'Search' });
      await user.type(search, 'gosu');
      expect(titles()).toEqual(['LTP-GW-1042 - Guidewire Developer']);
      expect(countLine()).toHaveTextContent('1 Current Opening');
      await waitFor(() => expect(window.location.search).toBe('?q=gosu'));
      await waitFor(() =>
        expect(screen.getByRole('status')).toHaveTextContent('1 Current Opening'),
      );

      await user.clear(search);
      await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Philippines');
      expect(titles()).toEqual(['LTP-CL-4128 - Cloud Support Engineer']);
      await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), '');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Workplace' }), 'Hybrid');
      expect(titles()).toEqual(['LTP-QA-2201 - QA Automation Engineer']);
      await waitFor(() => expect(window.location.search).toBe('?workplace=HYBRID'));
    });

    it('reads the filters from the URL; an empty result says so and clears', async () => {
      three();
      const user = userEvent.setup();
      renderAt(<CareersPage routeId="careers" />, '/careers?q=cobol&workplace=REMOTE&country=9999');
      expect(await screen.findByText(NO_MATCH_TEXT)).toBeInTheDocument();
      expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('cobol');
      // An unknown country is no filter: the form shows all countries.
      expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('');
      expect(countLine()).toHaveTextContent('0 Current Opening');
      const clear = screen.getAllByRole('link', { name: 'Clear filters' });
      expect(clear[0]).toHaveAttribute('href', '/careers');
      await user.click(clear[clear.length - 1]!);
      expect(titles()).toHaveLength(3);
      expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    });
  });
});
