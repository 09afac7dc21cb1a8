import { useEffect, useEffectEvent, useId, useState, type Ref, type SubmitEvent } from 'react';

import type { Catalog } from '@/types/api';

import type { HistoryFilters as Filters } from '../api/generations';

import styles from './gallery.module.css';

/** How long typing rests before the words are searched: one request for a word, not one a letter. */
const SEARCH_DELAY_MS = 400;

interface HistoryFiltersProps {
  readonly value: Filters;
  readonly styles: Catalog['styles'];
  readonly onChange: (value: Filters) => void;
  /** The words' field, which takes the focus once the filters are cleared. */
  readonly searchRef?: Ref<HTMLInputElement>;
}

/**
 * Above the saved images: favourites only and a style apply at once; the words of the prompt
 * once typing rests, or at once on Enter. Filters changed elsewhere (cleared, a link, Back) show
 * here, over words not yet searched.
 */
export function HistoryFilters({ value, styles: options, onChange, searchRef }: HistoryFiltersProps) {
  const id = useId();
  // The box shows a click at once: the address changes in a transition, and a controlled box
  // would stay as it was until that lands (on a slow machine, long enough to look ignored).
  const [favourite, setFavourite] = useState(value.favorite);
  const [shownFavourite, setShownFavourite] = useState(value.favorite);
  if (value.favorite !== shownFavourite) {
    setShownFavourite(value.favorite);
    setFavourite(value.favorite);
  }
  const [words, setWords] = useState(value.q);
  const [searched, setSearched] = useState(value.q);
  if (value.q !== searched) {
    setSearched(value.q);
    if (value.q !== words.trim()) setWords(value.q);
  }

  function search(q: string) {
    if (q !== value.q) onChange({ ...value, q });
  }
  const searchLater = useEffectEvent(search);
  useEffect(() => {
    const timer = setTimeout(() => {
      searchLater(words.trim());
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [words]);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    search(words.trim());
  }

  return (
    <form role="search" aria-label="Filter your images" className={styles.filters} onSubmit={submit}>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={favourite}
          onChange={(event) => {
            setFavourite(event.target.checked);
            onChange({ ...value, favorite: event.target.checked });
          }}
        />
        Favourites only
      </label>
      <div className={styles.filter}>
        <label htmlFor={`${id}-style`}>Style</label>
        <select
          id={`${id}-style`}
          className={styles.control}
          value={value.style}
          onChange={(event) => {
            onChange({ ...value, style: event.target.value });
          }}
        >
          <option value="">All styles</option>
          {options.map((style) => (
            <option key={style.id} value={style.id}>
              {style.label}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.filter}>
        <label htmlFor={`${id}-q`}>Words of the prompt</label>
        <input
          ref={searchRef}
          id={`${id}-q`}
          type="search"
          className={styles.control}
          value={words}
          maxLength={500}
          onChange={(event) => {
            setWords(event.target.value);
          }}
        />
      </div>
    </form>
  );
}
