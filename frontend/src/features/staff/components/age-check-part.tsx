import { formatDateTime } from '@/lib/format';
import type { AgeStatus, SupportUser } from '@/types/api';

import { useStaffRole } from '../api/support';

import { CardPart } from './card-part';
import { ResetAgeCheckForm } from './reset-age-check-form';
import styles from './staff.module.css';

const statusWords: Record<AgeStatus, string> = {
  unverified: 'Unverified',
  pending: 'Pending: the provider has not decided',
  verified: 'Verified',
  declined: 'Declined',
  minor: 'Under 18 (explicit styles locked; a reset opens a new check)',
};

/** Who decided, in support's words; another provider by its own name. */
const providerWords: Record<string, string> = { persona: 'Persona', test: 'test mode', staff: 'reset by staff' };

interface AgeCheckPartProps {
  readonly user: SupportUser;
  /** The open user is the signed-in staff member: no reset. */
  readonly own: boolean;
}

/**
 * The user's age check as the gateway keeps it (status, who decided, the provider's reference to
 * look it up there, when), and for admins its reset to unverified, with a reason.
 */
export function AgeCheckPart({ user, own }: AgeCheckPartProps) {
  const role = useStaffRole();
  const { status, provider, reference, checkedAt } = user.ageCheck;

  return (
    <CardPart user={user} title="Age check">
      {(changed) => (
        <>
          <p className={styles.prompt} data-testid="age-check">
            <strong>{statusWords[status]}</strong>
            {provider && ` · ${providerWords[provider] ?? provider}`}
            {reference && (
              <>
                {' · reference '}
                <span className={styles.code}>{reference}</span>
              </>
            )}
            {checkedAt != null && ` · ${formatDateTime(checkedAt)}`}
          </p>
          {/* An unverified user has nothing to reset. */}
          {status !== 'unverified' &&
            !own &&
            (role.data?.admin ? (
              <ResetAgeCheckForm user={user} onReset={changed} />
            ) : (
              <p className={styles.muted}>Only admins can reset an age check.</p>
            ))}
        </>
      )}
    </CardPart>
  );
}
