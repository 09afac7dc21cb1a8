import { Link } from 'react-router-dom';

import { SupportLink } from '@/components/support/support-link';
import { paths } from '@/config/paths';

import styles from './prose.module.css';

/** Both refund readings are stated (docs/product.md, Refunds). */
export function CancellationPolicy() {
  return (
    <div className={styles.prose}>
      <h2>Cancelling</h2>
      <p>
        You can cancel Premium at any time from your <Link to={paths.profile}>profile</Link> (Manage subscription).
        There are <strong>no cancellation fees</strong>. After cancelling you <strong>keep Premium until the end
        of the billing cycle</strong> you have paid for; it is not renewed after that.
      </p>

      <h2>Refunds</h2>
      <ul>
        <li>
          <strong>Monthly plans:</strong> you can ask for a refund <strong>within 7 days</strong> of the payment.
        </li>
        <li>
          <strong>Annual plans:</strong> you can ask for a refund <strong>within 30 days</strong> of the payment.
        </li>
        <li>
          <strong>Unused subscriptions:</strong> as our FAQ says, if you have not used Premium at all, you can ask
          for a refund <strong>within 14 days</strong> of paying.
        </li>
      </ul>
      <p>
        Approved refunds are processed <strong>within 2 business days</strong> and returned to the card you paid
        with. Your bank may take a few more days to show it.
      </p>

      <h2>How to ask</h2>
      <p>
        Email <SupportLink subject="Refund request" /> from the address on your account, with the date of the
        payment. We answer every request.
      </p>
    </div>
  );
}
