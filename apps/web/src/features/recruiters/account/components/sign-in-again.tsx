import type { ConsoleSession } from '@lumenfield/contract';
import { Modal } from '@/components/modal';
import { SignInForm } from './sign-in-page';

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
    </Modal>
  );
}
