import type { ReactNode } from 'react';
import type { FocusAreas } from '@lumenfield/site-content';
import { useContent } from '@/lib/site-content';
import { Section, type SectionProps } from './section';
import './focus-block.css';

type FocusKey = FocusAreas['items'][number]['key'];

/** One small geometric glyph per focus area, drawn on a 48-unit grid. */
const glyphs: Record<FocusKey, ReactNode> = {
  people: (
    <>
      <circle cx="17" cy="17" r="6" />
      <circle cx="32" cy="19" r="5" />
      <path d="M6 38c1.5-7 6-11 11-11s9.5 4 11 11M27 37c1-5 3.5-8 6.5-8s5.5 3 6.5 8" />
    </>
  ),
  process: (
    <>
      <rect x="5" y="19" width="10" height="10" rx="2" />
      <rect x="33" y="19" width="10" height="10" rx="2" />
      <circle cx="24" cy="24" r="5" />
      <path d="M15 24h4M29 24h4M24 8v11M24 29v11" />
    </>
  ),
  technology: (
    <>
      <rect x="13" y="13" width="22" height="22" rx="3" />
      <rect x="19" y="19" width="10" height="10" rx="1.5" />
      <path d="M19 7v6M29 7v6M19 35v6M29 35v6M7 19h6M7 29h6M35 19h6M35 29h6" />
    </>
  ),
  data: (
    <>
      <ellipse cx="24" cy="12" rx="13" ry="5" />
      <path d="M11 12v24c0 2.8 5.8 5 13 5s13-2.2 13-5V12M11 24c0 2.8 5.8 5 13 5s13-2.2 13-5" />
    </>
  ),
};

export interface FocusBlockProps {
  id?: string;
  tone?: SectionProps['tone'];
}

/** The 'What we Focus' block: People, Process, Technology, Data, each with its own glyph. */
export function FocusBlock({ id = 'what-we-focus', tone = 'navy' }: FocusBlockProps) {
  const focusAreas = useContent('focusAreas');
  return (
    <Section
      id={id}
      tone={tone}
      eyebrow="Our lens"
      title={focusAreas.title}
      intro={focusAreas.intro}
    >
      <ul className="tile-grid focus-block">
        {focusAreas.items.map((item) => (
          <li key={item.key} className={`focus-block__item focus-block__item--${item.key}`}>
            <svg
              className="focus-block__glyph"
              width="48"
              height="48"
              viewBox="0 0 48 48"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
              focusable="false"
            >
              {glyphs[item.key]}
            </svg>
            <h3 className="focus-block__title">{item.title}</h3>
            <p className="focus-block__text">{item.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
