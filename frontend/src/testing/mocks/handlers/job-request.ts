import type { Generation, GenerationRequest, Style } from '@/types/api';

import { db } from '../db';
import { fail } from '../gateway';
import { checkGeneration, type Asked } from '../generation-body';

import { ageCheckRequired, isAdult } from './profile';

/** The style a job's images are in, their size and pixels, and what they are drawn with and from. */
export interface Made {
  readonly style: Style;
  /** None for an upscale, which is no size of the catalog. */
  readonly size: string | null;
  readonly width: number;
  readonly height: number;
  readonly enhance: boolean;
  readonly cfg: number;
  readonly sampler: string;
  readonly source: Generation['source'];
}

/** The gateway's largest side, in pixels: an upscale past it is refused. */
const MAX_SIDE = 4096;

const operation = 'POST /api/v1/jobs';

/**
 * What the gateway draws from the caller's image `asked` names: its size id and pixels (an
 * upscale twice those, and no size of the catalog), never enhanced; or its answer when the image
 * is not the caller's or would come out too large.
 */
function drawnFrom(asked: Asked): Pick<Made, 'size' | 'width' | 'height' | 'enhance' | 'source'> | ReturnType<typeof fail> {
  const image = db.history.find((item) => item.id === asked.generation);
  if (!image) return fail(operation, 404, 'not_found', 'generation not found');
  // Like the gateway, before the content rules: an image the caller may not see is no source either.
  if (image.explicit && !isAdult()) return fail(operation, 403, 'age_check_required', ageCheckRequired);
  const scale = asked.mode.id === 'upscale' ? 2 : 1;
  const [width, height] = [image.width * scale, image.height * scale];
  if (Math.max(width, height) > MAX_SIDE) {
    const message = `this image is ${String(image.width)}x${String(image.height)}: twice that is past the largest we make (${String(MAX_SIDE)} pixels a side)`;
    return fail(operation, 422, 'invalid_field', `source: ${message}`);
  }
  const size = scale === 1 ? (image.size ?? null) : null;
  return { size, width, height, enhance: false, source: { generation: image.id, mode: asked.mode.id } };
}

/** What the gateway makes of a body once its fields pass, or its answer when they or its source do not. */
export function checkBody(body: GenerationRequest): Made | Response {
  const checked = checkGeneration(body);
  if (checked instanceof Response) return checked;
  const { style, size, cfg, sampler, asked } = checked;
  if (asked) {
    const drawn = drawnFrom(asked);
    return drawn instanceof Response ? drawn : { style, cfg, sampler, ...drawn };
  }
  // `enhance` (on unless false) doubles both sides.
  const enhance = body.enhance !== false;
  const factor = enhance ? 2 : 1;
  return { style, size: size.id, width: size.width * factor, height: size.height * factor, enhance, cfg, sampler, source: null };
}
