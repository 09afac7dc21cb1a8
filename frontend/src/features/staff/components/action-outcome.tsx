import styles from './staff.module.css';

/** The form's outcome: a refusal (an alert) and, always on the page, the polite success region. */
export function ActionOutcome({ formError, done }: { readonly formError: string | null; readonly done: string }) {
  return (
    <>
      {formError && (
        <p role="alert" className="alert">
          {formError}
        </p>
      )}
      <p role="status" className={styles.done}>
        {done}
      </p>
    </>
  );
}
