import { Link } from 'react-router-dom';

import { loginHref, paths } from '@/config/paths';
import { proAllowance } from '@/config/plans';
import { ApiError } from '@/lib/api-client';
import { usePlans } from '@/lib/catalog';
import { formatDateTime } from '@/lib/format';

interface GenerateErrorProps {
  readonly error: unknown;
  readonly pro: boolean;
  /** When the credits come back, from the profile (the message usually says it too). */
  readonly resetsAt: string | null;
}

/** The gateway's message, with the way forward when there is one (docs/product.md, Errors). */
export function GenerateError({ error, pro, resetsAt }: GenerateErrorProps) {
  const plans = usePlans();
  const code = error instanceof ApiError ? error.code : null;
  let message = error instanceof Error ? error.message : 'The image could not be generated. Please try again.';
  // The gateway writes the reset as a timestamp (for every client); the page says it in the
  // user's own time just below.
  if (code === 'quota_exhausted' && resetsAt) message = message.replace(/\s*They reset at \S+\.$/, '');
  return (
    <div role="alert" className="alert">
      <p>{message}</p>
      {code === 'quota_exhausted' && (
        <p>
          {resetsAt && <>Your credits reset on {formatDateTime(resetsAt)}. </>}
          {!pro && <Link to={paths.subscribe}>Upgrade to Premium for {proAllowance(plans)}</Link>}
        </p>
      )}
      {code === 'pro_required' && (
        <p>
          <Link to={paths.subscribe}>See Premium</Link>
        </p>
      )}
      {error instanceof ApiError && error.status === 401 ? (
        <p>
          <Link to={loginHref(paths.generate)}>Log in again</Link>
        </p>
      ) : null}
    </div>
  );
}
