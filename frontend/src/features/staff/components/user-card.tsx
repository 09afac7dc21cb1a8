import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';

import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

import { supportUserQuery } from '../api/support';

import { LoadError } from './load-error';
import styles from './staff.module.css';
import { UserDetails } from './user-details';

/** An account deleted from this card: whose it was, and what the gateway kept and why. */
interface Deletion {
  readonly email: string;
  readonly kept: readonly string[];
}

interface DeletedProps {
  readonly kept: readonly string[];
  readonly headingRef: RefObject<HTMLHeadingElement | null>;
}

function Deleted({ kept, headingRef }: DeletedProps) {
  return (
    <div className={styles.block}>
      <h3 ref={headingRef} tabIndex={-1} className={`${styles.subTitle} ${styles.focusTarget}`}>
        Account deleted
      </h3>
      {kept.length > 0 ? (
        <>
          <p className={styles.muted}>Everything else is gone. What was kept, and why:</p>
          <ul aria-label="What was kept" className={styles.kept}>
            {kept.map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className={styles.muted}>
          Nothing was kept: the subscription, every image and record, and the sign-in are gone. The audit trail keeps
          the deletion, with your reason.
        </p>
      )}
    </div>
  );
}

/** The open user, in a region whose heading takes the focus, so a screen reader reads it next. */
export function UserCard({ uid }: { readonly uid: string }) {
  const user = useQuery(supportUserQuery(uid));
  const { data } = user;
  const { user: signedIn } = useAuth();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [deletion, setDeletion] = useState<Deletion | null>(null);
  const deletedHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, [uid]);

  // The form that deleted the account leaves with the card's details: the focus it had goes to
  // what the deletion did rather than to the page's start.
  useEffect(() => {
    deletedHeading.current?.focus();
  }, [deletion]);

  const missing = user.error instanceof ApiError && user.error.status === 404;
  return (
    <section aria-labelledby={headingId} className={styles.card}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.cardTitle}>
        {data?.profile.email ?? deletion?.email ?? `User ${uid}`}
      </h2>
      {deletion && <Deleted kept={deletion.kept} headingRef={deletedHeading} />}
      {user.isPending && <p role="status">Loading the user…</p>}
      {missing &&
        (deletion ? (
          <p>This account was deleted: there is no user with the uid “{uid}” any more.</p>
        ) : (
          <p role="alert">No user has the uid “{uid}”.</p>
        ))}
      {user.isError && !missing && (
        <LoadError what="Loading the user" error={user.error} onRetry={() => void user.refetch()} />
      )}
      {data && (
        <UserDetails
          key={uid}
          user={data}
          own={signedIn?.uid === uid}
          onDeleted={({ kept }) => {
            setDeletion({ email: data.profile.email, kept });
          }}
        />
      )}
    </section>
  );
}
