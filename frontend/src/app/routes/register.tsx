import { useNavigate } from 'react-router-dom';

import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useAuth } from '@/lib/auth';

export default function RegisterRoute() {
  const navigate = useNavigate();
  const { refresh } = useAuth();

  return (
    <Page title="Register" lead="Create your account and start turning prompts into images.">
      <RegisterForm
        onSuccess={() => {
          refresh();
          void navigate(paths.generate, { replace: true });
        }}
      />
    </Page>
  );
}
