import { useNavigate, useSearchParams } from 'react-router-dom';

import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import type { NoticeState } from '@/types/navigation';

const CHANGED: NoticeState = { notice: 'Your password was changed, and you are signed in with the new one.' };

/**
 * Where a reset email's link lands: the continue URL we ask for, or the project's action URL set
 * to this page, which adds `mode=resetPassword` and the same `oobCode`.
 */
export default function ResetPasswordRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const oobCode = mode === null || mode === 'resetPassword' ? params.get('oobCode') : null;

  return (
    <Page title="Choose a new password">
      <ResetPasswordForm
        oobCode={oobCode}
        // The form is gone with this page: the page arrived at says what was done.
        onSignedIn={() => void navigate(paths.generate, { replace: true, state: CHANGED })}
      />
    </Page>
  );
}
