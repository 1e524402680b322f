import type { ReactNode } from 'react';
import './section.css';

/** A section's heading as a content entry writes it; the intro is one paragraph. */
export interface SectionHeading {
  eyebrow?: string;
  title?: string;
  intro?: string;
}

export interface SectionProps {
  /** Anchor for routes that land on this section (about/founders, ...). */
  id?: string;
  /** The heading from a content entry; or eyebrow, title and intro one by one, below. */
  heading?: SectionHeading;
  eyebrow?: string;
  title?: string;
  intro?: ReactNode;
  /** Background: white, the warm neutral, or navy. */
  tone?: 'plain' | 'sand' | 'navy';
  /** h2 by default; an intro section may need h3 inside another section. */
  headingLevel?: 2 | 3;
  children?: ReactNode;
  className?: string;
}

/** A full-width page section with the shared heading block and spacing. */
export function Section({
  id,
  heading,
  eyebrow = heading?.eyebrow,
  title = heading?.title,
  intro = heading?.intro ? <p>{heading.intro}</p> : undefined,
  tone = 'plain',
  headingLevel = 2,
  children,
  className = '',
}: SectionProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      className={`section section--${tone}${tone === 'navy' ? ' on-navy' : ''} ${className}`.trim()}
      aria-labelledby={title ? headingId : undefined}
    >
      <div className="container">
        {title || eyebrow || intro ? (
          <div className="section__head">
            {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
            {title ? (
              <Heading id={headingId} className="section__title">
                {title}
              </Heading>
            ) : null}
            {intro ? <div className="section__intro">{intro}</div> : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}

export interface CardGridProps {
  children: ReactNode;
  /** Minimum card width in px before the grid wraps (a class each: no inline styles, CSP). */
  min?: 240 | 260 | 300 | 320;
  as?: 'ul' | 'div';
}

/** A responsive grid of cards (a list by default, so screen readers hear the count). */
export function CardGrid({ children, min = 260, as = 'ul' }: CardGridProps) {
  const Tag = as;
  return <Tag className={`tile-grid card-grid--${min}`}>{children}</Tag>;
}

export interface CardProps {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
  footer?: ReactNode;
  headingLevel?: 3 | 4;
  as?: 'li' | 'div';
}

/** A card with a hairline border: optional icon, a heading, text and a footer line. */
export function Card({ title, children, icon, footer, headingLevel = 3, as = 'li' }: CardProps) {
  const Tag = as;
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <Tag className="card">
      {icon ? <div className="card__icon">{icon}</div> : null}
      <Heading className="card__title">{title}</Heading>
      {children ? <div className="card__body">{children}</div> : null}
      {footer ? <div className="card__footer">{footer}</div> : null}
    </Tag>
  );
}
