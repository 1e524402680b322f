import { AppLink } from '@/components/app-link';
import { PageIntro } from '@/components/page-intro';
import { usePageMeta } from '@/lib/page-meta';
import './not-found.css';

const onward = [
  { to: 'home', label: 'Home', line: 'Start from the beginning' },
  { to: 'services', label: 'Services', line: 'What we deliver for clients' },
  { to: 'industries', label: 'Industries', line: 'Insurance, legal, utilities and logistics' },
  { to: 'careers', label: 'Careers', line: 'Current openings' },
  { to: 'contact', label: 'Contact Us', line: 'Talk to our team' },
] as const;

export function NotFound() {
  usePageMeta({ title: 'Page not found', description: 'The page you asked for does not exist.' });
  return (
    <>
      <PageIntro
        eyebrow="Error 404"
        title="We couldn't find that page"
        lead="The link may be old or mistyped. These pages are a good place to go next."
      />
      <section className="container not-found">
        <ul className="tile-grid not-found__list">
          {onward.map((item) => (
            <li key={item.to}>
              <AppLink to={item.to} className="not-found__link">
                <span className="not-found__label">{item.label}</span>
                <span className="not-found__line">{item.line}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
