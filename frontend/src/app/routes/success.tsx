import { Page } from '@/components/ui/page';

export default function SuccessRoute() {
  return <Page title="Payment successful" lead="Thank you for subscribing to Lucent Premium." />;
}
