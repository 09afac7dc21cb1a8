import { Page } from '@/components/ui/page';
import { TermsOfService } from '@/features/legal/components/terms-of-service';

export default function TermsOfServiceRoute() {
  return (
    <Page title="Terms of Service" lead="The terms that apply when you use Lucent.">
      <TermsOfService />
    </Page>
  );
}
