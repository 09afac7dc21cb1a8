import { Page } from '@/components/ui/page';
import { CheckoutCancelled } from '@/features/billing/components/checkout-cancelled';

/**
 * Where the checkout's "Cancel" sends the browser (the gateway's cancel URL). Leaving the
 * checkout is the user's choice, not a failure, so it says so (issue 37) rather than the first
 * app's 'Something Went Wrong'.
 */
export default function CancelRoute() {
  return (
    <Page title="Checkout cancelled" lead="You left the checkout before paying: nothing was charged and your plan has not changed.">
      <CheckoutCancelled />
    </Page>
  );
}
