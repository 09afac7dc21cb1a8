import { SupportLink } from '@/components/ui/support-link';

import styles from './prose.module.css';

export function PrivacyPolicy() {
  return (
    <div className={styles.prose}>
      <h2>What we collect</h2>
      <ul>
        <li>Your account: name, email address and a confirmation that you are 18 or older.</li>
        <li>Your images and the prompts and settings that made them.</li>
        <li>Your subscription status. Card details are handled by our payment provider, Stripe; we never see them.</li>
        <li>Basic technical logs (time, address, errors) to keep the service running and secure.</li>
      </ul>

      <h2>How we use it</h2>
      <p>
        To sign you in, generate and store your images, count your credits, process your subscription, and answer
        your questions. We do not sell your data and do not use your images to advertise.
      </p>

      <h2>How long we keep it</h2>
      <p>
        Free images are kept for a limited time; Premium images are kept until you delete them or close your
        account. Account data is deleted when you ask us to close your account.
      </p>

      <h2>Who processes it</h2>
      <p>
        Google Firebase (sign-in and user records), our hosting provider, and Stripe (payments). Each is bound by
        its own data protection terms.
      </p>

      <h2>Your rights</h2>
      <p>
        You can ask for a copy of your data, its correction or its deletion at any time: email{' '}
        <SupportLink subject="Privacy request" />.
      </p>
    </div>
  );
}
