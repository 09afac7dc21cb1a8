import { formatDateTime } from '@/lib/format';
import type { SuspensionView } from '@/types/api';

/** Whether staff have looked at it yet: "Awaiting review", or "Upheld <date>". */
export function reviewState(suspension: SuspensionView): string {
  return suspension.upheldAt == null ? 'Awaiting review' : `Upheld ${formatDateTime(suspension.upheldAt)}`;
}

/** "Suspended since <date>: <why>. Awaiting review." */
export function SuspensionSummary({ suspension }: { readonly suspension: SuspensionView }) {
  return (
    <>
      Suspended since {formatDateTime(suspension.since)}: {suspension.reason}. <strong>{reviewState(suspension)}</strong>
    </>
  );
}
