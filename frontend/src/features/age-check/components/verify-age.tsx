import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router-dom';

import { VerifyAgeButton } from '@/components/age-check/verify-age-button';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import type { AgeCheck, AgeStatus } from '@/types/api';

import { useAgeCheck } from '../hooks/use-age-check';

import styles from './verify-age.module.css';

/** " on Nov 26, 2026, 10:00 AM"; nothing before any check. */
function on(checkedAt: AgeCheck['checkedAt']): string {
  return checkedAt == null ? '' : ` on ${formatDateTime(checkedAt)}`;
}

/** The one line that says where the check stands; it stays on the page, so a change is read out. */
const headline: Record<AgeStatus, { text: string; className?: string }> = {
  unverified: { text: 'Your age is not verified yet.' },
  pending: { text: 'Checking…', className: styles.checking },
  declined: { text: 'Your age could not be verified.' },
  minor: { text: 'Explicit styles are locked for this account.' },
  verified: { text: 'Your age is verified.', className: 'success-text' },
};

/** The way on for an account whose explicit styles stay locked: every other style. */
function GoToGenerate() {
  return (
    <div className={styles.actions}>
      <Link to={paths.generate} className="button">
        Go to Generate
      </Link>
    </div>
  );
}

interface VerifyAgeProps {
  /** Where to go on once the age is verified: a path of this app, already checked. */
  readonly returnTo: string;
}

/**
 * /verify-age, where the provider sends users back to: why the check is asked for and the way to
 * start it, its status while the provider decides (asked for every 2 seconds), what to do when it
 * was declined, and the way on once verified. On a server with age checks off there is nothing
 * to do here: straight on to `returnTo`.
 */
export function VerifyAge({ returnTo }: VerifyAgeProps) {
  const { me, status, error, retry } = useAgeCheck();

  if (!me) {
    return status === 'error' ? (
      <div role="alert" className="alert">
        <p>Your age check could not be loaded: {error}</p>
        <button type="button" className="button button-small" onClick={retry}>
          Try again
        </button>
      </div>
    ) : (
      <p role="status">Loading your age check…</p>
    );
  }

  const { required, status: check, checkedAt } = me.ageCheck;
  if (!required) return <Navigate to={returnTo} replace />;

  let body: ReactNode;
  switch (check) {
    case 'unverified':
      body = (
        <>
          <p>
            Explicit images on Lucent are for adults only. The law in many places requires an identity verification
            provider to confirm that someone is an adult before they make or see explicit images: ticking a box is not
            enough.
          </p>
          <p>
            The provider checks an identity document and tells Lucent only whether you are 18 or older. Lucent never
            stores your document or your birth date.
          </p>
          <p className={styles.muted}>Every style that is not explicit works without it.</p>
          <VerifyAgeButton returnTo={returnTo} />
        </>
      );
      break;
    case 'pending':
      body = (
        <>
          <p>
            Your age check started{on(checkedAt)}. The provider has not decided yet; this page updates by itself as soon
            as it has.
          </p>
          <p className={styles.muted}>
            Left the provider’s page before the end? Resume where you stopped: it is the same check.
          </p>
          <VerifyAgeButton returnTo={returnTo} />
        </>
      );
      break;
    case 'declined':
      body = (
        <>
          <p>The provider declined the check{on(checkedAt)}, so Lucent cannot make or show explicit images for you.</p>
          <p>You can still use every style that is not explicit.</p>
          <p>
            If this is a mistake, contact support from <Link to={paths.profile}>your profile</Link>.
          </p>
          <GoToGenerate />
        </>
      );
      break;
    case 'minor':
      body = (
        <>
          <p>
            The check found{on(checkedAt)} that you are under 18, so explicit styles are locked for this account.
          </p>
          <p>You can still use every style that is not explicit. Only our support team can open a new check.</p>
          <GoToGenerate />
        </>
      );
      break;
    case 'verified':
      body = (
        <>
          <p>Verified{on(checkedAt)}. You can make and see explicit images.</p>
          <div className={styles.actions}>
            <Link to={returnTo} className="button button-primary">
              Continue
            </Link>
          </div>
        </>
      );
      break;
  }

  return (
    <div className={styles.panel}>
      <p role="status" className={headline[check].className}>
        <strong>{headline[check].text}</strong>
      </p>
      {body}
    </div>
  );
}
