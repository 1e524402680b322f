import { lazy, Suspense } from 'react';
import type { ConsoleApplicant } from '@lumenfield/contract';
import { resumeHref } from '../api';
import { Loading } from '../../shared/components/status';

// pdf.js is large: it loads only when a PDF is shown.
const PdfViewer = lazy(() => import('./pdf-viewer').then((m) => ({ default: m.PdfViewer })));

const formatSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function Resume({ applicant }: { applicant: ConsoleApplicant }) {
  const name = `${applicant.firstName} ${applicant.lastName}'s resume`;
  return (
    <section className="rc-card rc-resume" aria-labelledby="resume-heading">
      <div className="rc-resume__head">
        <h2 id="resume-heading">Resume</h2>
        <a className="button button--secondary" href={resumeHref(applicant.resumeUrl)} download>
          Download {applicant.attachmentKind.toUpperCase()} ({formatSize(applicant.attachmentSize)})
        </a>
      </div>
      {applicant.attachmentKind === 'pdf' ? (
        <Suspense fallback={<Loading what="the viewer" />}>
          <PdfViewer url={resumeHref(applicant.resumeUrl, true)} title={name} />
        </Suspense>
      ) : (
        <p className="rc-muted">
          A {applicant.attachmentKind.toUpperCase()} file is not shown in the page: download it to
          read it.
        </p>
      )}
    </section>
  );
}
