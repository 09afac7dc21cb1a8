import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';

import styles from './billing.module.css';

/** The way on from a checkout the user left: back to Premium, or home (the first app's link). */
export function CheckoutCancelled() {
  return (
    <div className={styles.actions}>
      <Link to={paths.subscribe} className="button button-primary">
        Back to Premium
      </Link>
      <Link to={paths.home} className="button">
        Go To Homepage
      </Link>
    </div>
  );
}
