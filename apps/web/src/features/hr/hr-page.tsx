import { PageIntro } from '@/components/page-intro';
import { routes, type ScreenProps } from '@lumenfield/routes';
import { site } from '@/config/site';
import { usePageMeta } from '@/lib/page-meta';
import './hr-page.css';

/**
 * Colleagues who follow an old '#/hr' bookmark land here; the portal itself is reached through
 * the server's /hr redirect (docs/architecture.md), so the link below always follows HR_SITE_URL.
 */
export default function HrPage({ routeId }: ScreenProps) {
  const { title } = routes[routeId];
  usePageMeta({ title, description: 'Where Lumenfield colleagues sign in to the HR portal.' });
  return (
    <>
      <PageIntro
        eyebrow="For colleagues"
        title={title}
        lead="Payslips, leave, benefits and your profile live in our HR portal, run by our HR provider."
      />
      <section className="container hr-portal">
        <p>
          <a className="button button--primary" href={site.hrPath}>
            Continue to the HR portal
          </a>
        </p>
        <p>
          Looking for a job with us instead? The <a href="/careers">careers page</a> lists every
          opening.
        </p>
      </section>
    </>
  );
}
