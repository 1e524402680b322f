import { z } from 'zod';
import { imageSchema } from '@lumenfield/site-content';

/**
 * What a form shows for a piece of content, read from its family's zod schema: the one
 * mechanism behind every page's and block's form (docs/content.md), so a field added to a
 * schema appears in the console without a line of form code.
 */
export type FormNode =
  | { kind: 'object'; fields: readonly { key: string; node: FormNode }[] }
  | { kind: 'text'; maxLength: number | undefined }
  | { kind: 'number'; integer: boolean; min: number | undefined; max: number | undefined }
  | { kind: 'boolean' }
  | { kind: 'choice'; options: readonly (string | number)[] }
  /** A literal with one value: nothing to choose (a union's kind, held by its select). */
  | { kind: 'fixed'; value: unknown }
  | { kind: 'list'; item: FormNode; min: number | undefined; max: number | undefined }
  | {
      kind: 'union';
      discriminator: string;
      variants: readonly { value: string; node: Extract<FormNode, { kind: 'object' }> }[];
    }
  | { kind: 'optional'; inner: FormNode }
  /**
   * An uploaded image placed in the content (the package's `imageSchema`, known by identity):
   * chosen from the gallery as a whole, its alt text typed beside it.
   */
  | { kind: 'image'; altMaxLength: number | undefined }
  /** A shape the form cannot edit (none of today's families): shown, kept as it is. */
  | { kind: 'unsupported'; type: string };

/** A list's bounds, from its checks (`.length(5)`, `.min(1)`, `.max(9)`). */
function listBounds(schema: z.ZodArray) {
  const bounds: { min: number | undefined; max: number | undefined } = {
    min: undefined,
    max: undefined,
  };
  for (const check of schema.def.checks ?? []) {
    const def = check._zod.def as {
      check: string;
      length?: number;
      minimum?: number;
      maximum?: number;
    };
    if (def.check === 'length_equals') bounds.min = bounds.max = def.length;
    if (def.check === 'min_length') bounds.min = def.minimum;
    if (def.check === 'max_length') bounds.max = def.maximum;
  }
  return bounds;
}
const finite = (value: number | null) =>
  value !== null && Number.isFinite(value) ? value : undefined;

/**
 * The form node of `schema`: objects, words, numbers, choices, lists, unions, optionals, and
 * images (the one schema every image field is made of).
 */
export function formNodeOf(schema: z.ZodType): FormNode {
  if (schema instanceof z.ZodReadonly || schema instanceof z.ZodDefault) {
    return formNodeOf(schema.def.innerType as z.ZodType);
  }
  if (schema === imageSchema) {
    return { kind: 'image', altMaxLength: finite(imageSchema.shape.alt.maxLength) };
  }
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    return { kind: 'optional', inner: formNodeOf(schema.def.innerType as z.ZodType) };
  }
  if (schema instanceof z.ZodObject) {
    return {
      kind: 'object',
      fields: Object.entries(schema.shape).map(([key, field]) => ({
        key,
        node: formNodeOf(field as z.ZodType),
      })),
    };
  }
  // Formats (an e-mail, a URL) are words with a rule: the API says when one is broken.
  if (schema instanceof z.ZodString || schema instanceof z.ZodStringFormat) {
    return { kind: 'text', maxLength: finite((schema as z.ZodString).maxLength) };
  }
  if (schema instanceof z.ZodNumber) {
    return {
      kind: 'number',
      integer: schema.isInt,
      min: finite(schema.minValue),
      max: finite(schema.maxValue),
    };
  }
  if (schema instanceof z.ZodBoolean) return { kind: 'boolean' };
  if (schema instanceof z.ZodEnum) return { kind: 'choice', options: schema.options };
  if (schema instanceof z.ZodLiteral) {
    const values = [...schema.values];
    if (values.length === 1) return { kind: 'fixed', value: values[0] };
    return {
      kind: 'choice',
      options: values.filter((v) => typeof v !== 'object') as (string | number)[],
    };
  }
  if (schema instanceof z.ZodArray) {
    return { kind: 'list', item: formNodeOf(schema.element as z.ZodType), ...listBounds(schema) };
  }
  if (schema instanceof z.ZodDiscriminatedUnion) {
    const discriminator = schema.def.discriminator;
    const variants = (schema.options as z.ZodType[]).map((option) => {
      const node = formNodeOf(option);
      const kind = node.kind === 'object' && node.fields.find((f) => f.key === discriminator);
      if (!kind || kind.node.kind !== 'fixed' || typeof kind.node.value !== 'string') {
        throw new Error(`A variant of the union on "${discriminator}" has no fixed kind.`);
      }
      return { value: kind.node.value, node: node as Extract<FormNode, { kind: 'object' }> };
    });
    return { kind: 'union', discriminator, variants };
  }
  return { kind: 'unsupported', type: schema.def.type };
}

