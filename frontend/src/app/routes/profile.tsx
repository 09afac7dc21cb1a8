import { useNavigate } from 'react-router-dom';

import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { EmailVerification } from '@/features/auth/components/email-verification';
import { ProfileDetails } from '@/features/profile/components/profile-details';
import { YourData } from '@/features/profile/components/your-data';
import type { AccountDeletedState } from '@/types/navigation';

export default function ProfileRoute() {
  const navigate = useNavigate();
  return (
    <Page title="Your profile" lead="Your plan, credits and subscription, and your data.">
      <ProfileDetails
        onSignedOut={() => void navigate(paths.home)}
        emailLine={(email, onVerified) => <EmailVerification email={email} onVerified={onVerified} />}
      />
      <YourData
        onDeleted={({ kept }) => {
          const state: AccountDeletedState = { kept };
          // Replaced: going back would only meet the login page of an account that is gone.
          void navigate(paths.accountDeleted, { replace: true, state });
        }}
      />
    </Page>
  );
}
