import { useId, useState } from 'react';

import { faqs } from '../content';

import styles from './landing.module.css';

/** An accordion with at most one answer open; the first is open to start with. */
export function Faq() {
  const [open, setOpen] = useState<number | null>(0);
  const id = useId();

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        Frequently asked questions
      </h2>
      <div className={styles.faq}>
        {faqs.map((item, index) => {
          const expanded = open === index;
          const buttonId = `${id}-q${String(index)}`;
          const panelId = `${id}-a${String(index)}`;
          return (
            <div key={item.question} className={styles.faqItem}>
              <h3 className={styles.faqQuestion}>
                <button
                  type="button"
                  id={buttonId}
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => {
                    setOpen(expanded ? null : index);
                  }}
                >
                  <span>{item.question}</span>
                  <span className={styles.chevron} aria-hidden="true" />
                </button>
              </h3>
              <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!expanded} className={styles.faqAnswer}>
                <p>{item.answer}</p>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
