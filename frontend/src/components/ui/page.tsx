import type { ReactNode } from 'react';

import styles from './page.module.css';

interface PageProps {
  readonly title: string;
  readonly lead?: string;
  /** Uses the full content width (forms with two columns, galleries). */
  readonly wide?: boolean;
  /** Wider still, up to 90rem: a two-column form beside its results. */
  readonly full?: boolean;
  readonly children?: ReactNode;
}

/** A titled page body; React hoists the <title> into the document head. */
export function Page({ title, lead, wide = false, full = false, children }: PageProps) {
  const width = full ? styles.full : wide ? styles.wide : '';
  return (
    <section className={`${styles.page} ${width}`.trim()}>
      <title>{`${title} · Lucent`}</title>
      <h1 className={styles.title}>{title}</h1>
      {lead && <p className={styles.lead}>{lead}</p>}
      {children}
    </section>
  );
}
