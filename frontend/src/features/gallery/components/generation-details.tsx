import { useState } from 'react';

import { browser } from '@/lib/browser';
import type { Labels } from '@/lib/catalog';
import { formatDateTime } from '@/lib/format';
import type { Generation } from '@/types/api';

import styles from './gallery.module.css';

interface GenerationDetailsProps {
  readonly generation: Generation;
  readonly labels: Labels;
}

/** Every parameter `generation` records, by the catalog's names; what it does not record is left out. */
export function detailsOf(generation: Generation, labels: Labels): [term: string, value: string][] {
  const pixels = `${String(generation.width)}×${String(generation.height)}`;
  const { source } = generation;
  const rows: [string, string | null][] = [
    ['Prompt', generation.prompt],
    ['Negative prompt', generation.negativePrompt || null],
    ['Style', labels.style],
    ['Look', labels.look],
    ['Size', labels.size ? `${labels.size} · ${pixels}` : pixels],
    ['Guidance (CFG)', generation.cfg == null ? null : String(generation.cfg)],
    ['Sampler', labels.sampler],
    ['Steps', String(generation.steps)],
    ['Seed', String(generation.seed)],
    ['2x Enhance', generation.enhance ? 'On' : 'Off'],
    ['Made from', source && labels.source ? `${labels.source} of image ${source.generation}` : null],
    ['Created', formatDateTime(generation.createdAt)],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null);
}

/**
 * The image's parameters in a disclosure, open from the start (the viewer has room for them), with
 * its prompt and seed one click from the clipboard.
 */
export function GenerationDetails({ generation, labels }: GenerationDetailsProps) {
  // Said of the image it was copied from: the viewer keeps these details while it moves on.
  const [copied, setCopied] = useState({ id: generation.id, status: '' });
  const status = copied.id === generation.id ? copied.status : '';

  function copy(what: 'Prompt' | 'Seed', text: string) {
    const { id } = generation;
    setCopied({ id, status: '' });
    browser.copyText(text).then(
      () => {
        setCopied({ id, status: `${what} copied` });
      },
      () => {
        setCopied({ id, status: 'Could not copy' });
      },
    );
  }

  return (
    <details open className={styles.details}>
      <summary>Details</summary>
      <dl className={styles.detailList}>
        {detailsOf(generation, labels).map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.actions} role="group" aria-label="Copy">
        <button
          type="button"
          className="button button-small button-ghost"
          onClick={() => {
            copy('Prompt', generation.prompt);
          }}
        >
          Copy prompt
        </button>
        <button
          type="button"
          className="button button-small button-ghost"
          onClick={() => {
            copy('Seed', String(generation.seed));
          }}
        >
          Copy seed
        </button>
      </div>
      <p className={styles.hint} role="status" aria-live="polite">
        {status}
      </p>
    </details>
  );
}
