import { useSearchParams } from 'react-router-dom';

import { Page } from '@/components/ui/page';
import { paths, safeRedirect } from '@/config/paths';
import { VerifyAge } from '@/features/age-check/components/verify-age';

export default function VerifyAgeRoute() {
  const [params] = useSearchParams();
  // The provider hands back what the app gave it, but anyone can craft this link: a path of
  // this app only.
  const returnTo = safeRedirect(params.get('returnTo'), paths.generate);
  return (
    <Page title="Verify your age" lead="Explicit images are for adults whose age a provider has verified.">
      <VerifyAge returnTo={returnTo} />
    </Page>
  );
}
