import type { ConsoleSession } from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@lumenfield/page-kit';
import { Modal } from '@/components/modal';
import { signInOptionsQuery } from '../api';
import type { SignInAgainReason } from '../../common/api/request';
import { SignInForm, ssoStartHref } from './sign-in-page';

/** The dialog's title and words, by why it asks. */
const ASKING: Record<SignInAgainReason, { title: string; text: string }> = {
  ended: {
    title: 'Your session has ended',
    text: 'Sign in again to carry on. Nothing you typed is lost: once you are signed in, what you were saving is sent.',
  },
  confirm: {
    title: 'Confirm it is you',
    text: 'You signed in a while ago, and this change needs a recent sign-in. Sign in again to go on: then the change is made.',
  },
};

/**
 * Signing in again over the page (docs/recruiters.md, "Nothing typed is lost"): the session
 * ended while the person was working, or they are changing how they sign in long after signing
 * in. What they were sending goes through once they are signed in; the page underneath, with
 * everything typed in it, stays as it was. "Not now" closes the dialog and the page says its
 * save failed, still holding what was typed.
 */
export function SignInAgain({
  reason = 'ended',
  email,
  onSignedIn,
  onDismiss,
}: {
  reason?: SignInAgainReason;
  email: string;
  onSignedIn: (session: ConsoleSession) => void;
  onDismiss: () => void;
}) {
  const provider = useQuery(signInOptionsQuery).data?.provider;
  const location = useLocation();
  const { title, text } = ASKING[reason];
  return (
    <Modal open onClose={onDismiss} title={title} className="rc-signin-again">
      <p>{text}</p>
      <SignInForm email={email} idPrefix="signin-again" onSignedIn={onSignedIn}>
        <button type="button" className="button button--secondary" onClick={onDismiss}>
          Not now
        </button>
      </SignInForm>
      {provider ? (
        <p className="rc-signin-again__sso">
          Signed in with single sign-on?{' '}
          <a href={ssoStartHref(location.pathname + location.search)}>{provider.button}</a> (this
          leaves the page and comes back to it: what you typed is not kept).
        </p>
      ) : null}
    </Modal>
  );
}
