import {
  CHOICE_TYPES,
  YES_NO_OPTIONS,
  type Question,
  type QuestionType,
} from '@lumenfield/contract';

/** A question as the builder holds it: as typed, with the options one per line. */
export interface QuestionDraft {
  /** The builder's own name for the row (React's key, element ids); never sent. */
  uid: number;
  /** The key once saved; '' while the question has never been saved (it follows the label). */
  key: string;
  label: string;
  type: QuestionType;
  required: boolean;
  /** The selects' options, one per line. */
  options: string;
  knockout: string[];
}

let nextUid = 1;

export function draftOf(question?: Question): QuestionDraft {
  return {
    uid: nextUid++,
    key: question?.key ?? '',
    label: question?.label ?? '',
    type: question?.type ?? 'short_text',
    required: question?.required ?? false,
    options: (question?.options ?? []).join('\n'),
    knockout: question?.knockout ?? [],
  };
}

export const isSelect = (type: QuestionType) => type === 'single_select' || type === 'multi_select';

/** The options a draft offers: its lines for the selects, Yes and No for yes/no, none otherwise. */
export function offeredOptions(draft: Pick<QuestionDraft, 'type' | 'options'>): string[] {
  if (draft.type === 'yes_no') return [...YES_NO_OPTIONS];
  if (!isSelect(draft.type)) return [];
  return draft.options
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A key made from a label: lower-case letters, digits and underscores, starting with a letter. */
export function keyFromLabel(label: string): string {
  const words = label
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (words === '') return 'question';
  const key = /^[a-z]/.test(words) ? words : `q_${words}`;
  // 36 leaves room for a number when two labels make the same key (keys are at most 40).
  return key.slice(0, 36).replace(/_+$/, '');
}

/**
 * Every draft with its key: a saved question keeps its own; a new one gets one made from its
 * label, unlike every other key of the opening (a number added when needed).
 */
export function withKeys(drafts: readonly QuestionDraft[]): QuestionDraft[] {
  const taken = new Set(drafts.map((draft) => draft.key).filter((key) => key !== ''));
  return drafts.map((draft) => {
    if (draft.key !== '') return draft;
    const base = keyFromLabel(draft.label);
    let key = base;
    for (let n = 2; taken.has(key); n += 1) key = `${base}_${n}`;
    taken.add(key);
    return { ...draft, key };
  });
}

/** The questions the API takes, in order (what the browser cannot judge goes as typed). */
export function questionsFromDrafts(drafts: readonly QuestionDraft[]): Question[] {
  return withKeys(drafts).map((draft) => {
    const offered = offeredOptions(draft);
    return {
      key: draft.key,
      label: draft.label.trim(),
      type: draft.type,
      required: draft.required,
      ...(isSelect(draft.type) ? { options: offered } : {}),
      ...(CHOICE_TYPES.has(draft.type)
        ? { knockout: draft.knockout.filter((answer) => offered.includes(answer)) }
        : {}),
    };
  });
}
