import { useImage } from '@/hooks/use-image';
import { useExplicitGate } from '@/lib/age-check';
import type { Generation } from '@/types/api';

import type { Access } from '../access';

/**
 * `generation`'s pixels as the gateway serves them to this viewer (blurred for a free user; the
 * gallery never sharpens them itself), or why they are not shown: the tile and the viewer share
 * one fetch. An explicit image stays locked, never asked for, until the viewer's age is verified.
 */
export function useGenerationImage(generation: Generation, access: Access) {
  const gate = useExplicitGate(generation);
  const image = useImage(generation.imageUrl, access !== 'guest' && gate.mayLoad);
  let waiting = 'Loading image…';
  if (access === 'guest') waiting = 'Log in to see this image';
  else if (image.error) waiting = `Image unavailable: ${image.error}`;
  return { locked: gate.locked, src: image.src, waiting, alt: `Generated image: ${generation.prompt}` };
}
