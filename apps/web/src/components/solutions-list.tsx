import { useContent } from '@/lib/site-content';
import { NumberedList } from './numbered-list';
import { Section, type SectionProps } from './section';
import './solutions-list.css';

export interface SolutionsListProps {
  id?: string;
  tone?: SectionProps['tone'];
}

/** The solutions list the spec repeats across pages, one numbered tile per solution. */
export function SolutionsList({ id = 'solutions', tone = 'sand' }: SolutionsListProps) {
  const solutions = useContent('solutions');
  return (
    <Section
      id={id}
      tone={tone}
      eyebrow="Solutions"
      title={solutions.title}
      intro={solutions.intro}
    >
      <NumberedList block="solutions-list" items={solutions.items} twoDigits />
    </Section>
  );
}
