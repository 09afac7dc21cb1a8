import { Page } from '@/components/ui/page';
import { PrivacyPolicy } from '@/features/legal/components/privacy-policy';

export default function PrivacyPolicyRoute() {
  return (
    <Page title="Privacy Policy" lead="How Lucent collects, uses and protects your data.">
      <PrivacyPolicy />
    </Page>
  );
}
