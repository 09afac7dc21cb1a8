import { Detail } from '@/components/ui/detail';
import { formatDateTime } from '@/lib/format';
import type { Sale } from '@/types/api';

import styles from './staff.module.css';

/** Statuses in which the processor may still charge (the gateway's `Sale::may_bill`). */
const BILLING = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete']);

/**
 * Every sale the processor told of for the account, the one that sets the plan included: two
 * checkouts paid minutes apart are two sales, and both bill until cancelled (deleting the
 * account cancels each).
 */
export function SalesDetail({ sales }: { readonly sales: Readonly<Record<string, Sale>> | undefined }) {
  const entries = Object.entries(sales ?? {});
  if (entries.length === 0) return null;
  const billing = entries.filter(([, sale]) => BILLING.has(sale.status)).length;
  return (
    <Detail label="Sales at the processor">
      <ul className={styles.sales}>
        {entries.map(([id, sale]) => (
          <li key={id}>
            <span className={styles.code}>{id}</span> ({sale.processor}): {sale.status}
            {sale.currentPeriodEnd == null ? '' : `, paid until ${formatDateTime(sale.currentPeriodEnd)}`}
          </li>
        ))}
      </ul>
      {billing > 1 && (
        <span className={styles.warning}>
          <strong>Warning:</strong> {String(billing)} sales may still charge this person; one gives Premium. Cancel the
          others at the processor, or refund them.
        </span>
      )}
    </Detail>
  );
}
