import { useLocation } from 'react-router-dom';

import { Page } from '@/components/ui/page';
import { AccountDeleted } from '@/features/profile/components/account-deleted';
import { readAccountDeletedState } from '@/types/navigation';

export default function AccountDeletedRoute() {
  const { kept } = readAccountDeletedState(useLocation().state);
  return (
    <Page title="Your account was deleted" lead="You have been signed out.">
      <AccountDeleted kept={kept} />
    </Page>
  );
}
