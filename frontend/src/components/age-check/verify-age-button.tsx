import { useLocation } from 'react-router-dom';

import { ageCheckFailure, useStartAgeCheck } from '@/lib/age-check';
import { useMe } from '@/lib/me';

import styles from './verify-age-button.module.css';

interface VerifyAgeButtonProps {
  /** Where the app goes once the check is done (a path of this app); the page it is on by default. */
  readonly returnTo?: string;
  readonly small?: boolean;
}

/**
 * Leaves for the age check provider's flow: 'Verify your age', or 'Resume verification' while a
 * check is pending (the gateway resumes the same one). Says why when it cannot, and instead of
 * the button once a check found the user under 18.
 */
export function VerifyAgeButton({ returnTo, small = false }: VerifyAgeButtonProps) {
  const location = useLocation();
  const { me } = useMe();
  const start = useStartAgeCheck();
  // Stays busy from the click until the browser has left.
  const busy = start.isPending || start.isSuccess;
  const resume = me?.ageCheck.status === 'pending';

  // A check that found the user under 18 is reopened by staff only (403 `age_check_locked`).
  if (me?.ageCheck.status === 'minor') {
    return <p className={styles.verify}>Locked: your age check found that you are under 18.</p>;
  }
  return (
    <div className={styles.verify}>
      <button
        type="button"
        className={`button button-primary${small ? ' button-small' : ''}`}
        disabled={busy}
        onClick={() => {
          start.mutate(returnTo ?? location.pathname + location.search);
        }}
      >
        {busy ? 'Opening…' : resume ? 'Resume verification' : 'Verify your age'}
      </button>
      {start.error && (
        <p role="alert" className="alert">
          {ageCheckFailure(start.error)}
        </p>
      )}
    </div>
  );
}
