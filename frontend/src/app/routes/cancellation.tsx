import { Page } from '@/components/ui/page';

export default function CancellationRoute() {
  return <Page title="Cancellation and Refund Policy" lead="How to cancel your subscription and when refunds apply." />;
}
