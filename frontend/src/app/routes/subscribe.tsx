import { Page } from '@/components/ui/page';

export default function SubscribeRoute() {
  return <Page title="Premium" lead="Sharp images, downloads and faster generation for $9.99 a month." />;
}
