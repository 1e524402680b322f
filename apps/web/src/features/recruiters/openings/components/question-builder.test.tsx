import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_QUESTIONS, type FieldError, type Question } from '@lumenfield/contract';
import { QuestionBuilder } from './question-builder';
import { draftOf, keyFromLabel, questionsFromDrafts, type QuestionDraft } from '../question-drafts';
import { job, json, mockSignedIn, problem, renderConsole } from '../../shell/test-support';

beforeAll(() => {
  document.elementFromPoint ??= () => null;
});

/** The builder over its own state; `latest()` is what the form would send. */
function renderBuilder(initial: QuestionDraft[] = [], errors: FieldError[] = []) {
  let current = initial;
  function Host() {
    const [questions, setQuestions] = useState(initial);
    current = questions;
    return <QuestionBuilder questions={questions} onChange={setQuestions} errors={errors} />;
  }
  render(<Host />);
  return { latest: () => questionsFromDrafts(current) };
}

const row = (n: number) => screen.getAllByRole('listitem')[n - 1]!;

describe('the question builder', () => {
  it('keys: made from the label, unique, starting with a letter', () => {
    expect(keyFromLabel('Do you need a visa?')).toBe('do_you_need_a_visa');
    expect(keyFromLabel('Années d’expérience')).toBe('annees_d_experience');
    expect(keyFromLabel('3 references')).toBe('q_3_references');
    expect(keyFromLabel('¿?')).toBe('question');
    const twins = questionsFromDrafts([
      { ...draftOf(), label: 'Notice' },
      { ...draftOf(), label: 'Notice' },
    ]);
    expect(twins.map((q) => q.key)).toEqual(['notice', 'notice_2']);
  });

  it('adds a question by keyboard with its type, options and knock-out answers', async () => {
    const user = userEvent.setup();
    const { latest } = renderBuilder();
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    const label = within(row(1)).getByLabelText('Question');
    await waitFor(() => expect(label).toHaveFocus());
    await user.keyboard('Which shift suits you?');
    await user.selectOptions(within(row(1)).getByLabelText('Answered as'), 'One choice');
    await user.type(within(row(1)).getByLabelText('Options'), 'Early{Enter}Late{Enter}Night');
    await user.click(within(row(1)).getByLabelText('Answer required'));
    const knockout = within(row(1)).getByRole('group', { name: 'Knock-out answers' });
    await user.click(within(knockout).getByRole('checkbox', { name: 'Night' }));
    expect(latest()).toEqual<Question[]>([
      {
        key: 'which_shift_suits_you',
        label: 'Which shift suits you?',
        type: 'single_select',
        required: true,
        options: ['Early', 'Late', 'Night'],
        knockout: ['Night'],
      },
    ]);
  });

  it('a yes/no question offers Yes and No as knock-out answers; a text one offers none', async () => {
    const user = userEvent.setup();
    renderBuilder([{ ...draftOf(), label: 'Can you travel?', type: 'yes_no' }]);
    const knockout = within(row(1)).getByRole('group', { name: 'Knock-out answers' });
    expect(
      within(knockout)
        .getAllByRole('checkbox')
        .map((box) => box.id),
    ).toHaveLength(2);
    await user.selectOptions(within(row(1)).getByLabelText('Answered as'), 'Short answer');
    expect(within(row(1)).queryByRole('group', { name: 'Knock-out answers' })).toBeNull();
  });

  it('a saved key stays when the label is edited', async () => {
    const user = userEvent.setup();
    const saved = draftOf({ key: 'visa', label: 'Visa?', type: 'yes_no', required: true });
    const { latest } = renderBuilder([saved]);
    const label = within(row(1)).getByLabelText('Question');
    expect(label).toHaveAccessibleDescription(/visa/);
    await user.clear(label);
    await user.type(label, 'Do you need a work visa?');
    expect(latest()[0]).toMatchObject({ key: 'visa', label: 'Do you need a work visa?' });
  });

  it('moves questions up and down, focus staying on the moved one, and removes them', async () => {
    const user = userEvent.setup();
    const { latest } = renderBuilder(
      ['One', 'Two', 'Three'].map((label) => ({ ...draftOf(), label })),
    );
    expect(within(row(1)).getByRole('button', { name: 'Move “One” up' })).toBeDisabled();
    await user.click(within(row(3)).getByRole('button', { name: 'Move “Three” up' }));
    expect(latest().map((q) => q.label)).toEqual(['One', 'Three', 'Two']);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move “Three” up' })).toHaveFocus(),
    );
    expect(screen.getByText('Question moved to position 2 of 3.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move “One” down' }));
    expect(latest().map((q) => q.label)).toEqual(['Three', 'One', 'Two']);
    await user.click(screen.getByRole('button', { name: 'Remove “One”' }));
    expect(latest().map((q) => q.label)).toEqual(['Three', 'Two']);
    await waitFor(() => expect(within(row(2)).getByLabelText('Question')).toHaveFocus());
  });

  it(`at ${MAX_QUESTIONS} questions the add button says why it adds no more`, async () => {
    const user = userEvent.setup();
    const { latest } = renderBuilder(
      Array.from({ length: MAX_QUESTIONS }, (_, n) => ({ ...draftOf(), label: `Q${n + 1}` })),
    );
    const add = screen.getByRole('button', { name: 'Add a question' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAccessibleDescription(/at most 20 questions/);
    await user.click(add);
    expect(latest()).toHaveLength(MAX_QUESTIONS);
  });

  it("shows the server's questions.N.field errors beside that question's field", () => {
    renderBuilder(
      [
        { ...draftOf(), label: 'Fine' },
        { ...draftOf(), label: 'Pick', type: 'single_select', options: 'Only one' },
      ],
      [{ field: 'questions.1.options', message: 'needs at least 2 options' }],
    );
    const options = within(row(2)).getByLabelText('Options');
    expect(options).toHaveAttribute('aria-invalid', 'true');
    expect(options).toHaveAccessibleDescription(/needs at least 2 options/);
    expect(within(row(1)).queryByText('needs at least 2 options')).toBeNull();
  });
});

describe('the opening form with questions', () => {
  it('sends the questions with the opening and shows a 400 beside the question', async () => {
    const posts: { questions?: Question[] }[] = [];
    mockSignedIn({
      'GET /recruiters/jobs/3': () =>
        json(
          job({
            questions: [{ key: 'visa', label: 'Visa?', type: 'yes_no', required: true }],
          }),
        ),
      'PATCH /recruiters/jobs/3': (_url, init) => {
        posts.push(JSON.parse(String(init?.body)) as { questions?: Question[] });
        return problem(400, 'Invalid', [{ field: 'questions.0.label', message: 'is too long' }]);
      },
    });
    renderConsole('/recruiters/openings/3');
    const label = await screen.findByDisplayValue('Visa?');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(label).toHaveAttribute('aria-invalid', 'true'));
    expect(label).toHaveAccessibleDescription(/is too long/);
    expect(posts[0]?.questions).toEqual([
      { key: 'visa', label: 'Visa?', type: 'yes_no', required: true, knockout: [] },
    ]);
  });
});
