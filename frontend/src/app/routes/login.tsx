import { useNavigate, useSearchParams } from 'react-router-dom';

import { Page } from '@/components/ui/page';
import { paths, REDIRECT_PARAM, safeRedirect } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';

export default function LoginRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeRedirect(params.get(REDIRECT_PARAM), paths.generate);

  return (
    <Page title="Login" lead="Welcome back. Log in to keep creating.">
      <LoginForm onSuccess={() => void navigate(next, { replace: true })} />
    </Page>
  );
}
