import { ApiError } from '@/lib/api-client';

import styles from './staff.module.css';

export function explain(error: Error): string {
  // 503 and 504 pass: the accounts service or the user records did not answer in time.
  if (error instanceof ApiError && (error.status === 503 || error.status === 504)) {
    return "Lucent's user records are not answering right now. Try again in a moment.";
  }
  return error.message;
}

export function LoadError({ what, error, onRetry }: { readonly what: string; readonly error: Error; readonly onRetry: () => void }) {
  return (
    <div role="alert" className={`alert ${styles.block}`}>
      <p>
        {what} failed. {explain(error)}
      </p>
      <button type="button" className="button button-small" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
