import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';

import { Footer } from './footer';
import { NavBar } from './nav-bar';
import styles from './root-layout.module.css';
import { RouteNotice } from './route-notice';
import { MAIN_ID, SkipLink } from './skip-link';

export function RootLayout() {
  // Pages are code-split; show that the next one is on its way rather than freezing.
  const loading = useNavigation().state === 'loading';
  return (
    <div className={styles.shell}>
      <SkipLink />
      <div className={styles.progress} hidden={!loading} role="progressbar" aria-label="Loading page" />
      <NavBar />
      {/* tabIndex -1: the skip link can focus it, Tab does not stop on it. */}
      <main id={MAIN_ID} tabIndex={-1} className={`${styles.main} blur-behind-menu`}>
        <RouteNotice />
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
