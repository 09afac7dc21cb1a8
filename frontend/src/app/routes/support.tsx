import { Page } from '@/components/ui/page';

export default function SupportRoute() {
  return <Page title="Customer Support" lead="We are here to help with your account, payments and images." />;
}
