import { Link } from 'react-router-dom';

import { SupportLink } from '@/components/support/support-link';
import { paths } from '@/config/paths';

import styles from './prose.module.css';

/** What is kept and for how long follows the gateway's deletion and retention (src/account, src/gallery/retention.rs). */
export function PrivacyPolicy() {
  return (
    <div className={styles.prose}>
      <h2>What we collect</h2>
      <ul>
        <li>Your account: name, email address and a confirmation that you are 18 or older.</li>
        <li>
          Your age check: whether our identity provider, Persona, confirmed that you are 18 or older, when, and its
          reference for the check. Your ID document, your selfie and your birth date stay with Persona: we read the
          birth date it verified only to decide, and never keep it.
        </li>
        <li>Your images and the prompts and settings that made them.</li>
        <li>Your credits: how many you used in each period, and any bonus our support added.</li>
        <li>Requests our content rules refused, with their prompts, for our staff to review.</li>
        <li>Your subscription status. Card details are handled by our payment processor (Verotel or Stripe); we never see them.</li>
        <li>Basic technical logs (time, address, errors) to keep the service running and secure.</li>
      </ul>

      <h2>How we use it</h2>
      <p>
        To sign you in, generate and store your images, count your credits, process your subscription, and answer
        your questions. We do not sell your data and do not use your images to advertise.
      </p>

      <h2>How long we keep it</h2>
      <ul>
        <li>
          <strong>Free images</strong> are kept for a limited time, then deleted automatically; you can delete any of them sooner.
        </li>
        <li>
          <strong>Premium images</strong> are kept until you delete them or your account.
        </li>
        <li>
          <strong>Credits</strong> are counted per period (a day on Free, a billing period on Premium) and kept with your
          account.
        </li>
        <li>
          <strong>Refused requests</strong> are kept, with their prompts, for our staff to review. While staff review an
          account under the content rules, its images and refused requests are kept until the review ends, even if the
          account is deleted.
        </li>
        <li>
          <strong>After an account is deleted</strong>, its credit count for the current period and its refused requests
          of the last 24 hours are kept until that period and those 24 hours are over, so that deleting an account does
          not reset its limits; then they are deleted too. A suspension or an age check that found you under 18 is kept
          for a year. With them we keep a keyed hash of the account&apos;s email, never the address itself, and only if
          you had verified that address: a new account that verifies the same email starts with the same credit count,
          refused requests, suspension and age check result.
        </li>
        <li>
          <strong>An audit note</strong> of each action our staff take on your account (who, when and why) and of the
          account&apos;s deletion is kept after the account is gone. It never holds a prompt.
        </li>
        <li>
          <strong>Payments:</strong> our payment processor (Verotel or Stripe) keeps its own records of your payments under its own privacy policy.
        </li>
        <li>
          <strong>Age checks:</strong> Persona keeps what you showed it under its own privacy policy; we ask it to
          delete it when you delete your account, and our deployment may ask it to as soon as the check is decided.
        </li>
      </ul>

      <h2>Every image is marked as AI-made</h2>
      <p>
        Every image Lucent serves, preview, original, download or export, carries a machine-readable mark that it was
        made by AI: the IPTC digital source type <strong>trainedAlgorithmicMedia</strong> in its XMP metadata, with the
        name of the generator. Where our deployment has a signing certificate, it also carries signed C2PA Content
        Credentials saying the same, which any change to the image invalidates.
      </p>

      <h2>Taking your data with you</h2>
      <p>
        On your <Link to={paths.profile}>profile</Link>, <strong>Export my data</strong> downloads a ZIP file with your
        profile, the settings of every image and the images themselves (the originals on Premium, the blurred previews
        on Free).
      </p>

      <h2>Deleting your account</h2>
      <p>
        On your <Link to={paths.profile}>profile</Link>, <strong>Delete my account</strong>, confirmed by typing your
        account&apos;s email, deletes it at once: your subscription is cancelled at once (no refund for the period
        begun), we ask Persona to delete what it holds of your age check, and every image you made, your history,
        credits and profile, and your sign-in are deleted. Only what is listed above as kept after the account is gone
        stays.
      </p>

      <h2>Who processes it</h2>
      <p>
        Google Firebase (sign-in and user records), our hosting provider, our payment processor (Verotel or Stripe) and Persona (age checks).
        Each is bound by
        its own data protection terms.
      </p>

      <h2>Your rights</h2>
      <p>
        Besides exporting and deleting your data yourself, you can ask for its correction, or anything else about it,
        at any time: email <SupportLink subject="Privacy request" />.
      </p>
    </div>
  );
}
