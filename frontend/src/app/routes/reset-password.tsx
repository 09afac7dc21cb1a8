import { useNavigate, useSearchParams } from 'react-router-dom';

import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

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
      <ResetPasswordForm oobCode={oobCode} onSignedIn={() => void navigate(paths.generate, { replace: true })} />
    </Page>
  );
}
