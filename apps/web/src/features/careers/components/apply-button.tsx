import { jobApplyPath } from '@lumenfield/routes';
import type { OpeningNames } from '../job-summary';
import { useApplyLauncher } from './apply-launcher';

/**
 * A job page's Apply, an island of its own (src/app/islands.tsx): a button that opens the
 * 'Apply for Job' dialog, whose code loads when it is pressed. Without scripts the button is
 * hidden (`.needs-script`) and the link in `<noscript>` leads to the opening's own apply form,
 * a page that works with a plain post (docs/careers.md, "Applying without scripts"). The
 * button is in the server's HTML, so a press before the island is live is held and done once
 * it is (src/app/schedule-islands.ts).
 */
export function ApplyButton({ job, className }: { job: OpeningNames; className: string }) {
  const { openFor, dialogs } = useApplyLauncher();
  return (
    <>
      <button
        type="button"
        className={`${className} needs-script`}
        onClick={() => openFor(job)}
        aria-describedby="job-title"
      >
        Apply
      </button>
      <noscript>
        <a href={jobApplyPath(job.id)} className={className} aria-describedby="job-title">
          Apply
        </a>
      </noscript>
      {dialogs}
    </>
  );
}
