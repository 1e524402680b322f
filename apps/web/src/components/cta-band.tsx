import './section.css';
import type { ReactNode } from 'react';
import { AppLink } from './app-link';
import type { RouteId } from '@lumenfield/routes';

export interface CtaBandProps {
  title: string;
  text?: ReactNode;
  /** Button label and target; 'contact' is the usual get-in-touch. */
  action: { label: string; to: RouteId };
}

/** The closing call to action of a page: a navy band with one button. */
export function CtaBand({ title, text, action }: CtaBandProps) {
  return (
    <section className="cta-band on-navy" aria-label={title}>
      <div className="container cta-band__inner">
        <div>
          <h2 className="cta-band__title">{title}</h2>
          {text ? <p className="cta-band__text">{text}</p> : null}
        </div>
        <AppLink to={action.to} className="button button--on-navy">
          {action.label}
        </AppLink>
      </div>
    </section>
  );
}
