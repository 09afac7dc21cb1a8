// The catalog the fake gateway serves: its built-in one, as the gateway's defaults make it.
import type { Catalog } from '@/types/api';

export const RENDERER_LABEL = 'Local preview renderer (not an AI model)';

// The sizes the gateway's built-in catalog gives every style, its first the default.
export const SIZES: Catalog['styles'][number]['sizes'] = [
  { id: 'square', label: 'Square', width: 512, height: 512 },
  { id: 'portrait', label: 'Portrait 2:3', width: 512, height: 768 },
  { id: 'landscape', label: 'Landscape 3:2', width: 768, height: 512 },
];

function style(id: string, label: string, flags: Partial<Catalog['styles'][number]> = {}): Catalog['styles'][number] {
  return {
    id,
    label,
    checkpoint: `${id}.safetensors`,
    hash: '0123abcd',
    pro: false,
    nsfw: false,
    default: false,
    sizes: SIZES,
    cfg: 7,
    sample: `/api/v1/styles/${id}/sample`,
    ...flags,
  };
}

export function defaultCatalog(): Catalog {
  return {
    styles: [
      style('real-v1.1', 'Real V1.1', { default: true }),
      style('real-v1.2', 'Real V1.2'),
      style('anime-v1', 'Anime V1'),
      style('nsfw-v1.1', 'NSFW V1.1', { nsfw: true }),
      style('custom-v1', 'Custom V1', { pro: true }),
    ],
    looks: [
      { id: 'asian', label: 'Asian', pro: false },
      { id: 'korean', label: 'Korean', pro: false },
      { id: 'nordic', label: 'Nordic', pro: true },
    ],
    plans: { freeDaily: 10, proMonthly: 1000 },
    limits: {
      promptMax: 500,
      negativePromptMax: 500,
      stepsDefault: 30,
      stepsMaxFree: 30,
      stepsMaxPro: 50,
      countMaxFree: 1,
      countMaxPro: 4,
      cfgMin: 1,
      cfgMax: 20,
      cfgStep: 0.5,
    },
    samplers: [
      { id: 'dpmpp-2m', label: 'DPM++ 2M' },
      { id: 'euler-a', label: 'Euler a' },
      { id: 'euler', label: 'Euler' },
      { id: 'dpmpp-sde', label: 'DPM++ SDE' },
      { id: 'ddim', label: 'DDIM' },
    ],
    sourceModes: [
      { id: 'vary-subtle', label: 'Vary (subtle)', pro: false },
      { id: 'vary-strong', label: 'Vary (strong)', pro: false },
      { id: 'upscale', label: 'Upscale 2x', pro: true },
    ],
    renderer: { kind: 'builtin', label: RENDERER_LABEL },
  };
}
