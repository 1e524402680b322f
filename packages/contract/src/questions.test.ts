import { describe, expect, it } from 'vitest';
import {
  answerErrors,
  doesNotMeet,
  LONG_TEXT_MAX,
  MAX_QUESTIONS,
  questionSchema,
  questionsSchema,
  SHORT_TEXT_MAX,
  storedAnswersOf,
  type Question,
} from './questions';

const ask = (question: Partial<Question> & Pick<Question, 'type'>): Question => ({
  key: 'q',
  label: 'The question',
  required: true,
  ...question,
});

const oneAnswer = (question: Question, value: string | string[] | undefined) =>
  answerErrors([question], value === undefined ? {} : { [question.key]: value }).map(
    (error) => error.message,
  );

describe('answers, judged by the question they answer', () => {
  it('text types take up to their limit and no more', () => {
    const short = ask({ type: 'short_text' });
    expect(oneAnswer(short, 'a'.repeat(SHORT_TEXT_MAX))).toEqual([]);
    expect(oneAnswer(short, 'a'.repeat(SHORT_TEXT_MAX + 1))).toEqual([
      '“The question” may be at most 200 characters.',
    ]);
    const long = ask({ type: 'long_text' });
    expect(oneAnswer(long, 'a'.repeat(LONG_TEXT_MAX))).toEqual([]);
    expect(oneAnswer(long, 'a'.repeat(LONG_TEXT_MAX + 1))).toHaveLength(1);
  });

  it('choices must be among the options offered, one or a list as the type says', () => {
    const one = ask({ type: 'single_select', options: ['Red', 'Blue'] });
    expect(oneAnswer(one, 'Blue')).toEqual([]);
    expect(oneAnswer(one, 'Green')).toEqual([
      '“The question”: please choose one of the options offered.',
    ]);
    expect(oneAnswer(one, ['Blue'])).toEqual(['“The question” takes one answer, not a list.']);
    const many = ask({ type: 'multi_select', options: ['Red', 'Blue'] });
    expect(oneAnswer(many, ['Red', 'Blue'])).toEqual([]);
    expect(oneAnswer(many, ['Red', 'Green'])).toHaveLength(1);
    expect(oneAnswer(many, 'Red')).toEqual(['“The question” takes a list of choices.']);
    const yesNo = ask({ type: 'yes_no' });
    expect(oneAnswer(yesNo, 'No')).toEqual([]);
    expect(oneAnswer(yesNo, 'Maybe')).toHaveLength(1);
  });

  it('numbers, dates and web addresses are checked for their form', () => {
    expect(oneAnswer(ask({ type: 'number' }), '2.5')).toEqual([]);
    expect(oneAnswer(ask({ type: 'number' }), 'five')).toEqual([
      '“The question” must be a number, such as 5 or 2.5.',
    ]);
    expect(oneAnswer(ask({ type: 'date' }), '2026-02-28')).toEqual([]);
    expect(oneAnswer(ask({ type: 'date' }), '2026-02-30')).toHaveLength(1);
    expect(oneAnswer(ask({ type: 'url' }), 'https://example.org/me')).toEqual([]);
    expect(oneAnswer(ask({ type: 'url' }), 'javascript:alert(1)')).toHaveLength(1);
  });

  it('a required question must be answered; an optional one may be left empty', () => {
    expect(oneAnswer(ask({ type: 'short_text' }), '  ')).toEqual(['Please answer “The question”.']);
    expect(oneAnswer(ask({ type: 'short_text', required: false }), undefined)).toEqual([]);
    expect(oneAnswer(ask({ type: 'multi_select', options: ['A', 'B'] }), [])).toHaveLength(1);
  });

  it('an answer to a question the opening does not ask is refused', () => {
    expect(answerErrors([], { other: 'x' })).toEqual([
      { field: 'answers.other', message: 'This opening asks no question named "other".' },
    ]);
  });
});

describe('questions, as a recruiter writes them', () => {
  it('selects need two options; knock-outs only on choices, and among the options', () => {
    expect(questionSchema.safeParse(ask({ type: 'single_select', options: ['A'] })).success).toBe(
      false,
    );
    expect(questionSchema.safeParse(ask({ type: 'number', knockout: ['0'] })).success).toBe(false);
    expect(questionSchema.safeParse(ask({ type: 'yes_no', knockout: ['No'] })).success).toBe(true);
    expect(questionSchema.safeParse(ask({ type: 'yes_no', knockout: ['Nope'] })).success).toBe(
      false,
    );
  });

  it('at most 20 questions, each key once', () => {
    const many = Array.from({ length: MAX_QUESTIONS + 1 }, (_, index) =>
      ask({ type: 'short_text', key: `q${index}` }),
    );
    expect(questionsSchema.safeParse(many.slice(0, MAX_QUESTIONS)).success).toBe(true);
    expect(questionsSchema.safeParse(many).success).toBe(false);
    expect(questionsSchema.safeParse([many[0], many[0]]).success).toBe(false);
  });
});

describe('stored answers', () => {
  it('keep the label and options as asked, and flag knock-out answers', () => {
    const question = ask({
      type: 'yes_no',
      key: 'permit',
      label: 'Do you hold a work permit?',
      knockout: ['No'],
    });
    const stored = storedAnswersOf([question], { permit: 'No' });
    expect(stored).toEqual([
      {
        key: 'permit',
        label: 'Do you hold a work permit?',
        type: 'yes_no',
        options: ['Yes', 'No'],
        value: 'No',
        doesNotMeet: true,
      },
    ]);
    expect(doesNotMeet(stored)).toEqual(['Do you hold a work permit?']);
  });
});
