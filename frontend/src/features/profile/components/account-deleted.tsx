import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { ACCOUNT_DELETED } from '@/lib/me';

import styles from './profile.module.css';

/**
 * After a deletion: what the gateway kept, each with why (`kept`, empty when everything went);
 * null when the account was deleted before this session learnt it, and only that is known.
 */
export function AccountDeleted({ kept }: { readonly kept: readonly string[] | null }) {
  if (kept === null) {
    return (
      <div className={`${styles.card} ${styles.text}`}>
        <p>{ACCOUNT_DELETED}</p>
        <div className={styles.actions}>
          <Link to={paths.register} className="button button-primary">
            Register
          </Link>
          <Link to={paths.home} className="button">
            Go to the homepage
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className={`${styles.card} ${styles.text}`}>
      {kept.length > 0 ? (
        <>
          <p>Everything else is gone. What was kept, and why:</p>
          <ul>
            {kept.map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>Everything is gone: your subscription, your images, your history, credits and profile, and your sign-in.</p>
      )}
      <p>
        A note that the account was deleted, without any prompt, stays in our audit trail. The{' '}
        <Link to={paths.privacyPolicy}>Privacy Policy</Link> says what is kept and for how long.
      </p>
      <div className={styles.actions}>
        <Link to={paths.home} className="button button-primary">
          Go to the homepage
        </Link>
      </div>
    </div>
  );
}
