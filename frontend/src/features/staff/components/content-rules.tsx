import type { SupportUser } from '@/types/api';

import { CardPart } from './card-part';
import { FalsePositiveAction } from './false-positive-action';
import { RefusalItem } from './refusal-item';
import styles from './staff.module.css';
import { SuspensionForm } from './suspension-form';
import { SuspensionSummary } from './suspension-summary';

interface ContentRulesProps {
  readonly user: SupportUser;
  /** The open user is the signed-in staff member: no decisions. */
  readonly own: boolean;
}

/** The user's standing under the content rules: the suspension, if any, and their refusals. */
export function ContentRules({ user, own }: ContentRulesProps) {
  const { uid, email } = user.profile;
  const { suspension, refusals } = user;

  return (
    // The form that acted (a lifted suspension's, a refusal's no longer counting) leaves once the
    // card shows the gateway's answer.
    <CardPart user={user} title="Content rules">
      {(changed) => (
        <>
          <p className={styles.prompt}>
            {suspension ? <SuspensionSummary suspension={suspension} /> : 'Not suspended: generation is allowed.'}
          </p>
          {suspension && !own && <SuspensionForm user={user} onGone={changed} />}
          <h4 className={styles.subTitle}>Refusals</h4>
          {refusals.length === 0 ? (
            <p className={styles.muted}>{email} has no refused requests.</p>
          ) : (
            <ul aria-label="Refusals" className={styles.queueList}>
              {refusals.map((refusal) => (
                <li key={refusal.id}>
                  <RefusalItem refusal={refusal}>
                    {/* A request to rephrase never counted: there is nothing to stop counting. */}
                    {!own && refusal.strike && !refusal.falsePositive && (
                      <FalsePositiveAction uid={uid} email={email} refusal={refusal} onMarked={changed} />
                    )}
                  </RefusalItem>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </CardPart>
  );
}
