import { AppLink } from '@/components/app-link';
import { PageIntro } from '@/components/page-intro';
import { usePageMeta } from '@/lib/page-meta';

/** When a screen cannot load (a lost connection, a new deployment): say so and offer a way on. */
export function RouteError() {
  usePageMeta({ title: 'Something went wrong' });
  return (
    <>
      <PageIntro
        eyebrow="Something went wrong"
        title="This page could not be loaded"
        lead="Your connection may have dropped, or the site was just updated. Reloading usually fixes it."
      />
      <section className="container route-error">
        <button
          type="button"
          className="button button--primary"
          onClick={() => window.location.reload()}
        >
          Reload the page
        </button>
        <AppLink to="home" className="button button--secondary">
          Go to the home page
        </AppLink>
      </section>
    </>
  );
}
