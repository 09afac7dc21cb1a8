import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';

import type { FoundUser } from '@/types/api';

import { LoadError } from './load-error';
import styles from './staff.module.css';

interface SearchResultsProps {
  readonly q: string;
  /** The uid of the open card, if any. */
  readonly selected: string;
  readonly search: UseQueryResult<FoundUser[]>;
}

export function SearchResults({ q, selected, search }: SearchResultsProps) {
  if (search.isPending) return <p role="status">Searching…</p>;
  if (search.isError) return <LoadError what="The search" error={search.error} onRetry={() => void search.refetch()} />;
  if (search.data.length === 0) return <p role="status">Nobody matches “{q}”.</p>;
  return (
    <ul className={styles.results} aria-label="Users found">
      {search.data.map((found) => (
        <li key={found.uid}>
          <Link
            to={{ search: new URLSearchParams({ q, uid: found.uid }).toString() }}
            aria-current={found.uid === selected ? 'true' : undefined}
            className={styles.result}
          >
            <strong>{found.email}</strong> <span className={styles.muted}>{found.username}</span>
            <span className={styles.resultWhy}>{found.why}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
