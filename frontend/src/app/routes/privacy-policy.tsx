import { Page } from '@/components/ui/page';

export default function PrivacyPolicyRoute() {
  return <Page title="Privacy Policy" lead="How Lucent collects, uses and protects your data." />;
}
