import type { ReactNode } from 'react';

import { SupportLink } from '@/components/support/support-link';
import { formatDateTime } from '@/lib/format';
import type { SuspensionStanding } from '@/types/api';

interface SuspensionNoticeProps {
  /** The account's email, which names it to support. */
  readonly email: string;
  readonly suspension: SuspensionStanding;
  /** The region's name for screen readers. */
  readonly label: string;
  /** What the suspension stops on this page, said first. */
  readonly children?: ReactNode;
}

/** A suspension as the gateway's `standing` gives it: since when, why, and how to ask staff for a review. */
export function SuspensionNotice({ email, suspension, label, children }: SuspensionNoticeProps) {
  return (
    <section aria-label={label} className="alert">
      {children}
      <p>
        <strong>Generation is suspended</strong> since {formatDateTime(suspension.since)}: {suspension.reason}.
        {suspension.upheld && ' Our staff reviewed it and kept it.'}
      </p>
      <p>{suspension.review}</p>
      <p>
        Ask for a review: <SupportLink subject={`Review of the suspension of ${email}`} />
      </p>
    </section>
  );
}
