import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';

import { Page } from '@/components/ui/page';

import { reviewQueueQuery } from '../api/review';
import { isNotStaff, searchQuery, useStaffRole } from '../api/support';

import { ReviewQueue } from './review-queue';
import { SearchResults } from './search-results';
import { StaffRolesForm } from './staff-roles-form';
import { UserCard } from './user-card';
import { UserSearch } from './user-search';

/**
 * The support console: find a user by uid or email and read their card, and review what the
 * content rules stopped. State is in the URL.
 */
export function StaffConsole() {
  const role = useStaffRole();
  const [params] = useSearchParams();
  const uid = params.get('uid') ?? '';
  // A link to a card alone still searches, by its uid: that finds the same user and tells
  // whether the caller is staff (a 404) even when the token's claim is out of date.
  const q = params.get('q') ?? uid;
  const search = useQuery({ ...searchQuery(q), enabled: role.data?.staff === true && q !== '' });
  const queue = useInfiniteQuery({ ...reviewQueueQuery(), enabled: role.data?.staff === true });

  if (role.isPending) return <p role="status">Checking your access…</p>;
  // A token that cannot be read names no role either.
  if (role.data?.staff !== true || isNotStaff(search.error) || isNotStaff(queue.error)) {
    return <Page title="This page is for Lucent support staff." />;
  }
  return (
    <Page
      title="Support console"
      lead="Find a user by uid or email and see why they are or are not Premium, and review what the content rules refused."
      wide
    >
      <UserSearch key={q} q={q} />
      {q && <SearchResults q={q} selected={uid} search={search} />}
      {/* Keyed apart from the search (whose key may be the same uid): what a deletion did is
          said on that user's card only. */}
      {uid && <UserCard key={`card:${uid}`} uid={uid} />}
      <ReviewQueue queue={queue} />
      {role.data.admin && <StaffRolesForm />}
    </Page>
  );
}
