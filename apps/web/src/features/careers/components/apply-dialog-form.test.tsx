import {
  CLOSED_OPENING_MESSAGE,
  APPLIED_SUCCESSFULLY,
  MAX_RESUME_BYTES,
  applicationMessages as m,
} from '@lumenfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { READ_FAILED_MESSAGE } from '../application/application-form';
import {
  callsTo,
  expectSummary,
  field,
  fillApplicant,
  formFields,
  json,
  problem,
  querySummary,
  renderApplyForm,
  resetCareersState,
  summaryMessages,
  type Handler,
} from '../test-support';
import { UPLOAD_CANCELLED, sizeText } from './apply-dialog-parts';

const job = {
  id: 7,
  code: 'LTP-QA-2201',
  title: 'QA Automation Engineer',
  location: 'Pune, India',
  // The job page hands its questions over (none here); apply-questions.test.tsx has the rest.
  questions: [],
};
const pdfBytes = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';
const pdf = (name = 'resume.pdf', type = 'application/pdf') => new File([pdfBytes], name, { type });

beforeEach(() => resetCareersState());
afterEach(() => vi.restoreAllMocks());

const setup = (handlers: Record<string, Handler> = {}) => renderApplyForm(job, handlers);

const input = (label: string) => field(label) as HTMLInputElement;

const fillValid = (user: UserEvent, resume: File | null = pdf()) =>
  fillApplicant(user, { firstName: 'Ana María', resume });

async function submit(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Apply' }));
}

/** The one failure listed, once the send has judged the form (its phone rules load then). */
const expectOnlyError = (message: string, label: string) => expectSummary([[message, label]]);

