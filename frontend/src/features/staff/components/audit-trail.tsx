import { formatDateTime } from '@/lib/format';
import type { AuditEntry } from '@/types/api';

import styles from './staff.module.css';

export function AuditTrail({ entries }: { readonly entries: readonly AuditEntry[] }) {
  return (
    <div className={styles.block}>
      <h3 className={styles.subTitle}>Changes by hand</h3>
      {entries.length === 0 ? (
        <p className={styles.muted}>No changes by hand yet</p>
      ) : (
        <div className={styles.tableScroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={`${String(entry.at)}-${entry.actor}-${entry.action}`}>
                  <td>{formatDateTime(entry.at)}</td>
                  <td>{entry.actor}</td>
                  <td>{entry.action}</td>
                  <td>{entry.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
