import { Page } from '@/components/ui/page';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export default function ForgotPasswordRoute() {
  return (
    <Page title="Reset your password" lead="Enter the email you registered with and we will send you a link to choose a new password.">
      <ForgotPasswordForm />
    </Page>
  );
}
