import { VerifyAgeButton } from '@/components/age-check/verify-age-button';
import { SupportLink } from '@/components/support/support-link';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import type { AgeCheck, Me } from '@/types/api';

import styles from './profile.module.css';

/** Where the check stands, and since when. */
function ageCheckText({ status, checkedAt }: AgeCheck): string {
  const on = checkedAt == null ? '' : ` on ${formatDateTime(checkedAt)}`;
  switch (status) {
    case 'verified':
      return `Verified${on}`;
    case 'pending':
      return `Started${on}, not finished`;
    case 'declined':
      return `Declined${on}`;
    case 'minor':
      return `Under 18${on}: explicit styles are locked`;
    case 'unverified':
      return 'Not verified';
  }
}

/** The profile's line for the age check, on a server that checks ages. */
export function AgeCheckDetail({ ageCheck }: { readonly ageCheck: AgeCheck }) {
  return (
    <div>
      <dt>Age check</dt>
      <dd data-testid="profile-age-check">{ageCheckText(ageCheck)}</dd>
    </div>
  );
}

/** Until the age is verified: what it is for, and the way to start the check, or resume it. */
export function AgeCheckNext({ me: { email, ageCheck } }: { readonly me: Me }) {
  if (ageCheck.status === 'minor') {
    return (
      <div className={styles.text}>
        <p data-testid="age-check-minor">
          Your age check found that you are under 18, so explicit styles are locked for this account. Only our support
          team can open a new check: <SupportLink subject={`Age check of ${email}`} />
        </p>
      </div>
    );
  }
  return (
    <div className={styles.text}>
      {ageCheck.status === 'declined' ? (
        <p>
          The provider declined your age check, so explicit images are not available to you. If this is a mistake,
          write to support: <SupportLink subject={`Age check of ${email}`} />
        </p>
      ) : (
        <p>Explicit images are only for adults whose age an identity provider has verified.</p>
      )}
      <VerifyAgeButton returnTo={paths.profile} />
    </div>
  );
}