describe('Apply for Job form: the application rules, in order, every failure at once', () => {
  it('1. no resume chosen', async () => {
    const { user } = setup();
    await fillValid(user, null);
    await submit(user);
    await expectOnlyError(m.resumeMissing, 'Resume');
  });

  it('2. a file that is not PDF or Word, and the file input is reset', async () => {
    const { user } = setup();
    await fillValid(user, new File(['png'], 'photo.png', { type: 'image/png' }));
    expect(input('Resume').files).toHaveLength(1);
    await submit(user);
    await expectOnlyError(m.resumeType, 'Resume');
    expect(input('Resume').files).toHaveLength(0);
  });

  it('2. a .pdf name whose browser-reported type is an image is refused too', async () => {
    const { user } = setup();
    await fillValid(user, pdf('scan.pdf', 'image/jpeg'));
    await submit(user);
    await expectOnlyError(m.resumeType, 'Resume');
  });

  it('3. a file over 5 MB, and the file input is reset', async () => {
    const { user } = setup();
    const big = new File([new Uint8Array(MAX_RESUME_BYTES + 1)], 'cv.docx', { type: '' });
    await fillValid(user, big);
    await submit(user);
    await expectOnlyError(m.resumeSize, 'Resume');
    expect(input('Resume').files).toHaveLength(0);
  });

  it.each([
    ['First Name', 'Ann3', m.firstName],
    ['Last Name', 'O$Brien', m.lastName],
    ['City', '90210', m.city],
    ['Email', 'ana@example', m.email],
    ['Mobile Number', '555-010-12', m.mobile],
  ])('%s = %j shows its message', async (label, value, message) => {
    const { user } = setup();
    await fillValid(user);
    await user.clear(field(label));
    await user.type(field(label), value);
    await submit(user);
    await expectOnlyError(message, label);
  });

  it.each([
    ['+49 151 23456789', 'United States of America', 'Texas'],
    ['0917 123 4567', 'Philippines', 'Metro Manila'],
    ['+1 303 555 0112', 'United States of America', 'Texas'],
  ])('the mobile number %j (from %s) is sent as typed', async (mobile, country, state) => {
    let body: unknown;
    const { user, onApplied } = setup({
      '/openings/7/applications': (_url, init) => {
        body = init?.body;
        return json({ applicantId: 41, message: APPLIED_SUCCESSFULLY }, 201);
      },
    });
    await fillApplicant(user, { country, state, resume: pdf() });
    await user.clear(field('Mobile Number'));
    await user.type(field('Mobile Number'), mobile);
    await submit(user);
    await waitFor(() => expect(onApplied).toHaveBeenCalledTimes(1));
    expect(formFields(body).mobileNumber).toBe(mobile);
  });

  it('9. no country (and so no state) lists both, as the server does', async () => {
    const { user } = setup();
    await fillValid(user);
    await user.selectOptions(field('Country'), 'Select Country*');
    await submit(user);
    await expectSummary([
      [m.country, 'Country'],
      [m.state, 'State'],
    ]);
  });

  it('10. a country without a state', async () => {
    const { user } = setup();
    await fillValid(user);
    await user.selectOptions(field('State'), 'Select State*');
    await submit(user);
    await expectOnlyError(m.state, 'State');
  });

  it('11. an empty resume file', async () => {
    const { user } = setup();
    await fillValid(user, new File([], 'empty.pdf', { type: 'application/pdf' }));
    await submit(user);
    await expectOnlyError(m.attachment, 'Resume');
  });

  it("six failures: all listed at once in the rules' order, each beside its field", async () => {
    const { user, fetchMock } = setup();
    await user.type(field('First Name'), 'R2D2');
    await user.type(field('Last Name'), 'Okafor');
    await user.type(field('Mobile Number'), '55501');
    await user.type(field('City'), 'Austin');
    await user.type(field('Email'), 'nope');
    await submit(user);
    await expectSummary([
      [m.resumeMissing, 'Resume'],
      [m.firstName, 'First Name'],
      [m.email, 'Email'],
      [m.mobile, 'Mobile Number'],
      [m.country, 'Country'],
      [m.state, 'State'],
    ]);
    expect(callsTo(fetchMock, '/openings/7/applications')).toHaveLength(0);
  });

  it('a wrong file and wrong fields together: all listed, the file input reset', async () => {
    const { user } = setup();
    await fillValid(user, new File(['png'], 'photo.png', { type: 'image/png' }));
    await user.clear(field('City'));
    await user.type(field('City'), '90210');
    await submit(user);
    await expectSummary([
      [m.resumeType, 'Resume'],
      [m.city, 'City'],
    ]);
    expect(input('Resume').files).toHaveLength(0);
  });

  it("a summary's link focuses its field", async () => {
    const { user } = setup();
    await fillValid(user, null);
    await user.clear(field('Email'));
    await user.type(field('Email'), 'ana@');
    await submit(user);
    const summary = await expectSummary([
      [m.resumeMissing, 'Resume'],
      [m.email, 'Email'],
    ]);
    await user.click(within(summary).getByRole('link', { name: m.email }));
    expect(field('Email')).toHaveFocus();
    await user.click(within(summary).getByRole('link', { name: m.resumeMissing }));
    expect(field('Resume')).toHaveFocus();
  });

  it('text is trimmed before the rules run', async () => {
    const { user } = setup();
    await fillValid(user);
    await user.type(field('City'), '   ');
    await user.clear(field('Mobile Number'));
    await user.type(field('Mobile Number'), ' 5550101234 ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(input('City').value).toBe('Austin'));
    expect(querySummary()).not.toBeInTheDocument();
    expect(input('Mobile Number').value).toBe('5550101234');
  });
});

describe('editing and clearing', () => {
  it('the first name drops leading spaces as it is typed', async () => {
    const { user } = setup();
    await user.type(field('First Name'), '   Ana Maria ');
    expect(input('First Name').value).toBe('Ana Maria ');
  });

  it("editing a field hides the sentence beside it, not another's; the summary stays", async () => {
    const { user } = setup();
    await fillValid(user);
    await user.clear(field('Email'));
    await user.type(field('Email'), 'bad');
    await user.clear(field('City'));
    await user.type(field('City'), '9');
    await submit(user);
    await expectSummary([
      [m.city, 'City'],
      [m.email, 'Email'],
    ]);
    await user.type(field('Email'), '@example.com');
    expect(field('Email')).not.toHaveAttribute('aria-invalid');
    expect(field('Email')).not.toHaveAccessibleDescription(m.email);
    expect(field('City')).toHaveAttribute('aria-invalid', 'true');
    // Until the next submit the summary lists what failed then.
    expect(summaryMessages()).toEqual([m.city, m.email]);
  });

  it('a new submit lists only what fails now', async () => {
    const { user } = setup();
    await fillValid(user, null);
    await submit(user);
    await expectOnlyError(m.resumeMissing, 'Resume');
    await user.clear(field('Last Name'));
    await user.upload(field('Resume'), pdf());
    await submit(user);
    await expectOnlyError(m.lastName, 'Last Name');
    expect(field('Resume')).not.toHaveAttribute('aria-invalid');
  });

  it('Clear empties every field, the state list and the file input', async () => {
    const { user } = setup();
    await fillValid(user);
    await user.selectOptions(field('Experience'), '3-5 years');
    await user.type(field('Referred by'), 'Priya Raman');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    for (const label of [
      'First Name',
      'Last Name',
      'Mobile Number',
      'City',
      'Email',
      'Referred by',
    ])
      expect(input(label).value).toBe('');
    for (const label of ['Country', 'State', 'Experience'])
      expect((field(label) as HTMLSelectElement).value).toBe('');
    expect(within(field('State')).getAllByRole('option')).toHaveLength(1);
    expect(input('Resume').files).toHaveLength(0);
  });

  it('choosing a country loads its states; clearing it empties the state list', async () => {
    const { user, fetchMock } = setup();
    const country = field('Country');
    expect(within(country).getAllByRole('option')[0]).toHaveTextContent('Select Country*');
    await screen.findByRole('option', { name: 'India' });
    expect(
      within(field('State'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select State*']);
    await user.selectOptions(country, 'United States of America');
    await screen.findByRole('option', { name: 'New Jersey' });
    expect(callsTo(fetchMock, '/Jobs/GetStatesByCountry').map((u) => u.search)).toEqual([
      '?CountryID=840',
    ]);
    await user.selectOptions(field('State'), 'Texas');
    await user.selectOptions(country, 'India');
    await screen.findByRole('option', { name: 'Karnataka' });
    expect(screen.queryByRole('option', { name: 'Texas' })).not.toBeInTheDocument();
    expect((field('State') as HTMLSelectElement).value).toBe('');
    await user.selectOptions(country, 'Select Country*');
    expect(within(field('State')).getAllByRole('option')).toHaveLength(1);
  });
});

describe('submitting', () => {
  it('sends the application as multipart/form-data with the resume as a file, then reports success', async () => {
    let body: unknown;
    let headers: Record<string, string> = {};
    document.cookie = 'XSRF-TOKEN=token-from-cookie; path=/';
    const { user, onApplied, fetchMock } = setup({
      '/openings/7/applications': (_url, init) => {
        body = init?.body;
        headers = init?.headers as Record<string, string>;
        return json({ applicantId: 41, message: APPLIED_SUCCESSFULLY }, 201);
      },
    });
    await fillValid(user);
    await user.selectOptions(field('Experience'), '3-5 years');
    await user.type(field('Referred by'), '  Priya Raman ');
    await submit(user);
    await waitFor(() => expect(onApplied).toHaveBeenCalledTimes(1));
    expect(onApplied).toHaveBeenCalledWith({ applicantId: 41, message: APPLIED_SUCCESSFULLY });
    expect(callsTo(fetchMock, '/openings/7/applications')).toHaveLength(1);
    // The API client's guard headers; no Content-Type: the browser sets the form's boundary.
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(headers['X-XSRF-TOKEN']).toBe('token-from-cookie');
    expect(headers['Content-Type']).toBeUndefined();
    const { resume, ...fields } = formFields(body);
    expect(fields).toEqual({
      firstName: 'Ana María',
      lastName: 'Okafor',
      mobileNumber: '5550101234',
      countryId: '840',
      stateId: '8402',
      city: 'Austin',
      email: 'ana@example.com',
      experience: '2',
      referredBy: 'Priya Raman',
    });
    expect(resume).toBeInstanceOf(File);
    const file = resume as File;
    expect(file.name).toBe('resume.pdf');
    expect(file.type).toBe('application/pdf');
    // jsdom's File has no text(): read as the browser's FileReader would.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(file);
    });
    expect(text).toBe(pdfBytes);
  });

  it('leaves out what is unset: no experience, no referrer', async () => {
    let body: unknown;
    const { user, onApplied } = setup({
      '/openings/7/applications': (_url, init) => {
        body = init?.body;
        return json({ applicantId: 42, message: APPLIED_SUCCESSFULLY }, 201);
      },
    });
    await fillValid(user);
    await user.type(field('Referred by'), '   ');
    await submit(user);
    await waitFor(() => expect(onApplied).toHaveBeenCalledTimes(1));
    // (In any order: the server reads the parts by name.)
    expect(Object.keys(formFields(body)).sort()).toEqual(
      [
        'firstName',
        'lastName',
        'mobileNumber',
        'countryId',
        'stateId',
        'city',
        'email',
        'resume',
      ].sort(),
    );
  });

  it('cannot submit twice while the first submit is under way', async () => {
    let release: () => void = () => undefined;
    const { user, onApplied, fetchMock } = setup({
      '/openings/7/applications': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json({ applicantId: 1, message: APPLIED_SUCCESSFULLY }, 201));
        }),
    });
    await fillValid(user);
    await submit(user);
    await screen.findByText('Sending your application…');
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveAttribute('aria-disabled', 'true');
    await submit(user);
    await submit(user);
    release();
    await waitFor(() => expect(onApplied).toHaveBeenCalledTimes(1));
    expect(callsTo(fetchMock, '/openings/7/applications')).toHaveLength(1);
  });

  it('a 400 with field errors: all of them in the summary and beside their fields, typed kept', async () => {
    const { user, onApplied } = setup({
      '/openings/7/applications': () =>
        problem(400, m.email, [
          { field: 'email', message: m.email },
          { field: 'mobileNumber', message: m.mobile },
          // A field the form does not show is listed without a link.
          { field: 'CountyID', message: 'is not a field of an application' },
        ]),
    });
    await fillValid(user);
    await submit(user);
    const summary = await screen.findByRole('alert', { name: 'Please check 3 answers' });
    await waitFor(() => expect(summary).toHaveFocus());
    expect(summaryMessages()).toEqual([
      m.email,
      m.mobile,
      'CountyID: is not a field of an application',
    ]);
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([`#${field('Email').id}`, `#${field('Mobile Number').id}`]);
    expect(field('Email')).toHaveAccessibleDescription(m.email);
    expect(field('Mobile Number')).toHaveAccessibleDescription(
      expect.stringContaining(m.mobile) as unknown as string,
    );
    expect(onApplied).not.toHaveBeenCalled();
    expect(input('Email').value).toBe('ana@example.com');
    expect(input('Resume').files?.[0]?.name).toBe('resume.pdf');
  });

  it.each([
    ['a 404 closed job: at the top', problem(404, CLOSED_OPENING_MESSAGE), CLOSED_OPENING_MESSAGE],
    [
      'a 413 (too large to send): at the top',
      new Response('', { status: 413 }),
      'The application is too large to send. A resume may be at most 5 MB.',
    ],
    ['a 429: at the top', problem(429, 'Slow down, please.'), 'Slow down, please.'],
  ])('%s, and everything typed is kept', async (_, response, message) => {
    const { user, onApplied } = setup({ '/openings/7/applications': () => response });
    await fillValid(user);
    await submit(user);
    const shown = await screen.findByText(message);
    expect(shown).toHaveAttribute('role', 'alert');
    expect(shown).toHaveFocus();
    expect(onApplied).not.toHaveBeenCalled();
    expect(input('First Name').value).toBe('Ana María');
    expect(input('Email').value).toBe('ana@example.com');
    expect((field('State') as HTMLSelectElement).value).toBe('8402');
    expect(input('Resume').files?.[0]?.name).toBe('resume.pdf');
    expect(screen.queryByText('Sending your application…')).not.toBeInTheDocument();
  });

  it('a network failure says so and keeps everything', async () => {
    const { user } = setup({
      '/openings/7/applications': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await fillValid(user);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK_ERROR_MESSAGE);
    expect(input('Last Name').value).toBe('Okafor');
    expect(input('Resume').files).toHaveLength(1);
  });

  it("a file that can't be read logs 'Error reading file content.' and says so", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(FileReader.prototype, 'readAsArrayBuffer').mockImplementation(function (
      this: FileReader,
    ) {
      queueMicrotask(() => this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>));
    });
    const { user, fetchMock } = setup();
    await fillValid(user);
    await submit(user);
    await expectOnlyError(READ_FAILED_MESSAGE, 'Resume');
    expect(consoleError).toHaveBeenCalledWith('Error reading file content.');
    expect(callsTo(fetchMock, '/openings/7/applications')).toHaveLength(0);
  });
});

