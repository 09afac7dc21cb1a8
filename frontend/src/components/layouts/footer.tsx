import { Link } from 'react-router-dom';

import { SupportLink } from '@/components/support/support-link';
import { paths } from '@/config/paths';
import { SUPPORT_EMAIL } from '@/config/support';

import styles from './footer.module.css';

export function Footer() {
  return (
    <footer className={`${styles.footer} blur-behind-menu`}>
      <div className={styles.inner}>
        <div className={styles.brandBlock}>
          <p className={styles.brand}>Lucent</p>
          <p className={styles.small}>Text to image, for adults (18+).</p>
        </div>
        <nav aria-label="Policies and help">
          <ul className={styles.links}>
            <li>
              <Link to={paths.privacyPolicy}>Privacy Policy</Link>
            </li>
            <li>
              <Link to={paths.termsOfService}>Terms of Service</Link>
            </li>
            <li>
              <Link to={paths.cancellation}>Cancellation &amp; Refunds</Link>
            </li>
            <li>
              <Link to={paths.support}>Support</Link>
            </li>
          </ul>
        </nav>
        <p className={styles.small}>
          Questions? <SupportLink subject="Lucent support request">{SUPPORT_EMAIL}</SupportLink>
        </p>
      </div>
      <p className={styles.copyright}>© {new Date().getFullYear()} Lucent</p>
    </footer>
  );
}
