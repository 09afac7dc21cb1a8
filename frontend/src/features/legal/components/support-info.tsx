import { Link } from 'react-router-dom';

import { SupportLink } from '@/components/support/support-link';
import { paths } from '@/config/paths';

import styles from './prose.module.css';

export function SupportInfo() {
  return (
    <div className={styles.prose}>
      <h2>Email us</h2>
      <p>
        Write to <SupportLink subject="Lucent support request" /> from the address on your account. We usually
        answer within one business day.
      </p>
      <p>
        <SupportLink subject="Lucent support request" className="button button-primary">
          Email support
        </SupportLink>
      </p>

      <h2>Common questions</h2>
      <ul>
        <li>
          <strong>I paid but my images are still blurred.</strong> Open{' '}
          <Link to={paths.payment}>payment confirmation</Link> to check your payment again.
        </li>
        <li>
          <strong>I want to cancel or change my card.</strong> Use Manage subscription on your{' '}
          <Link to={paths.profile}>profile</Link>.
        </li>
        <li>
          <strong>I want a refund.</strong> See the <Link to={paths.cancellation}>cancellation and refund policy</Link>,
          then email <SupportLink subject="Refund request" />.
        </li>
      </ul>
    </div>
  );
}
