import { Page } from '@/components/ui/page';
import { SubscribePanel } from '@/features/billing/components/subscribe-panel';

export default function SubscribeRoute() {
  return (
    <Page title="Premium" lead="Sharp images, downloads and faster generation, for one monthly price.">
      <SubscribePanel />
    </Page>
  );
}
