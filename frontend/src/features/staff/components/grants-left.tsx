import { useGrantsToday } from '../api/support';

import styles from './staff.module.css';

const counted = (count: number, one: string, many: string) => `${String(count)} more ${count === 1 ? one : many}`;

/**
 * What the signed-in support member may still give today, by the grant forms; nothing for an
 * admin, whose grants are not capped. Nothing either until it is known: a grant past the day's
 * total is refused with what is left, so the forms stay usable without it.
 */
export function GrantsLeft() {
  const { data } = useGrantsToday();
  if (data?.creditsLeft == null || data.proLeft == null) return null;
  return (
    <p className={styles.muted}>
      You can give {counted(data.creditsLeft, 'bonus credit', 'bonus credits')} and{' '}
      {counted(data.proLeft, 'Premium plan', 'Premium plans')} today.
    </p>
  );
}
