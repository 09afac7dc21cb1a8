import { Page } from '@/components/ui/page';
import { PaymentCheckPanel } from '@/features/billing/components/payment-check-panel';

export default function PaymentRoute() {
  return (
    <Page title="Payment confirmation" lead="Paid but still seeing blur? Confirm your payment here.">
      <PaymentCheckPanel />
    </Page>
  );
}
