import { useSearchParams } from 'react-router-dom';

import { Page } from '@/components/ui/page';
import { PaymentSuccessPanel } from '@/features/billing/components/payment-success-panel';

export default function SuccessRoute() {
  const [params] = useSearchParams();

  return (
    <Page title="Payment successful" lead="Thank you for subscribing to Lucent Premium.">
      <PaymentSuccessPanel sessionId={params.get('session_id')} />
    </Page>
  );
}
