import { useId } from 'react';

import styles from './generate.module.css';

interface RecentPromptsProps {
  readonly prompts: readonly string[];
  readonly onPick: (prompt: string) => void;
}

/** The user's recent prompts as buttons that put one in the prompt field; nothing when there are none. */
export function RecentPrompts({ prompts, onPick }: RecentPromptsProps) {
  const id = useId();
  if (prompts.length === 0) return null;
  return (
    <section aria-labelledby={id} className={styles.recent}>
      <h3 id={id} className={styles.label}>
        Recent prompts
      </h3>
      <ul className={styles.recentList}>
        {prompts.map((prompt) => (
          <li key={prompt}>
            <button
              type="button"
              className={`${styles.look} ${styles.recentPrompt}`}
              title={prompt}
              onClick={() => {
                onPick(prompt);
              }}
            >
              {prompt}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
