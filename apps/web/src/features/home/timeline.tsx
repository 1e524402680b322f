import { useEffect, useRef, useState } from 'react';

export interface TimelineProps {
  steps: readonly { title: string; text: string; points: readonly string[] }[];
}

/**
 * The numbered four-step timeline. A marker dot rides the track (CSS position: sticky), so it
 * follows the reader down the page; the step level with it is marked as the current one.
 */
export function Timeline({ steps }: TimelineProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const [current, setCurrent] = useState(0);

  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof IntersectionObserver === 'undefined') return;
    // A thin band across the middle of the viewport: the step crossing it is the current one.
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) setCurrent(Number((entry.target as HTMLElement).dataset.step));
        }
      },
      { rootMargin: '-45% 0px -45% 0px' },
    );
    list.querySelectorAll('[data-step]').forEach((item) => observer.observe(item));
    return () => observer.disconnect();
  }, []);

  return (
    <div className="timeline">
      <div className="timeline__track" aria-hidden="true">
        <span className="timeline__dot" data-testid="timeline-dot" />
      </div>
      <ol className="timeline__steps" ref={listRef}>
        {steps.map((step, index) => (
          <li
            key={step.title}
            data-step={index}
            className={`timeline__step${index === current ? ' timeline__step--current' : ''}`}
          >
            <span className="timeline__number" aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
            <div className="timeline__body">
              <h3 className="timeline__title">
                <span className="visually-hidden">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="timeline__text">{step.text}</p>
              <ul className="cluster timeline__points">
                {step.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
