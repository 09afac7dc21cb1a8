import { useId } from 'react';
import { Form } from 'react-router-dom';

import field from '@/components/ui/text-field.module.css';

import styles from './staff.module.css';

/** A GET form: the search lands in the URL (`?q=`), which drops the open card. */
export function UserSearch({ q }: { readonly q: string }) {
  const id = useId();
  return (
    <Form role="search" method="get" className={`${field.field} ${styles.search}`}>
      <label htmlFor={id} className={field.label}>
        Find a user
      </label>
      <div className={styles.searchRow}>
        <input
          id={id}
          name="q"
          type="search"
          required
          defaultValue={q}
          placeholder="uid or email"
          autoComplete="off"
          spellCheck={false}
          className={`${field.input} ${styles.searchInput}`}
        />
        <button type="submit" className="button button-primary">
          Search
        </button>
      </div>
    </Form>
  );
}
