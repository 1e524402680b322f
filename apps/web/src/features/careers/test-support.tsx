import type {
  CareerListing,
  DropDownOption,
  OpeningTerms,
  PublicOpening,
} from '@lumenfield/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ComponentProps, ReactElement } from 'react';
import { expect, vi } from 'vitest';
import { pendingRequests } from '@/lib/pending-requests';
import { Router, createMemoryHistory, useLocation } from '@lumenfield/page-kit';
import { fakeXhrOver } from '@/test/fake-xhr';

export { formFields } from '@/test/fake-xhr';
import { clearOptionCache } from './api/options';
import { draftStore } from './application/application-form';
import { ApplyDialogForm } from './components/apply-dialog-form';

/** jsdom has no showModal(); this gives <dialog> the open/close behaviour the Modal relies on. */
export function installDialogPolyfill() {
  const proto = HTMLDialogElement.prototype;
  proto.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

export const countries: DropDownOption[] = [
  { value: 356, label: 'India' },
  { value: 608, label: 'Philippines' },
  { value: 840, label: 'United States of America' },
];
export const statesOf: Record<number, DropDownOption[]> = {
  356: [{ value: 3562, label: 'Karnataka' }],
  608: [{ value: 6081, label: 'Metro Manila' }],
  840: [
    { value: 8401, label: 'New Jersey' },
    { value: 8402, label: 'Texas' },
  ],
};
export const experienceBands: DropDownOption[] = [
  { value: 1, label: '0-2 years' },
  { value: 2, label: '3-5 years' },
];

/** The terms both fixtures' opening carries: full time, hybrid, a yearly range in rupees. */
const terms: OpeningTerms = {
  employmentType: 'FULL_TIME',
  workplaceType: 'HYBRID',
  payMin: 1_200_000,
  payMax: 1_800_000,
  payCurrency: 'INR',
  payPeriod: 'YEAR',
};

/** A row of the careers page (names, terms, age, country and search words). */
export const opening = (over: Partial<CareerListing> = {}): CareerListing => ({
  id: 7,
  code: 'LTP-QA-2201',
  title: 'QA Automation Engineer',
  location: 'Pune, India',
  posted: { days: 3, hours: 75, minutes: 4500 },
  ...terms,
  countryValue: 356,
  countryName: 'India',
  countries: [{ value: 356, name: 'India' }],
  searchText: 'qa automation engineer ltp qa 2201 playwright',
  ...over,
});

/** An opening's page, as a visitor sees it. */
export const publicOpening = (over: Partial<PublicOpening> = {}): PublicOpening => ({
  id: 7,
  code: 'LTP-QA-2201',
  title: 'QA Automation Engineer',
  location: 'Pune, India',
  effectiveFrom: '2026-11-19T09:05:00.000Z',
  recruitmentManagers: 'Meera Shah, Tom Alvarez',
  contactPersons: 'Ravi Kumar, Lena Ortiz',
  contactEmails: 'ravi.kumar@example.com, lena.ortiz@example.com',
  description: '<h2>Quality first</h2><p>Build <strong>test suites</strong>.</p>',
  ...terms,
  locations: [{ city: 'Pune', region: 'IN-MH', country: 'IN' }],
  remoteCountries: [],
  questions: [],
  ...over,
});

import { json, problem } from '@/test/responses';

export { json, problem };

export type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * A fake API behind `fetch`: reference data answers as the real server does; `handlers`
 * answer the rest (listing, detail, the application's post) per test.
 */
export function mockApi(handlers: Record<string, Handler> = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const handler = handlers[path];
    if (handler) return handler(url, init);
    if (path === '/Jobs/GetRecruitmentManagerDropDownValues') {
      const control = url.searchParams.get('ControlName');
      if (control === 'Country') return json(countries);
      if (control === 'Experience') return json(experienceBands);
    }
    if (path === '/Jobs/GetStatesByCountry') {
      return json(statesOf[Number(url.searchParams.get('CountryID'))] ?? []);
    }
    return problem(404, 'Not found');
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', fakeXhrOver(fetchMock));
  return fetchMock;
}

/** Calls made to one API path, as URLs. */
export const callsTo = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === `/api${path}`);

export function resetCareersState() {
  draftStore.clear();
  clearOptionCache();
  pendingRequests.reset();
}

/** Renders a screen inside a memory router at `url` (e.g. '/jobs?JobID=7'). */
export function renderAt(element: ReactElement, url: string, path = '/careers') {
  const history = createMemoryHistory([url]);
  function Screen() {
    return useLocation().pathname === path ? element : <p>Elsewhere</p>;
  }
  return {
    history,
    ...render(
      <Router history={history}>
        <Screen />
      </Router>,
    ),
  };
}

/** The apply form for `job` over a fake API, with a user who types without delay. */
export function renderApplyForm(
  job: ComponentProps<typeof ApplyDialogForm>['job'],
  handlers: Record<string, Handler> = {},
) {
  const fetchMock = mockApi(handlers);
  const onApplied = vi.fn();
  const user = userEvent.setup({ applyAccept: false, delay: null });
  const view = render(<ApplyDialogForm job={job} onApplied={onApplied} />);
  return { fetchMock, onApplied, user, ...view };
}

/** The apply form's control labelled `label` (its label also carries the required mark). */
export const field = (label: string) => screen.getByLabelText(label, { exact: false });

/** The apply form's summary of a failed submit, when it shows one. */
export const querySummary = () => screen.queryByRole('alert', { name: /^Please check/ });

/** The sentences the summary lists, in order (none without a summary). */
export const summaryMessages = () => {
  const summary = querySummary();
  return summary
    ? within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent)
    : [];
};

