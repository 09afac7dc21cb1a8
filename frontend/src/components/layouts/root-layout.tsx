import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';

import { Footer } from './footer';
import { NavBar } from './nav-bar';
import styles from './root-layout.module.css';

export function RootLayout() {
  // Pages are code-split; show that the next one is on its way rather than freezing.
  const loading = useNavigation().state === 'loading';
  return (
    <div className={styles.shell}>
      <div className={styles.progress} hidden={!loading} role="progressbar" aria-label="Loading page" />
      <NavBar />
      <main className={`${styles.main} blur-behind-menu`}>
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
