import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { PremiumDialog } from '@/components/premium/premium-dialog';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { Gallery } from '@/features/gallery/components/gallery';
import { sizeOf, useCatalog } from '@/lib/catalog';
import type { Catalog, Generation } from '@/types/api';
import { readGalleryState, type GenerateState } from '@/types/navigation';

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
  const { newIds } = readGalleryState(location.state);
  const { catalog } = useCatalog();
  const toGenerate = (state: GenerateState) => void navigate(paths.generate, { state });
  // The Premium control a free user pressed: said in a dialog, never a silent redirect.
  const [premiumFor, setPremiumFor] = useState<string | null>(null);

  return (
    <Page title="Your images" lead="Your newest images first." wide>
      <Gallery
        newIds={newIds}
        // The seed is left empty: the gateway draws a new one, so the image is a new one.
        onTryAgain={(generation) => {
          toGenerate({ params: paramsOf(generation, catalog), autostart: true });
        }}
        onUseSettings={(generation) => {
          toGenerate({ params: { ...paramsOf(generation, catalog), seed: String(generation.seed) } });
        }}
        onMakeFrom={(generation, mode) => {
          // A variation wants a new seed. The size and 2x Enhance wait behind the source, for
          // when the user draws from the prompt instead.
          toGenerate({ params: paramsOf(generation, catalog), source: { image: generation, mode } });
        }}
        onUpgrade={setPremiumFor}
      />
      {premiumFor && (
        <PremiumDialog
          feature={premiumFor}
          onSeePremium={() => void navigate(paths.subscribe)}
          onClose={() => {
            setPremiumFor(null);
          }}
        />
      )}
    </Page>
  );
}
