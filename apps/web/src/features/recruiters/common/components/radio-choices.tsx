import type { ReactNode } from 'react';

/**
 * A group's radio buttons, one per choice, bound to one value: each label holds its button then
 * its words, in the caller's class (each form spaces its own). Its fieldset and legend stay the
 * caller's; `disabled` names the choices that are refused.
 */
export function RadioChoices<T extends string | number>({
  name,
  choices,
  value,
  onChange,
  labelOf = String,
  disabled,
  className,
}: {
  name: string;
  choices: readonly T[];
  value: T | null;
  onChange: (choice: T) => void;
  labelOf?: (choice: T) => ReactNode;
  disabled?: (choice: T) => boolean;
  className: string;
}) {
  return (
    <>
      {choices.map((choice) => (
        <label key={choice} className={className}>
          <input
            type="radio"
            name={name}
            value={choice}
            checked={value === choice}
            disabled={disabled?.(choice)}
            onChange={() => onChange(choice)}
          />
          {labelOf(choice)}
        </label>
      ))}
    </>
  );
}
