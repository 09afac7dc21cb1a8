import { Page } from '@/components/ui/page';

export default function ProfileRoute() {
  return <Page title="Your profile" lead="Your plan, credits and subscription." />;
}
