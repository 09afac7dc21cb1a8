import { Link } from 'react-router-dom';

import { VerifyAgeButton } from '@/components/age-check/verify-age-button';
import { paths } from '@/config/paths';
import type { AgeStatus } from '@/types/api';

interface AgeCheckNeededProps {
  /** Where the account's age check stands (`unverified` when the profile is not loaded). */
  readonly status: AgeStatus;
  /** This form with the style chosen, to come back to once the age is verified. */
  readonly returnTo: string;
}

/**
 * Said instead of sending an explicit request (or after the gateway's 403 `age_check_required`):
 * explicit images wait for a verified age, with the way to verify, or, once declined or found under
 * 18, what is left.
 */
export function AgeCheckNeeded({ status, returnTo }: AgeCheckNeededProps) {
  if (status === 'minor') {
    return (
      <div role="alert" className="alert" data-testid="age-check-needed">
        <p>
          Your age check found that you are under 18, so explicit styles are locked for this account. Every style that
          is not explicit still works.
        </p>
      </div>
    );
  }
  if (status === 'declined') {
    return (
      <div role="alert" className="alert" data-testid="age-check-needed">
        <p>
          Your age check was declined, so Lucent cannot make explicit images for you. Every style that is not explicit
          still works.
        </p>
        <p>
          If this is a mistake, contact support from <Link to={paths.profile}>your profile</Link>.
        </p>
      </div>
    );
  }
  return (
    <div role="alert" className="alert" data-testid="age-check-needed">
      <p>
        Explicit images are only for adults whose age is verified.{' '}
        {status === 'pending'
          ? 'Your age check is not finished yet: resume it, then generate.'
          : 'Verify your age once, then generate: an identity provider confirms you are 18 or older.'}
      </p>
      <VerifyAgeButton returnTo={returnTo} />
    </div>
  );
}
