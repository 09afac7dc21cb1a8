import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { isPro, useMe } from '@/lib/me';
import { QueryProvider } from '@/lib/query-provider';

import styles from './nav-bar.module.css';

function Premium({ onClick }: { readonly onClick: () => void }) {
  const { me, status } = useMe();
  const pro = isPro(me);
  // Not known yet: neither label would be reliable.
  if (!pro && status !== 'ready') return null;
  return (
    <li>
      <Link to={pro ? paths.profile : paths.subscribe} className={`${styles.link} ${styles.premium}`} onClick={onClick}>
        {pro ? 'Premium' : 'Go Premium'}
      </Link>
    </li>
  );
}

/**
 * 'Go Premium' (to the pricing page) or, once subscribed, 'Premium' (to the profile, where the
 * plan is managed) for a signed-in user. Loaded only once someone is signed in (after
 * the Firebase SDK), so the landing page ships no profile or query code.
 */
export default function PremiumLink({ onClick }: { readonly onClick: () => void }) {
  return (
    <QueryProvider>
      <Premium onClick={onClick} />
    </QueryProvider>
  );
}
