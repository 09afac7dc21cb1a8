import styles from './staff.module.css';

/** What LoadMore needs of an infinite query. */
interface Pages {
  readonly hasNextPage: boolean;
  readonly isFetchingNextPage: boolean;
  readonly fetchNextPage: () => Promise<unknown>;
}

interface LoadMoreProps {
  readonly pages: Pages;
  readonly label: string;
  /** Said, disabled, while the next page loads. */
  readonly pendingLabel: string;
}

/** Asks for a list's next page, while there is one. */
export function LoadMore({ pages, label, pendingLabel }: LoadMoreProps) {
  if (!pages.hasNextPage) return null;
  return (
    <button
      type="button"
      className={`button ${styles.more}`}
      disabled={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage()}
    >
      {pages.isFetchingNextPage ? pendingLabel : label}
    </button>
  );
}
