import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router-dom';

import { formatDateTime } from '@/lib/format';
import type { RefusalView, ReviewQueuePage, SuspendedUser } from '@/types/api';

import { LoadError } from './load-error';
import { LoadMore } from './load-more';
import { RefusalItem } from './refusal-item';
import styles from './staff.module.css';
import { reviewState } from './suspension-summary';

/** Opens the user's card: the console's `?uid=` state, as a link to a card alone. */
function CardLink({ uid, email }: { readonly uid: string; readonly email: string }) {
  return (
    <Link to={{ search: new URLSearchParams({ uid }).toString() }} className={styles.cardLink}>
      Open the card of {email}
    </Link>
  );
}

function SuspendedAccounts({ users }: { readonly users: readonly SuspendedUser[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.block}>
      <h3 id={headingId} className={styles.subTitle}>
        Suspended accounts
      </h3>
      {users.length === 0 ? (
        <p className={styles.muted}>No suspended accounts.</p>
      ) : (
        <ul aria-label="Suspended accounts" className={styles.queueList}>
          {users.map(({ uid, email, username, suspension }) => (
            <li key={uid} className={styles.queueItem}>
              <p className={styles.prompt}>
                <strong>{email}</strong> <span className={styles.muted}>{username}</span>
              </p>
              <p className={styles.meta}>
                Suspended since {formatDateTime(suspension.since)}: {suspension.reason}
              </p>
              <p className={styles.reviewState}>{reviewState(suspension)}</p>
              <CardLink uid={uid} email={email} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface RecentRefusalsProps {
  readonly refusals: readonly RefusalView[];
  readonly queue: UseInfiniteQueryResult<InfiniteData<ReviewQueuePage>>;
}

function RecentRefusals({ refusals, queue }: RecentRefusalsProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.block}>
      <h3 id={headingId} className={styles.subTitle}>
        Recent refusals
      </h3>
      {refusals.length === 0 ? (
        <p className={styles.muted}>No refusals.</p>
      ) : (
        <ul aria-label="Refusals" className={styles.queueList}>
          {refusals.map((refusal) => (
            <li key={refusal.id}>
              <RefusalItem refusal={refusal}>
                {refusal.email != null && <CardLink uid={refusal.uid} email={refusal.email} />}
              </RefusalItem>
            </li>
          ))}
        </ul>
      )}
      <LoadMore pages={queue} label="Load older refusals" pendingLabel="Loading older refusals…" />
    </section>
  );
}

/**
 * What the content rules stopped, for staff to review: the suspended accounts (the latest
 * suspended first) and every user's refused requests, newest first, older ones a page at a time.
 */
export function ReviewQueue({ queue }: { readonly queue: RecentRefusalsProps['queue'] }) {
  const headingId = useId();
  const pages = queue.data?.pages ?? [];
  // Every page lists the suspended accounts; the first page is the one a reload starts with.
  const suspended = pages[0]?.suspended ?? [];
  const refusals = pages.flatMap((page) => page.refusals);

  return (
    <section aria-labelledby={headingId} className={styles.card}>
      <h2 id={headingId} className={styles.cardTitle}>
        Review queue
      </h2>
      <p className={styles.muted}>
        Five refused requests in 24 hours suspend generation until staff lift or uphold the suspension on the user’s card.
      </p>
      {queue.isPending && <p role="status">Loading the review queue…</p>}
      {queue.isError && (
        <LoadError
          what={queue.isFetchNextPageError ? 'Loading older refusals' : 'Loading the review queue'}
          error={queue.error}
          onRetry={() => void (queue.isFetchNextPageError ? queue.fetchNextPage() : queue.refetch())}
        />
      )}
      {queue.data && (
        <>
          <SuspendedAccounts users={suspended} />
          <RecentRefusals refusals={refusals} queue={queue} />
        </>
      )}
    </section>
  );
}
