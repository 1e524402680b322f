import { solutions } from '@/content/services';
import { Section, type SectionProps } from './section';
import './solutions-list.css';

export interface SolutionsListProps {
  id?: string;
  tone?: SectionProps['tone'];
}

/** The solutions list the spec repeats across pages, one numbered tile per solution. */
export function SolutionsList({ id = 'solutions', tone = 'sand' }: SolutionsListProps) {
  return (
    <Section
      id={id}
      tone={tone}
      eyebrow="Solutions"
      title={solutions.title}
      intro={solutions.intro}
    >
      <ol className="solutions-list">
        {solutions.items.map((item, index) => (
          <li key={item.title} className="solutions-list__item">
            <span className="solutions-list__number" aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
            <h3 className="solutions-list__title">{item.title}</h3>
            <p className="solutions-list__text">{item.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
