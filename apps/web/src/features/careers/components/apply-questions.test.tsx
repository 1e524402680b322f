import {
  APPLIED_SUCCESSFULLY,
  applicationMessages,
  type PublicQuestion,
} from '@lumenfield/contract';
import { analystQuestions } from '@lumenfield/contract/testing';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  callsTo,
  expectSummary,
  field,
  fillApplicant,
  formFields,
  json,
  type mockApi,
  publicOpening,
  renderApplyForm,
  resetCareersState,
} from '../test-support';

beforeEach(() => resetCareersState());
afterEach(() => vi.restoreAllMocks());

const questions: PublicQuestion[] = [
  ...analystQuestions,
  { key: 'permit', label: 'Do you need a work permit?', type: 'yes_no', required: true },
  { key: 'motivation', label: 'Why us?', type: 'long_text', required: false },
  { key: 'site', label: 'Portfolio', type: 'url', required: false },
  { key: 'start', label: 'Earliest start', type: 'date', required: false },
  { key: 'nick', label: 'Preferred name', type: 'short_text', required: false },
  {
    key: 'shift',
    label: 'Shift',
    type: 'single_select',
    required: false,
    options: ['Early', 'Late'],
  },
  {
    key: 'city',
    label: 'Office',
    type: 'single_select',
    required: false,
    options: ['Pune', 'Austin', 'Manila', 'Chennai', 'Dallas', 'Cebu', 'Delhi'],
  },
];
const job = { id: 7, code: 'LTP-QA-2201', title: 'QA Automation Engineer', location: 'Pune' };

function setup(handlers = {}, withQuestions = true) {
  return renderApplyForm(withQuestions ? { ...job, questions } : job, {
    '/openings/7/applications': () => json({ applicantId: 3, message: APPLIED_SUCCESSFULLY }, 201),
    ...handlers,
  });
}

const fillStandard = (user: UserEvent) =>
  fillApplicant(user, {
    country: 'India',
    state: 'Karnataka',
    city: 'Pune',
    resume: new File(['%PDF-1.4 x'], 'cv.pdf', { type: 'application/pdf' }),
  });

const sent = (fetchMock: ReturnType<typeof mockApi>) => {
  const call = fetchMock.mock.calls.find(([input]) =>
    String(input).includes('/openings/7/applications'),
  );
  return formFields(call?.[1]?.body);
};

describe("The apply dialog's questions", () => {
  it('renders each type as its own control, required ones marked', async () => {
    setup();
    const years = field('Years with SQL');
    expect(years).toHaveAttribute('inputmode', 'decimal');
    expect(years).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('radiogroup', { name: /Do you need a work permit/ })).toHaveAttribute(
      'aria-required',
      'true',
    );
    expect(field('Why us?').tagName).toBe('TEXTAREA');
    expect(field('Why us?')).toHaveAttribute('maxlength', '4000');
    expect(field('Preferred name')).toHaveAttribute('maxlength', '200');
    expect(field('Portfolio')).toHaveAttribute('type', 'url');
    expect(field('Earliest start')).toHaveAttribute('type', 'date');
    const tools = screen.getByRole('group', { name: /Tools you use/ });
    expect(within(tools).getAllByRole('checkbox')).toHaveLength(3);
    expect(
      within(screen.getByRole('radiogroup', { name: 'Shift (optional)' })).getAllByRole('radio'),
    ).toHaveLength(2);
    // More than six options: a select.
    expect(field('Office').tagName).toBe('SELECT');
  });

  it('a wrong answer is listed in the summary and beside the question; fixed, the answers are sent', async () => {
    const { fetchMock, onApplied, user } = setup();
    await fillStandard(user);
    await user.type(field('Years with SQL'), 'five');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('checkbox', { name: 'Tableau' }));
    await user.click(screen.getByRole('checkbox', { name: 'Excel' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    const message = '“Years with SQL” must be a number, such as 5 or 2.5.';
    const years = field('Years with SQL');
    await expectSummary([[message, years]]);
    expect(callsTo(fetchMock, '/openings/7/applications')).toHaveLength(0);

    await user.clear(years);
    await user.type(years, '6');
    expect(years).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => expect(onApplied).toHaveBeenCalled());
    // Only what was answered, the checkboxes in the order offered.
    const answers = Object.entries(sent(fetchMock)).filter(([name]) => name.startsWith('answers['));
    expect(Object.fromEntries(answers)).toEqual({
      'answers[years]': '6',
      'answers[permit]': 'No',
      'answers[tools]': ['Excel', 'Tableau'],
    });
  });

  it('a required question left empty is named', async () => {
    const { user } = setup();
    await fillStandard(user);
    await user.type(field('Years with SQL'), '3');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await expectSummary([
      ['Please answer “Do you need a work permit?”.', screen.getByRole('radio', { name: 'Yes' })],
    ]);
  });

  it("a rule and answers failing together: the rules first, then the questions' order", async () => {
    const { user } = setup();
    await fillStandard(user);
    await user.clear(field('First Name'));
    await user.type(field('First Name'), 'R2');
    await user.type(field('Years with SQL'), 'five');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await expectSummary([
      [applicationMessages.firstName, 'First Name'],
      ['“Years with SQL” must be a number, such as 5 or 2.5.', 'Years with SQL'],
      ['Please answer “Do you need a work permit?”.', screen.getByRole('radio', { name: 'Yes' })],
    ]);
  });

  it("the server's 400 for answers.<key> is listed and shown beside its question, typed kept", async () => {
    const problem = {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'The application has errors.',
      errors: [{ field: 'answers.site', message: '“Portfolio” must be a web address.' }],
    };
    const { user } = setup({ '/openings/7/applications': () => json(problem, 400) });
    await fillStandard(user);
    await user.type(field('Years with SQL'), '3');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.type(field('Portfolio'), 'https://ana.example.com');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const portfolio = field('Portfolio');
    await expectSummary([['“Portfolio” must be a web address.', portfolio]]);
    expect(portfolio).toHaveValue('https://ana.example.com');
    expect(field('Years with SQL')).toHaveValue('3');
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(field('First Name')).toHaveValue('Ana');
  });

  it('opened from the careers list, the form reads the questions from the opening', async () => {
    const { fetchMock } = setup(
      {
        '/openings/7': () => json(publicOpening({ questions: questions.slice(0, 1) })),
      },
      false,
    );
    expect(await screen.findByLabelText('Years with SQL', { exact: false })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/openings/7')).toHaveLength(1);
  });
});
