import { memo, useMemo, useState, type ReactNode } from 'react';
import { routes } from '@lumenfield/routes';
import { FieldFrame } from '../../common/components/fields';
import {
  controlId,
  emptyValueOf,
  humanise,
  isLongText,
  pathKey,
  type FieldPath,
  type FormNode,
} from './form-model';
import { ImageField } from './image-field';
import './schema-form.css';

/** The API's refusals by field (errorsByPath), and the change of one value at its path. */
interface FormContext {
  errors: ReadonlyMap<string, readonly string[]>;
  onChange: (path: FieldPath, value: unknown) => void;
}

interface NodeProps {
  node: FormNode;
  path: FieldPath;
  label: string;
  value: unknown;
  context: FormContext;
}

const errorAt = (context: FormContext, path: FieldPath) =>
  context.errors.get(pathKey(path))?.join(' ');

/** A route id is shown as its page's title; any other choice as its words. */
function optionLabel(option: string | number): string {
  if (typeof option === 'number') return String(option);
  const route = (routes as Record<string, { title: string; path: string } | undefined>)[option];
  return route ? `${route.title} (${route.path})` : humanise(option);
}

/** "Claims" → "Claim", "Entries" → "Entry": one item of a list named in the plural. */
function singular(label: string): string {
  if (/ies$/.test(label)) return label.replace(/ies$/, 'y');
  if (/[^s]s$/.test(label)) return label.slice(0, -1);
  return `${label} item`;
}

/** An error said beside a group (a list too short, a rule across its fields). */
function GroupError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={`${id}-error`} className="rc-field__error">
      {message}
    </p>
  ) : null;
}

