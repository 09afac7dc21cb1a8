import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { rendererNote, useCatalog } from '@/lib/catalog';
import { formatDateTime } from '@/lib/format';
import { creditsLeft, useMe } from '@/lib/me';
import type { Me } from '@/types/api';

import styles from './generate.module.css';

function Credits({ me }: { readonly me: Me }) {
  return (
    <p className={styles.credits} data-testid="credits">
      <strong>{creditsLeft(me)}</strong> of {me.quota.limit} credits left
      <span className={styles.creditsReset}> · resets {formatDateTime(me.quota.resetsAt)}</span>
    </p>
  );
}

interface FormStatusProps {
  /** A submission is on its way: the form is not reset under it. */
  readonly sending: boolean;
  readonly onReset: () => void;
}

/** The form's first line: the credits left (or, for a guest, how to get some), the renderer's note, 'Reset form'. */
export function FormStatus({ sending, onReset }: FormStatusProps) {
  const { user, ready } = useAuth();
  const { me } = useMe();
  const { catalog } = useCatalog();
  const note = rendererNote(catalog);

  return (
    <div className={styles.status}>
      {me ? (
        <Credits me={me} />
      ) : ready && !user ? (
        <p className={styles.credits}>
          <Link to={paths.register}>Register</Link> to get free credits every day.
        </p>
      ) : null}
      {note && (
        <p className={`notice ${styles.rendererNote}`} data-testid="renderer-note">
          {note}
        </p>
      )}
      <button type="button" className="button button-small button-ghost" disabled={sending} onClick={onReset}>
        Reset form
      </button>
    </div>
  );
}
