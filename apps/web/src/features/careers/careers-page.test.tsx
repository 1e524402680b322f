import { APPLIED_SUCCESSFULLY } from '@lumenfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import CareersPage, { NO_OPENINGS_TEXT } from './careers-page';
import {
  installDialogPolyfill,
  json,
  mockApi,
  opening,
  renderAt,
  resetCareersState,
} from './test-support';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(installDialogPolyfill);
beforeEach(resetCareersState);
afterEach(() => vi.unstubAllGlobals());

function withOpenings(list: ReturnType<typeof opening>[]) {
  const all = list.map((item) => ({ ...item, CurerntOpening: list.length }));
  return mockApi({ '/Jobs/CareerDetailsRetrival': () => json(all) });
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
        opening({ Job_id: i + 1, JobCode: `LTP-${i + 1}`, JobTitle: `Role ${i + 1}` }),
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
      opening({ Job_id: 7, DateCount: 0, HourCount: 5, MinuteCount: 320 }),
      opening({ Job_id: 8, JobCode: 'LTP-SD-1', JobTitle: 'Service Desk Analyst', DateCount: 1 }),
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
    withOpenings([
      opening(),
      opening({ Job_id: 8, JobCode: 'LTP-SD-1', JobTitle: 'Service Desk' }),
    ]);
    const user = userEvent.setup({ delay: null });
    renderCareers();
    const row = (await screen.findByRole('heading', { name: 'LTP-SD-1 - Service Desk' })).closest(
      'li',
    )!;
    const apply = within(row).getByRole('button', { name: 'Easy Apply' });
    expect(apply).toHaveAccessibleDescription('LTP-SD-1 - Service Desk');
    await user.click(apply);
    const dialog = screen.getByRole('dialog', { name: 'Apply for Job' });
    expect(within(dialog).getByText('LTP-SD-1 - Service Desk')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('First Name', { exact: false })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(apply).toHaveFocus();
  });

  it('what was typed survives closing and reopening the dialog', async () => {
    withOpenings([opening()]);
    const user = userEvent.setup({ delay: null });
    renderCareers();
    await user.click(await screen.findByRole('button', { name: /Easy Apply/ }));
    await user.type(screen.getByLabelText('Last Name', { exact: false }), 'Okafor');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Easy Apply/ }));
    expect(screen.getByLabelText('Last Name', { exact: false })).toHaveValue('Okafor');
  });

  it("a successful application shows 'Applied Successfully!', clears the form and closes it", async () => {
    const fetchMock = mockApi({
      '/Jobs/CareerDetailsRetrival': () => json([opening()]),
      '/Jobs/SaveApplicantDetail': () =>
        json({ ApplicantID: 9, Message: APPLIED_SUCCESSFULLY }, 201),
    });
    const user = userEvent.setup({ delay: null, applyAccept: false });
    renderCareers();
    await user.click(await screen.findByRole('button', { name: /Easy Apply/ }));
    const dialog = screen.getByRole('dialog', { name: 'Apply for Job' });
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
      '/Jobs/CareerDetailsRetrival': () => {
        calls += 1;
        return calls === 1
          ? json(
              { type: 'about:blank', title: 'Error', status: 503, detail: 'Database offline.' },
              503,
            )
          : json([opening()]);
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
});
