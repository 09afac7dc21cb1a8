import { Link } from 'react-router-dom';

import { SuspensionNotice } from '@/components/account/suspension-notice';
import { paths } from '@/config/paths';
import type { Me } from '@/types/api';

interface AccountStandingProps {
  /** The account: its email names it to support, its `standing` is what is shown. */
  readonly me: Me;
}

/**
 * Where the account stands with the content rules, as the gateway's `standing` says: the
 * warning once refused requests reach `warnAt` in 24 hours, or the suspension they brought, with
 * how to ask staff for a review. Nothing below the warning.
 */
export function AccountStanding({ me: { email, standing } }: AccountStandingProps) {
  const { strikes, suspendAt, warning, suspension } = standing;
  if (suspension) return <SuspensionNotice email={email} suspension={suspension} label="Your standing" />;
  if (!warning) return null;
  return (
    <section aria-label="Your standing" className="notice">
      <strong>
        Warning ({strikes} of {suspendAt}):
      </strong>{' '}
      {warning} <Link to={`${paths.termsOfService}#content-rules`}>What Lucent never makes</Link>
    </section>
  );
}
