import { Page } from '@/components/ui/page';
import { CancellationPolicy } from '@/features/legal/components/cancellation-policy';

export default function CancellationPolicyRoute() {
  return (
    <Page title="Cancellation and Refund Policy" lead="How to cancel your subscription and when refunds apply.">
      <CancellationPolicy />
    </Page>
  );
}
