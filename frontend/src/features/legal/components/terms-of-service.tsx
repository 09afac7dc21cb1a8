import { Link } from 'react-router-dom';

import { SupportLink } from '@/components/support/support-link';
import { paths } from '@/config/paths';
import { freeAllowance, PRO_RENEWAL, proAllowance } from '@/config/plans';
import { usePlans } from '@/lib/catalog';

import styles from './prose.module.css';

export function TermsOfService() {
  const plans = usePlans();
  return (
    <div className={styles.prose}>
      <h2>About Lucent</h2>
      <p>
        Lucent turns text prompts into AI-generated images. Some styles produce explicit content, so Lucent is for
        adults only.
      </p>

      <h2>Who may use it</h2>
      <p>
        You must be <strong>18 or older</strong>. By registering you confirm that you are. Explicit images, made or
        seen, need your age verified once by our identity provider (an ID document and a selfie); until then every
        other style is yours to use.
      </p>

      <h2>Your prompts and images</h2>
      <ul>
        <li>You are responsible for what you ask for. Do not create images that are illegal, that depict minors, or that show real people without their consent.</li>
        <li>We may remove content and close accounts that break these rules.</li>
        <li>Within the law, you may use the images you create. AI images can be imperfect or unexpected.</li>
      </ul>

      <h2 id="content-rules">What Lucent never makes</h2>
      <p>
        Lucent makes explicit images of fictional adults. Whatever the style, and however a request is written
        (other alphabets, spelling with numbers, letters split apart, prompt syntax), it refuses any explicit request
        that:
      </p>
      <ul>
        <li>
          shows or suggests <strong>anyone under 18</strong>: words for children or teenagers, young girls or boys, an
          age under 18, a school grade, or a negative prompt that asks for no adults. A request that is not explicit may
          mention children or ages; a sexual one about a child is refused in any style;
        </li>
        <li>
          names a <strong>real person</strong> (actors, musicians, athletes, politicians, creators and other public
          figures);
        </li>
        <li>
          shows sex <strong>without consent</strong> (rape, someone unconscious, drugged or coerced);
        </li>
        <li>
          shows sex with an <strong>animal</strong>.
        </li>
      </ul>
      <p>
        A refused request costs no credit and says which rule and which words refused it. Words in your negative
        prompt that keep minors out of an image never count against you. If you think a refusal is wrong, write to
        us (see Contact).
      </p>
      <p>
        Every refused request is recorded, with its prompt, for our staff to review. After three in 24 hours you are
        warned; after five, generation is suspended and your images are kept as they are (they cannot be deleted)
        until our staff have reviewed your account.
      </p>
      <p>
        How review works: a member of our staff reads the refused requests of every suspended account and decides.
        Lifting the suspension makes generation work again, and the refusals before it no longer count; upholding it
        keeps generation stopped. Staff may also find a single refusal wrong, and then it no longer counts. Each
        decision is recorded with who made it and why. Explicit requests and the images made from them may also be
        checked by an automated moderation service: an image it flags is not kept, costs no credit, and counts like a
        refused request.
      </p>

      <h2>Plans</h2>
      <p>
        Free accounts get {freeAllowance(plans)} and see blurred previews. Premium costs $9.99 per month and
        includes sharp images, downloads, faster generation and {proAllowance(plans)}, {PRO_RENEWAL}. See{' '}
        <Link to={paths.subscribe}>Premium</Link> and the{' '}
        <Link to={paths.cancellation}>cancellation and refund policy</Link>.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about these terms: <SupportLink subject="Question about the terms" />.
      </p>
    </div>
  );
}
