import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { Page } from '@/components/ui/page';
import { PaymentSuccessPanel } from '@/features/billing/components/payment-success-panel';

export default function SuccessRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The spec sends the user to lowercase /generate; routes match ignoring case.
  const onConfirmed = useCallback(() => void navigate('/generate', { replace: true }), [navigate]);

  return (
    <Page title="Payment successful" lead="Thank you for subscribing to Lucent Premium.">
      <PaymentSuccessPanel sessionId={params.get('session_id')} onConfirmed={onConfirmed} />
    </Page>
  );
}
