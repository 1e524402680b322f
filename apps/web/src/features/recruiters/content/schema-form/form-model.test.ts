import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  aboutContentSchema,
  contentFamilies,
  imageSchema,
  policyBlockSchema,
} from '@lumenfield/site-content';
import {
  controlId,
  emptyValueOf,
  errorsByPath,
  formNodeOf,
  humanise,
  pathLabel,
  pathOf,
  setAt,
  type FormNode,
} from './form-model';

const sample = z.object({
  title: z.string().min(1).max(60),
  tellMe: z.object({
    options: z.array(z.object({ label: z.string(), to: z.enum(['home', 'about']) })).length(2),
  }),
  year: z.literal([2024, 2025]),
  shown: z.boolean().optional(),
  map: z.object({ lat: z.number().min(-90).max(90) }),
  points: z.array(z.string()).readonly(),
  blocks: z.array(policyBlockSchema),
});

const field = (node: FormNode, key: string) => {
  if (node.kind !== 'object') throw new Error('not an object');
  return node.fields.find((f) => f.key === key)!.node;
};

describe("the content form's model, read from a zod schema", () => {
  it('reads objects, words, choices, numbers, optionals and lists with their bounds', () => {
    const node = formNodeOf(sample);
    expect(node.kind).toBe('object');
    expect(field(node, 'title')).toEqual({ kind: 'text', maxLength: 60 });
    expect(field(node, 'year')).toEqual({ kind: 'choice', options: [2024, 2025] });
    expect(field(node, 'shown')).toEqual({ kind: 'optional', inner: { kind: 'boolean' } });
    expect(field(field(node, 'map'), 'lat')).toEqual({
      kind: 'number',
      integer: false,
      min: -90,
      max: 90,
    });
    const options = field(field(node, 'tellMe'), 'options');
    expect(options).toMatchObject({ kind: 'list', min: 2, max: 2, item: { kind: 'object' } });
    expect(field(node, 'points')).toEqual({
      kind: 'list',
      item: { kind: 'text', maxLength: undefined },
      min: undefined,
      max: undefined,
    });
  });

  it('reads a discriminated union as its kinds, each with its own fields', () => {
    const blocks = field(formNodeOf(sample), 'blocks');
    if (blocks.kind !== 'list' || blocks.item.kind !== 'union') throw new Error(blocks.kind);
    expect(blocks.item.discriminator).toBe('kind');
    expect(blocks.item.variants.map((v) => v.value)).toEqual(['paragraph', 'list', 'subheading']);
    expect(emptyValueOf(blocks.item)).toEqual({ kind: 'paragraph', text: '' });
  });

  it('makes a new value of the right shape: what "Add" puts in a list', () => {
    const node = formNodeOf(sample);
    expect(emptyValueOf(field(field(node, 'tellMe'), 'options'))).toEqual([
      { label: '', to: 'home' },
      { label: '', to: 'home' },
    ]);
    // An optional field is left out.
    expect(emptyValueOf(node)).not.toHaveProperty('shown');
  });

  it("reads every family's schema the site has, each as a form of its own fields", () => {
    for (const [family, schema] of Object.entries(contentFamilies)) {
      const node = formNodeOf(schema);
      const unsupported = JSON.stringify(node).includes('"unsupported"');
      expect(unsupported, family).toBe(false);
    }
  });

  it('knows an image field by its schema, not by its keys, and makes none up', () => {
    const about = formNodeOf(aboutContentSchema);
    const people = field(field(about, 'founders'), 'people');
    if (people.kind !== 'list') throw new Error(people.kind);
    const photo = { kind: 'image', altMaxLength: 300 };
    expect(field(people.item, 'photo')).toEqual({ kind: 'optional', inner: photo });
    expect(formNodeOf(z.object({ cover: imageSchema })).kind).toBe('object');
    expect(field(formNodeOf(z.object({ cover: imageSchema })), 'cover')).toEqual(photo);
    // The same keys in another schema are only an object of numbers and words.
    const lookalike = formNodeOf(imageSchema.extend({}));
    expect(lookalike.kind).toBe('object');
    expect(field(lookalike, 'imageId')).toMatchObject({ kind: 'number', integer: true });
    // A new person has no photo, and a required image is not invented.
    expect(emptyValueOf(people.item)).toEqual({ name: '', jobTitle: '', bio: '' });
    expect(emptyValueOf(formNodeOf(z.object({ cover: imageSchema })))).toEqual({
      cover: undefined,
    });
  });

  it('maps the API’s field names to the form’s paths and controls', () => {
    const errors = errorsByPath([
      { field: 'content.hero.tellMe.options', message: 'Give five.' },
      { field: 'content.hero.tellMe.options.0.label', message: 'Too short.' },
      { field: 'content.hero.tellMe.options.0.label', message: 'Write words.' },
      { field: 'content', message: 'Not right.' },
    ]);
    expect([...errors]).toEqual([
      ['hero.tellMe.options', ['Give five.']],
      ['hero.tellMe.options.0.label', ['Too short.', 'Write words.']],
      ['', ['Not right.']],
    ]);
    expect(pathOf('hero.tellMe.options.0.label')).toEqual([
      'hero',
      'tellMe',
      'options',
      0,
      'label',
    ]);
    expect(controlId(['hero', 'tellMe', 'options', 0, 'label'])).toBe(
      'cf-hero-tellMe-options-0-label',
    );
    expect(pathLabel(['hero', 'tellMe', 'options', 0, 'label'])).toBe(
      'Hero › Tell me › Options › 1 › Label',
    );
  });

  it('humanises keys and sets a value deep inside without changing the one it had', () => {
    expect(humanise('tellMe')).toBe('Tell me');
    expect(humanise('primaryAction')).toBe('Primary action');
    expect(humanise('showContactDetails')).toBe('Show contact details');
    const before = { hero: { options: [{ label: 'a' }, { label: 'b' }] } };
    const after = setAt(before, ['hero', 'options', 1, 'label'], 'c');
    expect(after).toEqual({ hero: { options: [{ label: 'a' }, { label: 'c' }] } });
    expect(before.hero.options[1]!.label).toBe('b');
    expect(setAt({ a: 1, b: 2 }, ['b'], undefined)).toEqual({ a: 1 });
  });
});
