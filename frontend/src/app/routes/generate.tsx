import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { GenerateForm } from '@/features/generate/components/generate-form';
import { readGenerateState, type GalleryState } from '@/types/navigation';

export default function GenerateRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const { params, source, generations = [] } = readGenerateState(location.state);
  // `?style=` chooses a style, as the way back from the age check does; the form keeps it only if
  // the catalog gives it.
  const style = search.get('style');

  return (
    <Page title="Generate" lead="Describe the image you want and pick a style." wide>
      <GenerateForm
        // A new 'Try Again' (or prompt card) starts a fresh form.
        key={location.key}
        initial={params ?? (style ? { style } : undefined)}
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
