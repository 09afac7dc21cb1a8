import { Page } from '@/components/ui/page';

export default function TermsOfServiceRoute() {
  return <Page title="Terms of Service" lead="The terms that apply when you use Lucent." />;
}
