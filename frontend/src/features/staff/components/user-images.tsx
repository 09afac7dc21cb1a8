import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';

import { formatDateTime } from '@/lib/format';
import type { Generation, SupportUser } from '@/types/api';

import { userImagesQuery } from '../api/support';

import { ImageCard } from './image-card';
import { LoadError } from './load-error';
import { LoadMore } from './load-more';
import styles from './staff.module.css';

interface UserImagesProps {
  readonly user: SupportUser;
  /** The open user is the signed-in staff member: no delete. */
  readonly own: boolean;
}

/** The user's images as metadata and blurred previews, a page at a time; each can be deleted. */
export function UserImages({ user, own }: UserImagesProps) {
  const { uid, email } = user.profile;
  const images = useInfiniteQuery(userImagesQuery(uid));
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [done, setDone] = useState('');

  // A page boundary can move while paging (an image is deleted); show each image once.
  const seen = new Set<string>();
  const items: Generation[] = [];
  for (const item of images.data?.pages.flatMap((page) => page.items) ?? []) {
    if (!seen.has(item.id)) items.push(item);
    seen.add(item.id);
  }

  function deleted(image: Generation) {
    setDone(`Done: deleted the image “${image.prompt}” made ${formatDateTime(image.createdAt)}.`);
    // Its card is gone: the focus goes to the list's heading rather than to the page's start.
    heading.current?.focus();
  }

  return (
    <section aria-labelledby={headingId} className={styles.block}>
      <h3 id={headingId} ref={heading} tabIndex={-1} className={`${styles.subTitle} ${styles.focusTarget}`}>
        Images
      </h3>
      <p className={styles.muted}>Previews are always blurred.</p>
      {images.isPending && <p role="status">Loading the images…</p>}
      {images.isError && (
        <LoadError what="Loading the images" error={images.error} onRetry={() => void images.refetch()} />
      )}
      {images.isSuccess && items.length === 0 && <p className={styles.muted}>{email} has no images.</p>}
      {items.length > 0 && (
        <ul className={styles.images}>
          {items.map((image) => (
            <li key={image.id}>
              <ImageCard uid={uid} email={email} image={image} own={own} onDeleted={deleted} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore pages={images} label="Load more" pendingLabel="Loading more…" />
      <p role="status" className={styles.done}>
        {done}
      </p>
    </section>
  );
}
