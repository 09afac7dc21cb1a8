import styles from './auth-form.module.css';

/** Announced by screen readers as soon as it appears. */
export function FormError({ message }: { readonly message: string | null }) {
  return (
    <p role="alert" className={styles.error} hidden={!message}>
      {message}
    </p>
  );
}
