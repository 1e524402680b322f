import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SourcesOverview } from '@lumenfield/contract';
import { fakeXhrOver, formFields } from '@/test/fake-xhr';
import {
  applicant,
  job,
  json,
  mockSignedIn,
  problem,
  renderConsole,
  type Handler,
} from '../../shell/test-support';

const referral: SourcesOverview = {
  sources: [
    {
      id: 7,
      name: 'Referral',
      kind: 'referral',
      referrerUserId: null,
      referrerName: null,
      applicants: 0,
      links: [],
    },
  ],
  creditedNames: [],
};

const opening = job({
  locations: [
    { city: 'Pune', region: 'IN-MH', country: 'IN' },
    { city: 'Bengaluru', region: 'IN-KA', country: 'IN' },
  ],
});

/** The console over a fake API, the upload's XMLHttpRequest included; `post` answers the form. */
function renderAddCandidate(post: Handler) {
  const fetchMock = mockSignedIn({
    'GET /recruiters/jobs/3': () => json(opening),
    'GET /recruiters/sources': () => json(referral),
    'GET /Jobs/GetRecruitmentManagerDropDownValues': () => json([{ value: 356, label: 'India' }]),
    'GET /Jobs/GetStatesByCountry': () => json([{ value: 1, label: 'Karnataka' }]),
    'POST /recruiters/jobs/3/applicants': post,
    'GET /recruiters/applicants/41': () => json(applicant({ applicantId: 41 })),
  });
  vi.stubGlobal('XMLHttpRequest', fakeXhrOver(fetchMock));
  return { fetchMock, ...renderConsole('/recruiters/openings/3/add-candidate') };
}

afterEach(() => vi.unstubAllGlobals());

describe('adding a candidate by hand', () => {
  it('sends the form with the resume, the source, the note and the box; then opens them', async () => {
    const user = userEvent.setup();
    let sent: ReturnType<typeof formFields> = {};
    const { history } = renderAddCandidate((_url, init) => {
      sent = formFields(init?.body);
      return json({ applicantId: 41, message: 'Applied Successfully!', duplicate: false }, 201);
    });
    await screen.findByRole('heading', { name: 'Add candidate · LTP-QA-1 · QA Engineer' });
    const box = screen.getByRole('checkbox', {
      name: 'Send the candidate the confirmation e-mail',
    });
    expect(box).not.toBeChecked();

    await user.type(screen.getByLabelText('First name'), 'Asha');
    await user.type(screen.getByLabelText('Last name'), 'Rao');
    await user.type(screen.getByLabelText('E-mail'), 'asha@example.com');
    await user.type(screen.getByLabelText('Mobile number'), '9876543210');
    await user.selectOptions(await screen.findByLabelText('Country'), 'India');
    await user.selectOptions(screen.getByLabelText('State'), await screen.findByText('Karnataka'));
    await user.type(screen.getByLabelText('City'), 'Mysuru');
    await user.click(screen.getByRole('radio', { name: 'Bengaluru, KA, India' }));
    const resume = new File(['%PDF-1.4'], 'asha.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Resume'), resume);
    await user.selectOptions(screen.getByLabelText('Source'), 'Referral');
    await user.type(screen.getByLabelText('Note'), 'Referred by Priya');
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Add candidate' }));

    await waitFor(() => expect(history.location.pathname).toBe('/recruiters/applicants/41'));
    expect(sent).toMatchObject({
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@example.com',
      mobileNumber: '9876543210',
      countryId: '356',
      stateId: '1',
      city: 'Mysuru',
      locationIndex: '1',
      sourceId: '7',
      note: 'Referred by Priya',
      sendConfirmation: 'yes',
    });
    expect((sent.resume as File).name).toBe('asha.pdf');
  });

  it("shows every refusal at once, beside its field and in a summary, the box's mail unasked", async () => {
    const user = userEvent.setup();
    let sent: ReturnType<typeof formFields> = {};
    const { history } = renderAddCandidate((_url, init) => {
      sent = formFields(init?.body);
      return problem(400, 'Please enter a valid First Name (only characters)', [
        { field: 'firstName', message: 'Please enter a valid First Name (only characters)' },
        {
          field: 'mobileNumber',
          message: 'Mobile number should be 10 digits and contain only numbers.',
        },
        { field: 'locationIndex', message: 'Please choose the place you would work from.' },
        { field: 'resume', message: 'Please select your Resume.' },
        { field: 'sourceId', message: 'Please choose where the candidate came from.' },
      ]);
    });
    await screen.findByRole('heading', { name: /^Add candidate · / });
    await user.type(screen.getByLabelText('First name'), 'A5ha');
    await user.click(screen.getByRole('button', { name: 'Add candidate' }));

    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Please enter a valid First Name (only characters).',
      'Mobile number should be 10 digits and contain only numbers.',
      'Please choose the place you would work from.',
      'Please select your Resume.',
      'Please choose where the candidate came from.',
    ]);
    const first = screen.getByLabelText('First name');
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription('Please enter a valid First Name (only characters).');
    expect(screen.getByLabelText('Source')).toHaveAccessibleDescription(
      /Please choose where the candidate came from\./,
    );
    await waitFor(() => expect(first).toHaveFocus());
    expect(sent.sendConfirmation).toBeUndefined();
    expect(history.location.pathname).toBe('/recruiters/openings/3/add-candidate');
  });

  it('says so when the same application was stored already, with a link to it', async () => {
    const user = userEvent.setup();
    const { history } = renderAddCandidate(() =>
      json({ applicantId: 41, message: 'Applied Successfully!', duplicate: true }),
    );
    await screen.findByRole('heading', { name: /^Add candidate · / });
    await user.click(screen.getByRole('button', { name: 'Add candidate' }));
    expect(
      await screen.findByText(/This application was stored already: nothing new was added\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the applicant' })).toHaveAttribute(
      'href',
      '/recruiters/applicants/41',
    );
    expect(history.location.pathname).toBe('/recruiters/openings/3/add-candidate');
  });

  it("is offered on an opening's list of applicants", async () => {
    mockSignedIn({
      'GET /recruiters/job-choices': () => json([opening]),
      'GET /recruiters/applicants': () => json({ items: [], total: 0, page: 1, pageSize: 25 }),
      'GET /recruiters/sources': () => json(referral),
    });
    renderConsole('/recruiters/applicants?jobId=3');
    expect(await screen.findByRole('link', { name: 'Add candidate' })).toHaveAttribute(
      'href',
      '/recruiters/openings/3/add-candidate',
    );
  });
});
