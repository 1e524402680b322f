import { useState } from 'react';
import {
  counted,
  consolePagePaths,
  type ConsoleApplicant,
  type ErasureResult,
} from '@lumenfield/contract';
import { Modal } from '@/components/modal';
import { Link, useNavigate } from '@lumenfield/page-kit';
import { useErase } from '../api';
import { failureText } from '../../common/api/query-client';
import { ErrorNote } from '../../common/components/status';

/** Admins: erase everything of this e-mail address, at the person's request. */
export function Erase({ applicant }: { applicant: ConsoleApplicant }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<ErasureResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const erasing = useErase();
  const erase = () => {
    setError(null);
    erasing.mutate(applicant.email, {
      onSuccess: setResult,
      onError: (failure) => setError(failureText(failure, 'Nothing was erased.')),
    });
  };
  return (
    <section className="rc-card rc-danger-zone" aria-labelledby="erase-heading">
      <h2 id="erase-heading">Erase at the person&rsquo;s request</h2>
      <p>Removes every application, resume and mail of this e-mail address, for good.</p>
      <button type="button" className="button rc-button--danger" onClick={() => setOpen(true)}>
        Erase this person&rsquo;s data
      </button>
      <Modal
        open={open}
        // Once erased, the person's page has nothing left to show: closing the dialog (Esc, ×)
        // leaves it for the applicants list, as the dialog's own link does.
        onClose={() =>
          result ? navigate(consolePagePaths.applicants, { replace: true }) : setOpen(false)
        }
        title="Erase this person's data?"
        role="alertdialog"
      >
        {result ? (
          <div role="status">
            <p>
              Erased {counted(result.applicants, ['application', 'applications'])},{' '}
              {counted(result.resumes, ['resume', 'resumes'])} and{' '}
              {counted(result.mails, ['mail', 'mails'])}.
            </p>
            <Link className="button button--primary" to={consolePagePaths.applicants}>
              Back to applicants
            </Link>
          </div>
        ) : (
          <>
            <p>
              Everything about {applicant.email} goes: applications, resumes and mails. This cannot
              be undone.
            </p>
            {error ? <ErrorNote message={error} /> : null}
            <div className="rc-form__actions">
              <button
                type="button"
                className="button rc-button--danger"
                disabled={erasing.isPending}
                onClick={erase}
              >
                Erase for good
              </button>
              <button
                type="button"
                className="button button--secondary"
                data-autofocus
                onClick={() => setOpen(false)}
              >
                Keep
              </button>
            </div>
          </>
        )}
      </Modal>
    </section>
  );
}
