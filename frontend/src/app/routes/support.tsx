import { Page } from '@/components/ui/page';
import { SupportInfo } from '@/features/legal/components/support-info';

export default function SupportInfoRoute() {
  return (
    <Page title="Customer Support" lead="We are here to help with your account, payments and images.">
      <SupportInfo />
    </Page>
  );
}
