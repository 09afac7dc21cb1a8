import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';

import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

import { supportUserQuery } from '../api/support';

import { LoadError } from './load-error';
import styles from './staff.module.css';
import { UserDetails } from './user-details';

/** The open user, in a region whose heading takes the focus, so a screen reader reads it next. */
export function UserCard({ uid }: { readonly uid: string }) {
  const user = useQuery(supportUserQuery(uid));
  const { user: signedIn } = useAuth();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, [uid]);

  const missing = user.error instanceof ApiError && user.error.status === 404;
  return (
    <section aria-labelledby={headingId} className={styles.card}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.cardTitle}>
        {user.data ? user.data.profile.email : `User ${uid}`}
      </h2>
      {user.isPending && <p role="status">Loading the user…</p>}
      {missing && <p role="alert">No user has the uid “{uid}”.</p>}
      {user.isError && !missing && (
        <LoadError what="Loading the user" error={user.error} onRetry={() => void user.refetch()} />
      )}
      {user.data && <UserDetails key={uid} user={user.data} own={signedIn?.uid === uid} />}
    </section>
  );
}
