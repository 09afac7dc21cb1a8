import { useId, type ReactNode } from 'react';

import { Detail } from '@/components/ui/detail';
import details from '@/components/ui/details.module.css';
import { Emphasised } from '@/components/ui/emphasised';
import { formatDateTime } from '@/lib/format';
import type { RefusalView } from '@/types/api';

import styles from './staff.module.css';

/** The content rules' categories (src/safety), as the terms of service name them. */
const categories: Record<string, string> = {
  minor: 'Minor',
  real_person: 'Real person',
  non_consent: 'Non-consent',
  bestiality: 'Bestiality',
};

/** Prompts longer than this are folded, their start shown. */
const FOLD_AT = 240;
const FOLDED_START = 160;

function standing(refusal: RefusalView): string {
  if (!refusal.strike) return 'Asked to rephrase (not counted)';
  if (refusal.falsePositive) return 'False positive: no longer counts against the account';
  if (refusal.counts) return 'Counts towards a suspension (five in 24 hours)';
  return 'Reviewed: no longer counts (a suspension was lifted after it)';
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `text` with every matched word in a <mark>, the longest first where two overlap. */
function Marked({ text, words }: { readonly text: string; readonly words: readonly string[] }) {
  const wanted = words.filter((word) => word.trim() !== '').sort((a, b) => b.length - a.length);
  if (wanted.length === 0) return text;
  // A capturing split keeps the matches at the odd indexes.
  const parts = text.split(new RegExp(`(${wanted.map(escapeRegExp).join('|')})`, 'giu'));
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      <mark key={index} className={styles.word}>
        {part}
      </mark>
    ) : (
      part
    ),
  );
}

/** A prompt as the user wrote it, the words marked; a long one folded after its start. */
function PromptText({ text, words }: { readonly text: string; readonly words: readonly string[] }) {
  if (text === '') return <span className={styles.muted}>None</span>;
  if (Array.from(text).length <= FOLD_AT) return <Marked text={text} words={words} />;
  const start = Array.from(text).slice(0, FOLDED_START).join('');
  return (
    <details>
      <summary>
        <Marked text={start} words={words} />… <span className={styles.muted}>(show all)</span>
      </summary>
      <Marked text={text} words={words} />
    </details>
  );
}

/** The `flagged` entry of a refusal the gateway's reader of meaning decided (src/safety/meaning). */
const MEANING = 'meaning';

/**
 * What decided it: the words our rules matched, the reader of meaning (a model in the gateway,
 * never a strike), or the moderation service's categories.
 */
function Decided({ refusal }: { readonly refusal: RefusalView }) {
  if (refusal.flagged.includes(MEANING)) {
    return (
      <Detail label="Flagged by">
        the reader of meaning (a model: the user was asked to rephrase, no strike)
      </Detail>
    );
  }
  if (refusal.flagged.length > 0) {
    return (
      <Detail label="Flagged by">
        the moderation service: <Emphasised items={refusal.flagged} />
      </Detail>
    );
  }
  return (
    <Detail label="Matched words">
      {refusal.words.length === 0 ? 'None recorded' : <Emphasised items={refusal.words} />}
    </Detail>
  );
}

interface RefusalItemProps {
  readonly refusal: RefusalView;
  /** What staff can do from here: open the user's card, or mark it a false positive. */
  readonly children?: ReactNode;
}

/** A refused request as staff review it: what rule, which words, the prompts, and where it stands. */
export function RefusalItem({ refusal, children }: RefusalItemProps) {
  const id = useId();
  const category = categories[refusal.category] ?? refusal.category;
  return (
    <article aria-labelledby={id} className={styles.refusal}>
      <p id={id} className={styles.refusalTitle}>
        <strong>{category}</strong> · {refusal.email ?? '(no account)'} ·{' '}
        <time dateTime={new Date(refusal.at).toISOString()}>{formatDateTime(refusal.at)}</time>
      </p>
      <dl className={`${details.list} ${styles.facts}`}>
        <Decided refusal={refusal} />
        <Detail label="Prompt">
          <PromptText text={refusal.prompt} words={refusal.words} />
        </Detail>
        <Detail label="Negative prompt">
          <PromptText text={refusal.negativePrompt} words={refusal.words} />
        </Detail>
        <Detail label="Standing">{standing(refusal)}</Detail>
      </dl>
      <p className={styles.meta}>
        {refusal.route === 'image'
          ? `A finished image of an explicit request, style ${refusal.style}: flagged, and not kept`
          : `Sent through the ${refusal.route} route, style ${refusal.style}`}{' '}
        · refusal <span className={styles.code}>{refusal.id}</span>
      </p>
      {children}
    </article>
  );
}
