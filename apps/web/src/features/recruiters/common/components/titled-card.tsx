import type { ReactNode } from 'react';
import { NamedButton } from './named-button';

/** A button acting on what a titled card shows. */
export interface CardAction {
  label: string;
  onClick: () => void;
}

/**
 * A card with its title and the actions on what it shows (an admin's: callers give them only to
 * admins). Each button is named with the title for a screen reader ("Delete LinkedIn"), as many
 * such cards share a page. A card of its own is a section named by its heading (`titleId`); an
 * `item` is one entry of a list in a card.
 */
export function TitledCard({
  title,
  titleId,
  level = 2,
  item = false,
  actions,
  children,
}: {
  title: string;
  titleId?: string;
  level?: 2 | 3;
  item?: boolean;
  actions?: readonly CardAction[];
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const head = (
    <div className="rc-card__head">
      <Heading id={titleId}>{title}</Heading>
      {actions ? (
        <div className="rc-actions">
          {actions.map((action) => (
            <NamedButton
              key={action.label}
              label={action.label}
              name={title}
              onClick={action.onClick}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
  return item ? (
    <li>
      {head}
      {children}
    </li>
  ) : (
    <section className="rc-card" aria-labelledby={titleId}>
      {head}
      {children}
    </section>
  );
}
