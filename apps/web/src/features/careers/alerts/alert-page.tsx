import {
  alertCopy,
  alertFrequencyLabels,
  emptyAlertForm,
  type AlertPageState,
} from '@lumenfield/contract';
import { routes, type RouteId } from '@lumenfield/routes';
import type { ReactNode } from 'react';
import { PageIntro } from '@/components/page-intro';
import { usePageData } from '@/lib/page-data';
import { usePageMeta } from '@/lib/page-meta';
import { AlertForm } from './alert-form';

/** The heading of each state: what happened, in the visitor's words. */
const headings: Partial<Record<AlertPageState['kind'], string>> = {
  sent: 'Check your inbox',
  confirmed: 'Your job alert is on',
  unsubscribed: 'You are unsubscribed',
  invalid: 'This link does not work any more',
};

/**
 * The job alerts' pages (docs/careers.md, "Job alerts"), made on the server and whole without
 * scripts: the subscribe form's answer, the confirmation's button, the unsubscribe button, and
 * where each lands. Reached in place without the server's state, the form (or a link's problem).
 */
export function AlertPage({ routeId }: { routeId: RouteId }) {
  const state: AlertPageState = usePageData().alert ?? fallbackState(routeId);
  const title = headings[state.kind] ?? routes[routeId].title;
  usePageMeta({ title, description: leadOf(state) });
  return (
    <>
      <PageIntro eyebrow="Careers" title={title} lead={leadOf(state)} />
      <section className="alert-page">
        <div className="container">
          <AlertPageBody state={state} />
        </div>
      </section>
    </>
  );
}

function fallbackState(routeId: RouteId): AlertPageState {
  return routeId === 'alerts'
    ? {
        kind: 'form',
        values: emptyAlertForm(),
        errors: [],
        problem: null,
        filtersText: 'every new opening',
      }
    : { kind: 'invalid' };
}

function leadOf(state: AlertPageState): string {
  switch (state.kind) {
    case 'form':
      return 'Leave your address and we will write when a new opening matches your search.';
    case 'sent':
      return alertCopy.sent;
    case 'confirm':
      return 'One more step: press the button to start your alert.';
    case 'confirmed':
      return alertCopy.confirmed;
    case 'unsubscribe':
      return 'Press the button and we will stop sending this alert.';
    case 'unsubscribed':
      return alertCopy.unsubscribed;
    case 'invalid':
      return alertCopy.invalidLink;
  }
}

function AlertPageBody({ state }: { state: AlertPageState }): ReactNode {
  const careers = (
    <a href={routes.careers.path} className="button button--secondary">
      See all openings
    </a>
  );
  switch (state.kind) {
    case 'form':
      return (
        <div className="alert-page__panel">
          {state.problem ? (
            <p className="alert-form__problem" role="alert">
              {state.problem}
            </p>
          ) : null}
          <AlertForm values={state.values} errors={state.errors} filtersText={state.filtersText} />
        </div>
      );
    case 'confirm':
      return (
        <div className="alert-page__panel">
          <dl className="alert-page__facts">
            <dt>Openings</dt>
            <dd>{state.filtersText}</dd>
            <dt>How often</dt>
            <dd>{alertFrequencyLabels[state.frequency]}</dd>
          </dl>
          <form method="post" action={state.action}>
            <button type="submit" className="button button--primary">
              Start my job alert
            </button>
          </form>
        </div>
      );
    case 'unsubscribe':
      return (
        <div className="alert-page__panel">
          <dl className="alert-page__facts">
            <dt>Openings</dt>
            <dd>{state.filtersText}</dd>
          </dl>
          <form method="post" action={state.action}>
            <button type="submit" className="button button--primary">
              Unsubscribe
            </button>
          </form>
        </div>
      );
    case 'confirmed':
      return (
        <p className="alert-page__actions">
          <a href={state.careersPath} className="button button--primary">
            See the openings it matches
          </a>
        </p>
      );
    case 'sent':
    case 'unsubscribed':
    case 'invalid':
      return <p className="alert-page__actions">{careers}</p>;
  }
}
