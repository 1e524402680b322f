import { useState } from 'react';
import { useNavigate } from '@lumenfield/page-kit';
import { Icon } from '@/components/icons';
import { TELL_ME_PATH, routePath, type RouteId } from '@lumenfield/routes';

export interface TellMeProps {
  label: string;
  options: readonly { label: string; to: RouteId }[];
  submitLabel: string;
}

/**
 * The hero's 'Tell me:' question (CONTENT.md): a native select, so it works with every keyboard
 * and screen reader. Choosing a question navigates to its answer; the button covers the
 * question that is already showing, which a change event never reports. Without scripts (or
 * before the island has hydrated) it is a plain form: the server answers its GET with a 303
 * to the chosen page.
 */
export function TellMe({ label, options, submitLabel }: TellMeProps) {
  const navigate = useNavigate();
  // A fixed id (one per page): the island hydrates on its own, where useId's would differ.
  const id = 'tell-me-question';
  const [choice, setChoice] = useState<RouteId>(options[0]?.to ?? 'home');

  return (
    <form
      className="tell-me"
      action={TELL_ME_PATH}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        navigate(routePath(choice));
      }}
    >
      <label htmlFor={id} className="tell-me__label">
        {label}
      </label>
      <div className="tell-me__row">
        <div className="tell-me__field">
          <select
            id={id}
            name="to"
            className="tell-me__select"
            value={choice}
            onChange={(event) => {
              const to = event.target.value as RouteId;
              setChoice(to);
              navigate(routePath(to));
            }}
          >
            {options.map((option) => (
              <option key={option.to} value={option.to} data-target={routePath(option.to)}>
                {option.label}
              </option>
            ))}
          </select>
          <Icon name="chevronDown" size={22} className="tell-me__chevron" />
        </div>
        <button type="submit" className="button button--on-navy tell-me__go">
          {submitLabel}
          <Icon name="arrowRight" size={18} />
        </button>
      </div>
    </form>
  );
}
