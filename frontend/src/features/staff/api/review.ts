import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import { client, invalidField, unwrap } from '@/lib/api-client';
import type { ReviewQueuePage, SupportUser, SuspensionBody } from '@/types/api';

import { supportKeys, useShowChangedUser } from './support';

/**
 * The review queue: every page carries the suspended accounts, and the next 50 refusals of
 * every user, newest first; `nextBefore` asks for the older ones.
 */
export function reviewQueueQuery() {
  return infiniteQueryOptions({
    queryKey: supportKeys.review,
    queryFn: ({ pageParam, signal }): Promise<ReviewQueuePage> => {
      const query = pageParam ? { before: pageParam } : {};
      return unwrap(client.GET('/api/v1/support/moderation', { params: { query }, signal }));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextBefore ?? null,
  });
}

/** A decision shows on the card at once, and the queue (suspensions and standings) reloads. */
function useShowReviewedUser() {
  const queryClient = useQueryClient();
  const showChanged = useShowChangedUser();
  return (user: SupportUser) => {
    showChanged(user);
    void queryClient.invalidateQueries({ queryKey: supportKeys.review });
  };
}

/** The gateway's 422 to a decision on a user who is not suspended (any more). */
export function isNotSuspended(error: unknown): boolean {
  return invalidField(error)?.field === 'uid';
}

/**
 * `POST …/suspension`: lifts the suspension (generation works again) or upholds it (reviewed).
 * A suspension another member of staff lifted meanwhile: the card and the queue reload.
 */
export function useDecideSuspension(uid: string) {
  const queryClient = useQueryClient();
  const showReviewed = useShowReviewedUser();
  return useMutation({
    mutationFn: (body: SuspensionBody) =>
      unwrap(client.POST('/api/v1/support/users/{uid}/suspension', { params: { path: { uid } }, body })),
    onSuccess: showReviewed,
    onError: (error) => {
      if (!isNotSuspended(error)) return;
      void queryClient.invalidateQueries({ queryKey: supportKeys.user(uid) });
      void queryClient.invalidateQueries({ queryKey: supportKeys.review });
    },
  });
}

/** `POST …/refusals/{id}/false-positive`: the refusal stops counting against the account. */
export function useMarkFalsePositive(uid: string) {
  const showReviewed = useShowReviewedUser();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      unwrap(
        client.POST('/api/v1/support/users/{uid}/refusals/{id}/false-positive', {
          params: { path: { uid, id } },
          body: { reason },
        }),
      ),
    onSuccess: showReviewed,
  });
}
