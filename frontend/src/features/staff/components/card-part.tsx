import { useId, type ReactNode } from 'react';

import type { SupportUser } from '@/types/api';

import { usePartOutcome } from '../hooks/use-part-outcome';

import styles from './staff.module.css';

interface CardPartProps {
  readonly user: SupportUser;
  readonly title: string;
  /** The part's content; `changed` says what a form that leaves with the gateway's answer did. */
  readonly children: (changed: (message: string) => void) => ReactNode;
}

/**
 * A part of a user's card whose forms leave once the card shows the gateway's answer: its
 * heading, which takes the focus they had, and its live region saying what was done.
 */
export function CardPart({ user, title, children }: CardPartProps) {
  const headingId = useId();
  const { heading, done, changed } = usePartOutcome(user);

  return (
    <section aria-labelledby={headingId} className={styles.block}>
      <h3 id={headingId} ref={heading} tabIndex={-1} className={`${styles.subTitle} ${styles.focusTarget}`}>
        {title}
      </h3>
      <p role="status" className={styles.done}>
        {done}
      </p>
      {children(changed)}
    </section>
  );
}
