import { useId, useState } from 'react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import type { AccountDeleted } from '@/types/api';

import { useExportData } from '../hooks/use-account';

import { DeleteAccountDialog } from './delete-account-dialog';
import styles from './profile.module.css';

/** "in 45 seconds", "in 2 minutes": when the gateway's Retry-After lets the next export through. */
function inTime(seconds: number | undefined): string {
  if (seconds === undefined) return 'in a minute';
  if (seconds < 60) return `in ${String(seconds)} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${String(minutes)} minute${minutes === 1 ? '' : 's'}`;
}

function exportFailure(error: Error): string {
  // Exports are heavy, so the gateway allows only a few in a row.
  if (error instanceof ApiError && error.code === 'rate_limited') {
    return `You have asked for several exports in a short time. Try again ${inTime(error.retryAfter)}.`;
  }
  return `Your export could not be made: ${error.message}`;
}

/** Taking one's data along, and leaving: the profile's "Your data" section. */
export function YourData({ onDeleted }: { readonly onDeleted: (deleted: AccountDeleted) => void }) {
  const id = useId();
  const { user } = useAuth();
  const exporting = useExportData();
  const [deleting, setDeleting] = useState(false);

  return (
    <section className={`${styles.card} ${styles.next}`} aria-labelledby={`${id}-title`}>
      <div className={styles.text}>
        <h2 id={`${id}-title`}>Your data</h2>
        <p>
          Export a copy of what Lucent keeps about you: your profile, the settings of every image and the images
          themselves (the originals on Premium, the blurred previews on Free), in one ZIP file.{' '}
          <Link to={paths.privacyPolicy}>What we keep, and for how long</Link>.
        </p>
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className="button"
          disabled={exporting.isPending}
          onClick={() => {
            exporting.mutate();
          }}
        >
          Export my data
        </button>
        <p role="status" className={styles.small}>
          {exporting.isPending ? 'Preparing your export…' : exporting.data ? `Saved as ${exporting.data}.` : ''}
        </p>
      </div>
      {exporting.error && (
        <p role="alert" className="alert">
          {exportFailure(exporting.error)}
        </p>
      )}

      <div className={`${styles.text} ${styles.dangerZone}`}>
        <h3>Delete my account</h3>
        <p>
          Your subscription, every image you made, your history, credits and profile, and your sign-in are deleted at
          once. Export your data first if you want to keep a copy.
        </p>
        <div className={styles.actions}>
          <button
            type="button"
            className="button button-danger"
            onClick={() => {
              setDeleting(true);
            }}
          >
            Delete my account
          </button>
        </div>
      </div>
      {deleting && (
        <DeleteAccountDialog
          email={user?.email ?? null}
          onCancel={() => {
            setDeleting(false);
          }}
          onDeleted={onDeleted}
        />
      )}
    </section>
  );
}
