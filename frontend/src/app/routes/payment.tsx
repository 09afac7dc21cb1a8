import { Page } from '@/components/ui/page';

export default function PaymentRoute() {
  return <Page title="Payment confirmation" lead="Paid but still seeing blur? Confirm your payment here." />;
}
