import { formatDateTime } from '@/lib/format';
import type { RefusalView } from '@/types/api';

import { useMarkFalsePositive } from '../api/review';

import { ItemAction } from './item-action';

interface FalsePositiveActionProps {
  readonly uid: string;
  readonly email: string;
  readonly refusal: RefusalView;
  /** The refusal no longer offers the action, so the list says what was done. */
  readonly onMarked: (message: string) => void;
}

/** Marks one of the user's refusals a false positive, with a reason: it stops counting. */
export function FalsePositiveAction({ uid, email, refusal, onMarked }: FalsePositiveActionProps) {
  const mutation = useMarkFalsePositive(uid);
  const when = formatDateTime(refusal.at);
  return (
    <ItemAction
      openLabel="Mark false positive…"
      formLabel="Mark this refusal a false positive"
      failed="The refusal was not marked."
      reviewLabel="Review the change"
      closeLabel="Leave it as it is"
      question={`Mark the refusal of ${when} a false positive? It will no longer count against ${email}.`}
      confirmLabel="Yes, mark it a false positive"
      pendingLabel="Marking…"
      pending={mutation.isPending}
      send={async (reason) => {
        await mutation.mutateAsync({ id: refusal.id, reason });
        onMarked(`Done: marked the refusal of ${when} a false positive; it no longer counts against ${email}.`);
      }}
    />
  );
}
