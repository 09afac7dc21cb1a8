import type { Generation, SourceMode } from '@/types/api';

/** What the page does for the actions that leave the gallery. */
export interface ImageHandlers {
  /** 'Try Again': the same settings and a new seed. */
  readonly onTryAgain: (generation: Generation) => void;
  /** 'Use these settings': the form filled with every setting of the image, its seed too. */
  readonly onUseSettings: (generation: Generation) => void;
  /** 'Vary (subtle)', 'Upscale 2x', …: a new image drawn from this one. */
  readonly onMakeFrom: (generation: Generation, mode: SourceMode) => void;
  /** A guest or free user chose a Premium action, named as the menu names it. */
  readonly onUpgrade: (feature: string) => void;
}
