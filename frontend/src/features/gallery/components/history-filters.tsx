import { useId, useState, type SubmitEvent } from 'react';

import type { Catalog } from '@/types/api';

import type { HistoryFilters as Filters } from '../api/generations';

import styles from './gallery.module.css';

interface HistoryFiltersProps {
  readonly value: Filters;
  readonly styles: Catalog['styles'];
  readonly onChange: (value: Filters) => void;
}

/**
 * Above the saved images: favourites only and a style apply at once; the words of the prompt
 * apply when the search is submitted (Enter or 'Search'), so typing sends nothing.
 */
export function HistoryFilters({ value, styles: options, onChange }: HistoryFiltersProps) {
  const id = useId();
  const [words, setWords] = useState(value.q);

  function search(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    onChange({ ...value, q: words.trim() });
  }

  return (
    <form role="search" aria-label="Filter your images" className={styles.filters} onSubmit={search}>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={value.favorite}
          onChange={(event) => {
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
      <div className={styles.search}>
        <div className={styles.filter}>
          <label htmlFor={`${id}-q`}>Words of the prompt</label>
          <input
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
        <button type="submit" className="button button-small">
          Search
        </button>
      </div>
    </form>
  );
}