/** A new value for `node`: what "Add" puts in a list, and a union's fields on a change of kind. */
export function emptyValueOf(node: FormNode): unknown {
  switch (node.kind) {
    case 'object':
      return Object.fromEntries(
        node.fields
          .filter((field) => field.node.kind !== 'optional')
          .map((field) => [field.key, emptyValueOf(field.node)]),
      );
    case 'text':
      return '';
    case 'number':
      return node.min ?? 0;
    case 'boolean':
      return false;
    case 'choice':
      return node.options[0];
    case 'fixed':
      return node.value;
    case 'list':
      return Array.from({ length: node.min ?? 0 }, () => emptyValueOf(node.item));
    case 'union':
      return emptyValueOf(node.variants[0]!.node);
    // No image is there until one is chosen: an id, a size and a format cannot be made up.
    case 'image':
    case 'optional':
    case 'unsupported':
      return undefined;
  }
}

/** "tellMe" → "Tell me", "primaryAction" → "Primary action", "lat" → "Lat". */
export function humanise(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Where a value sits in the content: keys and list positions from the top. */
export type FieldPath = readonly (string | number)[];

/** The API's name of a field (`content.hero.tellMe.options.0.label`) as the form's key. */
export const pathKey = (path: FieldPath) => path.join('.');

/** The id of the control at `path`, unique in the page and valid in a selector. */
export const controlId = (path: FieldPath) =>
  ['cf', ...path].join('-').replace(/[^A-Za-z0-9_-]/g, '_');

/** A path as a person reads it: "Hero › Tell me › Options › 2 › Label". */
export const pathLabel = (path: FieldPath) =>
  path.length === 0
    ? 'The content'
    : path
        .map((part) => (typeof part === 'number' ? String(part + 1) : humanise(part)))
        .join(' › ');

/** The form's errors by field: the API's `content.…` names, each under the path it names. */
export function errorsByPath(
  errors: readonly { field: string; message: string }[],
  prefix = 'content',
): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  for (const error of errors) {
    const field =
      error.field === prefix
        ? ''
        : error.field.startsWith(`${prefix}.`)
          ? error.field.slice(prefix.length + 1)
          : error.field;
    byPath.set(field, [...(byPath.get(field) ?? []), error.message]);
  }
  return byPath;
}

/** The API's field name back as a path: numbers where a list's position is. */
export const pathOf = (key: string): FieldPath =>
  key === '' ? [] : key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/** `value` with `next` at `path` (copies along the way; the value itself is never changed). */
export function setAt(value: unknown, path: FieldPath, next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (typeof head === 'number') {
    const list = Array.isArray(value) ? [...(value as unknown[])] : [];
    list[head] = setAt(list[head], rest, next);
    return list;
  }
  const record = { ...((value ?? {}) as Record<string, unknown>) };
  const changed = setAt(record[head], rest, next);
  if (changed === undefined) delete record[head];
  else record[head] = changed;
  return record;
}

/** Names long enough words usually take: a text area rather than one line. */
const LONG_TEXT_KEYS = /^(text|lead|intro|bio|description|summary)$/i;
export const LONG_TEXT_LENGTH = 80;
export const isLongText = (key: string | number | undefined, value: unknown) =>
  (typeof key === 'string' && LONG_TEXT_KEYS.test(key)) ||
  (typeof value === 'string' && value.length > LONG_TEXT_LENGTH);
