import { useId, useState, type Ref } from 'react';

import type { Generation, SourceModeView } from '@/types/api';

import type { Access } from '../access';
import type { ImageHandlers } from '../image-handlers';
import { groupHistory } from '../history-groups';

import { ImageTile } from './image-tile';
import styles from './library.module.css';

interface HistoryGridProps {
  /** The history as loaded, newest first. */
  readonly items: readonly Generation[];
  readonly access: Access;
  readonly newIds: readonly string[];
  readonly sourceModes: readonly SourceModeView[];
  readonly handlers: ImageHandlers;
  readonly onOpen: (id: string) => void;
  /** In select mode, whether image `id` is chosen; null outside it. */
  readonly isChosen: ((id: string) => boolean) | null;
  readonly onChoose: (id: string, range: boolean) => void;
  readonly ref?: Ref<HTMLDivElement>;
}

/**
 * The history as a dense grid under a heading per day. A job's images share one caption, their
 * prompt, and a row of their own; an image made alone is a tile among the others, its prompt
 * left to its name, the viewer and its menu.
 */
export function HistoryGrid({ items, newIds, isChosen, ref, ...shared }: HistoryGridProps) {
  const id = useId();
  // When the page opened: 'Today' stays the day the reader came on.
  const [now] = useState(() => new Date());

  const tile = (generation: Generation, place: { index: number; of: number } | null) => (
    <ImageTile
      key={generation.id}
      generation={generation}
      place={place}
      isNew={newIds.includes(generation.id)}
      chosen={isChosen ? isChosen(generation.id) : null}
      {...shared}
    />
  );

  return (
    <div ref={ref} className={styles.days}>
      {groupHistory(items, now).map((day, d) => (
        <section key={day.key} aria-labelledby={`${id}-day-${String(d)}`} className={styles.day}>
          <h3 id={`${id}-day-${String(d)}`} className={styles.dayTitle}>
            {day.label}
          </h3>
          <ul className={styles.grid}>
            {day.batches.map(({ key, prompt, items: batch }) => {
              const [only] = batch;
              if (only && batch.length === 1) return tile(only, null);
              const caption = `${id}-${key}`;
              return (
                <li key={key} className={styles.batch}>
                  <p id={caption} className={styles.caption}>
                    {prompt}
                  </p>
                  <ul aria-labelledby={caption} className={styles.batchImages}>
                    {batch.map((generation, index) => tile(generation, { index: index + 1, of: batch.length }))}
                  </ul>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
