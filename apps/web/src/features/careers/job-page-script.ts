import { formatEffectiveFrom, rememberJobId } from './job-details';

/** The attribute on the element holding a shown opening's page (job-page.tsx). */
export const JOB_ID_ATTRIBUTE = 'data-job-id';
/** A date the server wrote in UTC, shown in the visitor's own time zone once scripts run. */
export const LOCAL_TIME_ATTRIBUTE = 'data-local-time';

/**
 * A job page hydrates only its Apply buttons (docs/architecture.md, "Careers islands"); what
 * the whole screen did besides on arrival is done here, on the server's HTML: the opening is
 * remembered for this tab (the old `/jobs` link opens it), and its date is shown in the
 * visitor's time zone. Nothing for an opening that is not shown (closed, unknown).
 */
export function startJobPage(doc: Document = document) {
  const shown = doc.querySelector<HTMLElement>(`[${JOB_ID_ATTRIBUTE}]`);
  if (!shown) return;
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = undefined;
  }
  rememberJobId(Number(shown.getAttribute(JOB_ID_ATTRIBUTE)), storage);
  for (const time of Array.from(
    doc.querySelectorAll<HTMLTimeElement>(`time[${LOCAL_TIME_ATTRIBUTE}]`),
  )) {
    time.textContent = formatEffectiveFrom(time.dateTime, 'local');
  }
}
