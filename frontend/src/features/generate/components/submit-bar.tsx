import { useId } from 'react';
import { Link } from 'react-router-dom';

import { AccountStanding } from '@/components/account/account-standing';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { creditsLeft, isPro, useMe } from '@/lib/me';

import type { useFormFeedback } from '../hooks/use-form-feedback';

import { AgeCheckNeeded } from './age-check-needed';
import styles from './generate.module.css';
import { GenerateError } from './generate-error';
import { PromptRefusal } from './prompt-refusal';

interface SubmitMessagesProps {
  readonly feedback: ReturnType<typeof useFormFeedback>;
  /** The form's own word on a press of Generate ('Please write a prompt first.'). */
  readonly formError: string | null;
  /** Where the age check brings the user back to. */
  readonly ageReturnTo: string;
}

/**
 * What refused the last press of Generate, and the account's standing when it is not clean (a
 * suspension is the page's notice, at the top).
 */
function SubmitMessages({ feedback, formError, ageReturnTo }: SubmitMessagesProps) {
  const { me } = useMe();
  const { ageNeeded, elsewhere, refusal, unexplained } = feedback;
  return (
    <div className={styles.submitMessages}>
      {formError && (
        <p role="alert" className="alert">
          {formError}
        </p>
      )}
      {ageNeeded && <AgeCheckNeeded status={me?.ageCheck.status ?? 'unverified'} returnTo={ageReturnTo} />}
      {elsewhere.length > 0 && (
        <div role="alert" className="alert">
          {elsewhere.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      {refusal && <PromptRefusal id={feedback.refusalId} refusal={refusal} />}
      {unexplained !== null && <GenerateError error={unexplained} pro={isPro(me)} resetsAt={me?.quota.resetsAt ?? null} />}
      {me && me.standing.suspension == null && <AccountStanding me={me} />}
    </div>
  );
}

interface SubmitBarProps extends SubmitMessagesProps {
  /** Generate waits: a submission's POST is on its way, or what it needs is not loaded yet. */
  readonly waiting: boolean;
}

/**
 * Generate and what it says, where the user is when they press it (the bar stays in view): the
 * messages of the last press, then why it cannot be pressed, or what a free image will be.
 */
export function SubmitBar({ waiting, ...messages }: SubmitBarProps) {
  const { me } = useMe();
  // Suspended accounts are refused every generation (403): the button says so before asking.
  const suspended = me?.standing.suspension != null;
  const suspendedId = useId();
  // Every credit of the period spent: nothing can be drawn until they come back.
  const spent = me !== null && creditsLeft(me) <= 0;
  const spentId = useId();

  return (
    <div className={styles.submitBar}>
      <SubmitMessages {...messages} />
      <button
        type="submit"
        className={`button button-primary ${styles.submit}`}
        disabled={waiting || suspended || spent}
        aria-describedby={suspended ? suspendedId : spent ? spentId : undefined}
      >
        Generate
      </button>
      {suspended && (
        <p id={suspendedId} className={styles.submitNote}>
          Generation is suspended: see the notice at the top of the page.
        </p>
      )}
      {spent && !suspended && (
        <p id={spentId} className={styles.submitNote} data-testid="credits-spent">
          No credits left: they come back {formatDateTime(me.quota.resetsAt)}.
        </p>
      )}
      {/* Said before the first image, not discovered on it. */}
      {me && !isPro(me) && !spent && !suspended && (
        <p className={styles.submitNote} data-testid="free-blur-note">
          Free results are blurred. <Link to={paths.subscribe}>Premium</Link> shows them sharp and lets you download
          them.
        </p>
      )}
    </div>
  );
}
