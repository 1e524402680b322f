import type { ReactNode } from 'react';
import './page-intro.css';

export interface PageIntroProps {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}

/** The navy band that opens an inner page: eyebrow, the page's one h1, a lead line. */
export function PageIntro({ eyebrow, title, lead, children }: PageIntroProps) {
  return (
    <section className="page-intro">
      <div className="container page-intro__inner">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1 className="page-intro__title">{title}</h1>
        {lead ? <p className="page-intro__lead">{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}
