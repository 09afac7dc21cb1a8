import type { MouseEvent } from 'react';

import styles from './root-layout.module.css';

export const MAIN_ID = 'main-content';

/**
 * The first thing a keyboard reaches: past the nav bar to the page. Focus is moved by hand so the
 * address keeps no fragment (the router would take it for a navigation).
 */
export function SkipLink() {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
  }

  return (
    <a href={`#${MAIN_ID}`} className={styles.skip} onClick={skip}>
      Skip to main content
    </a>
  );
}
