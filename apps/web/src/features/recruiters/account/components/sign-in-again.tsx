import type { ConsoleSession } from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { Modal } from '@/components/modal';
import { signInOptionsQuery } from '../api';
import { SignInForm, SSO_START_URL } from './sign-in-page';

/**
 * The session ended while the person was working (docs/recruiters.md, "Nothing typed is
 * lost"): they sign in again here, over the page, and what they were sending goes through; the
 * page underneath, with everything typed in it, stays as it was. "Not now" closes the dialog
 * and the page says its save failed, still holding what was typed.
 */
export function SignInAgain({
  email,
  onSignedIn,
  onDismiss,
}: {
  email: string;
  onSignedIn: (session: ConsoleSession) => void;
  onDismiss: () => void;
}) {
  const provider = useQuery(signInOptionsQuery).data?.provider;
  return (
    <Modal open onClose={onDismiss} title="Your session has ended" className="rc-signin-again">
      <p>
        Sign in again to carry on. Nothing you typed is lost: once you are signed in, what you were
        saving is sent.
      </p>
      <SignInForm email={email} idPrefix="signin-again" onSignedIn={onSignedIn}>
        <button type="button" className="button button--secondary" onClick={onDismiss}>
          Not now
        </button>
      </SignInForm>
      {provider ? (
        <p className="rc-signin-again__sso">
          Signed in with single sign-on? <a href={SSO_START_URL}>{provider.button}</a> (this leaves
          the page: what you typed is not kept).
        </p>
      ) : null}
    </Modal>
  );
}
