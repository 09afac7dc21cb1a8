import { useNavigate } from 'react-router-dom';

import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useAuth } from '@/lib/auth';
import { useInvalidateAccount } from '@/lib/query-client';

export default function RegisterRoute() {
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const { afterProfileSaved } = useInvalidateAccount();

  return (
    <Page title="Register" lead="Create your account and start turning prompts into images.">
      <RegisterForm
        onSuccess={() => {
          refresh();
          // The profile was created after the sign-in was announced; read it again.
          void afterProfileSaved();
          void navigate(paths.generate, { replace: true });
        }}
      />
    </Page>
  );
}