/** The sentences a control's description holds: a group's (a fieldset's) for one of its choices. */
function descriptionOf(control: HTMLElement): string {
  const described = control.hasAttribute('aria-describedby')
    ? control
    : (control.closest('fieldset') ?? control);
  return (described.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

/**
 * Every failure of a submit at once: the summary, focused, lists each sentence in order as a
 * link to its control (a label, or the control itself), which is invalid and described by it.
 */
export async function expectSummary(
  expected: readonly (readonly [message: string, control: string | HTMLElement])[],
) {
  const summary = await screen.findByRole('alert', { name: /^Please check/ });
  await waitFor(() => expect(summary).toHaveFocus());
  expect(summary).toHaveAccessibleName(
    expected.length === 1 ? 'Please check one answer' : `Please check ${expected.length} answers`,
  );
  const links = within(summary).getAllByRole('link');
  expect(links.map((link) => link.textContent)).toEqual(expected.map(([message]) => message));
  expected.forEach(([message, label], index) => {
    const control = typeof label === 'string' ? field(label) : label;
    expect(links[index]).toHaveAttribute('href', `#${control.id}`);
    expect(control).toHaveAttribute('aria-invalid', 'true');
    expect(descriptionOf(control)).toContain(message);
  });
  return summary;
}

/** Types a valid applicant into the apply form: Ana Okafor of Austin, Texas, unless told. */
export async function fillApplicant(
  user: UserEvent,
  {
    firstName = 'Ana',
    country = 'United States of America',
    state = 'Texas',
    city = 'Austin',
    resume = null as File | null,
  } = {},
) {
  await user.type(field('First Name'), firstName);
  await user.type(field('Last Name'), 'Okafor');
  await user.type(field('Mobile Number'), '5550101234');
  await screen.findByRole('option', { name: country });
  await user.selectOptions(field('Country'), country);
  await screen.findByRole('option', { name: state });
  await user.selectOptions(field('State'), state);
  await user.type(field('City'), city);
  await user.type(field('Email'), 'ana@example.com');
  if (resume) await user.upload(field('Resume'), resume);
}