describe('sending: progress, cancel and the privacy notice', () => {
  it('shows the share sent with bytes, announces it in steps, and can be cancelled', async () => {
    // The server never answers: the upload stays half sent until it is cancelled.
    const { user, onApplied } = setup({
      '/openings/7/applications': () => new Promise<Response>(() => undefined),
    });
    await fillValid(user);
    await submit(user);
    const bar = await screen.findByRole('progressbar', { name: 'Sending your application…' });
    await waitFor(() => expect((bar as HTMLProgressElement).value).toBe(50));
    expect(screen.getByText(/^50% · /)).toHaveTextContent(
      `50% · ${sizeText(Math.round(pdfBytes.length / 2))} of ${sizeText(pdfBytes.length)}`,
    );
    expect(screen.getByText('Sending: 50% sent')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel sending' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UPLOAD_CANCELLED);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(onApplied).not.toHaveBeenCalled();
    expect(input('First Name').value).toBe('Ana María');
    expect(input('Resume').files?.[0]?.name).toBe('resume.pdf');
  });

  it('says who sees the data, why, how long, the rights, and links the privacy policy', () => {
    setup();
    const notice = screen.getByRole('region', { name: 'How we use your application' });
    expect(notice).toHaveTextContent("our recruiters and this opening's contact persons");
    expect(notice).toHaveTextContent('365 days after the opening closes');
    expect(within(notice).getByRole('link', { name: /privacy policy/ })).toHaveAttribute(
      'href',
      '/privacypolicy',
    );
    // Before Apply in reading order.
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(notice.compareDocumentPosition(apply) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it.each([
    [0, '0.0 MB'],
    [500, '1 KB'],
    [655_360, '640 KB'],
    [2_202_010, '2.1 MB'],
    [5_242_880, '5.0 MB'],
  ])('sizeText(%i) is %s', (bytes, text) => {
    expect(sizeText(bytes)).toBe(text);
  });
});
