import { useEffect, useState } from 'react';

import styles from './landing.module.css';

interface Sample {
  readonly id: string;
  readonly label: string;
  readonly sample: string;
}

function samplesOf(catalog: unknown): Sample[] {
  const list = (catalog as { styles?: unknown } | null)?.styles;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (style): style is Sample =>
      typeof style === 'object' &&
      style !== null &&
      ['id', 'label', 'sample'].every((key) => typeof (style as Record<string, unknown>)[key] === 'string'),
  );
}

/**
 * One picture per style, each drawn by the deployment's own renderer and served by the gateway
 * (never a third party's). The catalog is read with a bare fetch: the landing page ships no
 * query code (its JS budget), and without the catalog the section is simply not shown.
 */
export function StyleShowcase() {
  const [samples, setSamples] = useState<Sample[]>([]);

  useEffect(() => {
    const abort = new AbortController();
    fetch('/api/v1/catalog', { signal: abort.signal })
      .then((response) => (response.ok ? response.json() : null))
      .then((catalog: unknown) => {
        setSamples(samplesOf(catalog));
      })
      .catch(() => {
        // Offline or aborted: the page reads the same without pictures.
      });
    return () => {
      abort.abort();
    };
  }, []);

  if (samples.length === 0) return null;
  return (
    <section id="styles" className={styles.section} aria-labelledby="styles-title">
      <h2 id="styles-title" className={styles.sectionTitle}>
        What each style draws
      </h2>
      <ul className={styles.showcase}>
        {samples.map((style) => (
          <li key={style.id} className={styles.showcaseItem}>
            <img src={style.sample} alt={`${style.label}: a sample portrait`} width={256} height={256} loading="lazy" />
            <span>{style.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
