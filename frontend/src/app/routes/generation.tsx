import { useLocation, useNavigate } from 'react-router-dom';

import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { Gallery } from '@/features/gallery/components/gallery';
import { sizeOf, useCatalog } from '@/lib/catalog';
import type { Catalog, Generation } from '@/types/api';
import { readGalleryState, type GalleryState, type GenerateState } from '@/types/navigation';

/** The Generate form's fields as `generation` was made with them, all but its seed. */
function paramsOf(generation: Generation, catalog: Catalog | null): GenerateState['params'] {
  // An image from before sizes names none; its pixels say which of its style's sizes it was.
  const size = generation.size ?? sizeOf(catalog, generation);
  // Images from before guidance have neither: the form then takes the style's and the first.
  const { cfg, sampler } = generation;
  return {
    prompt: generation.prompt,
    negativePrompt: generation.negativePrompt,
    style: generation.style,
    ...(size && { size }),
    look: generation.look,
    steps: String(generation.steps),
    enhance: generation.enhance,
    ...(cfg != null && { cfg }),
    ...(sampler && { sampler }),
  };
}

export default function GenerationRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const { generations } = readGalleryState(location.state);
  const { catalog } = useCatalog();

  return (
    <Page title="Your images" lead="Your new images first, then everything you have saved." wide>
      <Gallery
        generations={generations}
        onBack={(remaining) => {
          const state: GenerateState = { generations: remaining };
          void navigate(paths.generate, { state });
        }}
        onTryAgain={(generation, remaining) => {
          const params = { ...paramsOf(generation, catalog), seed: String(generation.seed) };
          const state: GenerateState = { params, generations: remaining };
          void navigate(paths.generate, { state });
        }}
        onMakeFrom={(generation, mode, remaining) => {
          // A variation wants a new seed. The size and 2x Inhance wait behind the source, for
          // when the user draws from the prompt instead.
          const state: GenerateState = {
            params: paramsOf(generation, catalog),
            source: { image: generation, mode },
            generations: remaining,
          };
          void navigate(paths.generate, { state });
        }}
        onUpgrade={() => void navigate(paths.subscribe)}
        onChange={(remaining) => {
          const state: GalleryState = { generations: remaining };
          void navigate(location.pathname, { replace: true, state });
        }}
      />
    </Page>
  );
}
