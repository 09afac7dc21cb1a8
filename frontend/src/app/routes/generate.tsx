import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

import { AccountSuspendedNotice } from '@/components/ui/account-suspended-notice';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { GenerateForm } from '@/features/generate/components/generate-form';
import { readGenerateState, type GalleryState } from '@/types/navigation';

export default function GenerateRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const { params, source, generations = [] } = readGenerateState(location.state);
  // `?style=` (and `?prompt=`) come back from the age check; the form keeps the style only if the
  // catalog gives it.
  const style = search.get('style');
  const prompt = search.get('prompt');

  return (
    <Page title="Generate" lead="Describe the image you want and pick a style." wide>
      <AccountSuspendedNotice />
      <GenerateForm
        // A new 'Try Again' (or prompt card) starts a fresh form.
        key={location.key}
        initial={params ?? (style ? { style, ...(prompt ? { prompt } : {}) } : undefined)}
        source={source}
        onGuest={() => void navigate(paths.register)}
        onGenerated={(created) => {
          const state: GalleryState = { generations: [...generations, ...created] };
          void navigate(paths.generation, { state });
        }}
      />
    </Page>
  );
}
