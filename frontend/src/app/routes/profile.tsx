import { useNavigate } from 'react-router-dom';

import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { ProfileDetails } from '@/features/profile/components/profile-details';

export default function ProfileRoute() {
  const navigate = useNavigate();
  return (
    <Page title="Your profile" lead="Your plan, credits and subscription.">
      <ProfileDetails onSignedOut={() => void navigate(paths.home)} />
    </Page>
  );
}
