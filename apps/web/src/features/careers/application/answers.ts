import {
  answerErrors,
  type AnswerValue,
  type Answers,
  type FieldError,
  type PublicQuestion,
} from '@lumenfield/contract';

/*
 * The answers to an opening's questions as the apply form keeps and sends them. The draft holds
 * answers by key for every opening the visitor looked at; only the keys this opening asks are
 * judged and sent, so an answer typed for another opening never reaches this one.
 */

/** The answers this opening asks for, as typed; left-empty ones are not sent. */
export function answersFor(questions: readonly PublicQuestion[], answers: Answers): Answers {
  const asked: Answers = {};
  for (const question of questions) {
    const value = answers[question.key];
    if (value === undefined) continue;
    if (Array.isArray(value) ? value.length === 0 : value.trim() === '') continue;
    asked[question.key] = value;
  }
  return asked;
}

/** Every problem with the answers, in the questions' order (the sentences the server uses). */
export function answerFailures(
  questions: readonly PublicQuestion[],
  answers: Answers,
): FieldError[] {
  return answerErrors(questions, answersFor(questions, answers));
}

/** A multi_select's answer with `option` ticked or unticked, in the order the options are offered. */
export function toggled(
  options: readonly string[],
  value: AnswerValue | undefined,
  option: string,
  on: boolean,
): string[] {
  const chosen = new Set(Array.isArray(value) ? value : []);
  if (on) chosen.add(option);
  else chosen.delete(option);
  return options.filter((candidate) => chosen.has(candidate));
}
