import { careerFiltersQuery, parseCareerFilters } from '@lumenfield/contract';
import { lazy, Suspense } from 'react';
import { PageIntro } from '@/components/page-intro';
import { FEED_PATH, alertRouteIds, routes, type ScreenProps } from '@lumenfield/routes';
import { Island } from '@/lib/island';
import { useLocation } from '@lumenfield/page-kit';
import { usePageMeta } from '@/lib/page-meta';
import { site } from '@/config/site';
import { ApplySteps } from './components/apply-steps';
import { CareersOpenings } from './careers-openings';
import './careers.css';
import './job-detail.css';
import './filters-and-terms.css';
import './apply-page-and-alerts.css';

// The job alerts' own pages are made on the server and work without scripts: their code is not
// part of the careers list's (a chunk of their own).
const AlertPage = lazy(() => import('./alerts/alerts').then((m) => ({ default: m.AlertPage })));

export { NO_MATCH_TEXT, NO_OPENINGS_TEXT } from './careers-openings';

export default function CareersScreen({ routeId }: ScreenProps) {
  if (alertRouteIds.includes(routeId)) {
    return (
      <Suspense fallback={null}>
        <AlertPage routeId={routeId} />
      </Suspense>
    );
  }
  return <CareersPage routeId={routeId} />;
}

/**
 * The careers list. At its address only its island hydrates (src/app/islands.tsx): the
 * openings with their search and filters and the job alert's form; the intro and the steps
 * are the server's HTML (docs/architecture.md, "Careers islands").
 */
function CareersPage({ routeId }: ScreenProps) {
  const { title } = routes[routeId];
  const { search } = useLocation();
  usePageMeta({
    title,
    description: `Open positions at ${site.brand.legalName}: engineering, quality assurance and support roles. Apply in minutes with your resume.`,
    // The feed of the list as the URL filters it (the server renders the page per query).
    feed: `${FEED_PATH}${careerFiltersQuery(parseCareerFilters(search))}`,
  });
  return (
    <>
      <PageIntro
        eyebrow="Careers"
        title={title}
        lead="Build and run the systems insurers, law firms and utilities depend on every day. Find a role that fits, then apply with your resume in a couple of minutes."
      />
      <Island name="careers">
        <CareersOpenings />
      </Island>
      <ApplySteps />
    </>
  );
}
