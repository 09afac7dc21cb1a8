import type { ReactNode } from 'react';

import styles from './page.module.css';

interface PageProps {
  readonly title: string;
  readonly lead?: string;
  /** Uses the full content width (forms with two columns, galleries). */
  readonly wide?: boolean;
  readonly children?: ReactNode;
}

/** A titled page body; React hoists the <title> into the document head. */
export function Page({ title, lead, wide = false, children }: PageProps) {
  return (
    <section className={wide ? `${styles.page} ${styles.wide}` : styles.page}>
      <title>{`${title} · Lucent`}</title>
      <h1 className={styles.title}>{title}</h1>
      {lead && <p className={styles.lead}>{lead}</p>}
      {children}
    </section>
  );
}