function Group({
  path,
  label,
  error,
  className,
  children,
}: {
  path: FieldPath;
  label: string;
  error: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  const id = controlId(path);
  return (
    <fieldset
      id={id}
      className={`cf-group ${className ?? ''}`}
      tabIndex={-1}
      {...(error ? { 'aria-describedby': `${id}-error` } : {})}
    >
      <legend>{label}</legend>
      <GroupError id={id} message={error} />
      {children}
    </fieldset>
  );
}

function ObjectFields({
  node,
  path,
  value,
  context,
  skip,
}: Omit<NodeProps, 'node' | 'label'> & {
  node: Extract<FormNode, { kind: 'object' }>;
  skip?: string;
}) {
  const record = (value ?? {}) as Record<string, unknown>;
  return (
    <>
      {node.fields
        .filter((field) => field.key !== skip)
        .map((field) => (
          <FormField
            key={field.key}
            node={field.node}
            path={[...path, field.key]}
            label={humanise(field.key)}
            value={record[field.key]}
            context={context}
          />
        ))}
    </>
  );
}

function TextControl({
  path,
  label,
  value,
  context,
  maxLength,
  optional,
}: Omit<NodeProps, 'node'> & { maxLength: number | undefined; optional: boolean }) {
  const text = typeof value === 'string' ? value : '';
  // Decided once, so the control does not turn into another (and lose focus) while typing.
  const [long] = useState(() => isLongText(path.at(-1), text));
  const hint = maxLength ? `At most ${maxLength} characters.` : undefined;
  const change = (next: string) =>
    context.onChange(path, optional && next === '' ? undefined : next);
  return (
    <FieldFrame id={controlId(path)} label={label} hint={hint} error={errorAt(context, path)}>
      {(control) =>
        long ? (
          <textarea {...control} rows={4} value={text} onChange={(e) => change(e.target.value)} />
        ) : (
          <input {...control} type="text" value={text} onChange={(e) => change(e.target.value)} />
        )
      }
    </FieldFrame>
  );
}

function ListField({
  node,
  path,
  label,
  value,
  context,
}: NodeProps & { node: Extract<FormNode, { kind: 'list' }> }) {
  const items = Array.isArray(value) ? (value as unknown[]) : [];
  const one = singular(label);
  const set = (next: unknown[]) => context.onChange(path, next);
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    set(next);
  };
  const full = node.max !== undefined && items.length >= node.max;
  const least = node.min !== undefined && items.length <= node.min;
  return (
    <Group path={path} label={label} error={errorAt(context, path)} className="cf-list">
      {items.length === 0 ? <p className="rc-muted">None yet.</p> : null}
      <ol className="cf-list__items">
        {items.map((item, index) => {
          const name = `${one} ${index + 1}`;
          return (
            <li key={index} className="cf-list__item">
              <FormField
                node={node.item}
                path={[...path, index]}
                label={name}
                value={item}
                context={context}
              />
              <div className="cf-list__tools">
                {(
                  [
                    ['Move up', index === 0, () => move(index, index - 1)],
                    ['Move down', index === items.length - 1, () => move(index, index + 1)],
                    ['Remove', least, () => set(items.filter((_, i) => i !== index))],
                  ] as const
                ).map(([tool, disabled, act]) => (
                  <button
                    key={tool}
                    type="button"
                    className="button button--secondary cf-tool"
                    disabled={disabled}
                    onClick={act}
                    aria-label={`${tool}: ${name}`}
                  >
                    {tool}
                  </button>
                ))}
              </div>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button button--secondary"
        disabled={full}
        onClick={() => set([...items, emptyValueOf(node.item)])}
        aria-label={`Add ${one.toLowerCase()} to ${label}`}
      >
        Add {one.toLowerCase()}
      </button>
    </Group>
  );
}

function UnionField({
  node,
  path,
  label,
  value,
  context,
}: NodeProps & { node: Extract<FormNode, { kind: 'union' }> }) {
  const record = (value ?? {}) as Record<string, unknown>;
  const variant =
    node.variants.find((v) => v.value === record[node.discriminator]) ?? node.variants[0]!;
  const kindPath = [...path, node.discriminator];
  // A new kind keeps the fields it shares with the old one (the words typed stay).
  const choose = (kind: string) => {
    const next = node.variants.find((v) => v.value === kind)!;
    const fresh = emptyValueOf(next.node) as Record<string, unknown>;
    for (const field of next.node.fields) {
      const old = record[field.key];
      if (field.key !== node.discriminator && typeof old === typeof fresh[field.key]) {
        fresh[field.key] = old;
      }
    }
    context.onChange(path, fresh);
  };
  return (
    <Group path={path} label={label} error={errorAt(context, path)}>
      <FieldFrame
        id={controlId(kindPath)}
        label={humanise(node.discriminator)}
        error={errorAt(context, kindPath)}
      >
        {(control) => (
          <select {...control} value={variant.value} onChange={(e) => choose(e.target.value)}>
            {node.variants.map((v) => (
              <option key={v.value} value={v.value}>
                {humanise(v.value)}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <ObjectFields
        node={variant.node}
        path={path}
        value={value}
        context={context}
        skip={node.discriminator}
      />
    </Group>
  );
}

/** One value of the content, as the control its schema calls for. */
function FormFieldOf({
  node,
  path,
  label,
  value,
  context,
  optional = false,
}: NodeProps & { optional?: boolean }) {
  const id = controlId(path);
  const error = errorAt(context, path);
  switch (node.kind) {
    case 'object':
      return (
        <Group path={path} label={label} error={error}>
          <ObjectFields node={node} path={path} value={value} context={context} />
        </Group>
      );
    case 'text':
      return (
        <TextControl
          path={path}
          label={label}
          value={value}
          context={context}
          maxLength={node.maxLength}
          optional={optional}
        />
      );
    case 'number':
      return (
        <FieldFrame id={id} label={label} error={error}>
          {(control) => (
            <input
              {...control}
              type="number"
              step={node.integer ? 1 : 'any'}
              min={node.min}
              max={node.max}
              value={typeof value === 'number' || typeof value === 'string' ? value : ''}
              onChange={(e) => {
                const text = e.target.value;
                const number = Number(text);
                // Kept as typed when it is not a number yet: the API names the field.
                context.onChange(
                  path,
                  text === '' && optional
                    ? undefined
                    : text !== '' && Number.isFinite(number)
                      ? number
                      : text,
                );
              }}
            />
          )}
        </FieldFrame>
      );
    case 'boolean':
      return (
        <div className="rc-field cf-check">
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            onChange={(e) => context.onChange(path, e.target.checked)}
            {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
          />
          <label htmlFor={id}>{label}</label>
          <GroupError id={id} message={error} />
        </div>
      );
    case 'choice':
      return (
        <FieldFrame id={id} label={label} error={error}>
          {(control) => (
            <select
              {...control}
              value={value === undefined ? '' : String(value)}
              onChange={(e) => {
                const chosen = node.options.find((o) => String(o) === e.target.value);
                context.onChange(path, chosen);
              }}
            >
              {optional || value === undefined ? <option value="">None</option> : null}
              {node.options.map((option) => (
                <option key={String(option)} value={String(option)}>
                  {optionLabel(option)}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
      );
    case 'fixed':
      return null;
    case 'list':
      return <ListField node={node} path={path} label={label} value={value} context={context} />;
    case 'union':
      return <UnionField node={node} path={path} label={label} value={value} context={context} />;
    case 'image':
      return (
        <ImageField
          node={node}
          path={path}
          label={label}
          value={value}
          optional={optional}
          errors={context.errors}
          onChange={context.onChange}
        />
      );
    case 'optional':
      return (
        <OptionalField node={node} path={path} label={label} value={value} context={context} />
      );
    case 'unsupported':
      return (
        <Group path={path} label={label} error={error}>
          <p className="rc-muted">This field cannot be changed here; it is kept as it is.</p>
          <pre className="cf-raw">{JSON.stringify(value, null, 2)}</pre>
        </Group>
      );
  }
}

/**
 * A field renders again only when its value, its errors or its place change: a value changed
 * deep inside keeps every other branch's identity (setAt), so typing re-renders one path.
 */
export const FormField = memo(
  FormFieldOf,
  (before, after) =>
    before.node === after.node &&
    before.value === after.value &&
    before.context === after.context &&
    before.label === after.label &&
    before.optional === after.optional &&
    pathKey(before.path) === pathKey(after.path),
);

/** A value that may be left out: a simple one empties; a group is added or removed whole. */
function OptionalField({
  node,
  path,
  label,
  value,
  context,
}: NodeProps & { node: Extract<FormNode, { kind: 'optional' }> }) {
  const inner = node.inner;
  // An image is left out by its own "Remove image".
  const simple = ['text', 'number', 'boolean', 'choice', 'fixed', 'image'].includes(inner.kind);
  if (simple) {
    return (
      <FormField node={inner} path={path} label={label} value={value} context={context} optional />
    );
  }
  if (value === undefined || value === null) {
    return (
      <div className="rc-field">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => context.onChange(path, emptyValueOf(inner))}
        >
          Add {label.toLowerCase()}
        </button>
      </div>
    );
  }
  return (
    <div className="cf-optional">
      <FormField node={inner} path={path} label={label} value={value} context={context} />
      <button
        type="button"
        className="button button--secondary cf-tool"
        onClick={() => context.onChange(path, undefined)}
      >
        Remove {label.toLowerCase()}
      </button>
    </div>
  );
}

/**
 * The whole content's form: the top object's fields (each a group or a control), every control
 * labelled and its error tied to it, named by the API's paths.
 */
export function SchemaFields({
  node,
  value,
  errors,
  onChange,
}: {
  node: FormNode;
  value: unknown;
  errors: ReadonlyMap<string, readonly string[]>;
  onChange: (path: FieldPath, value: unknown) => void;
}) {
  const context = useMemo(() => ({ errors, onChange }), [errors, onChange]);
  if (node.kind === 'object') {
    return <ObjectFields node={node} path={[]} value={value} context={context} />;
  }
  return <FormField node={node} path={[]} label="Content" value={value} context={context} />;
}
