import type { UpscaleOffer } from '@kadr/contracts';
import { UPSCALE_LADDER, UPSCALE_PRICE_RULE } from './upscale-target';

/**
 * What the catalogue says of upscaling: the ladder, the filter (W:H are the target frame's) and the price rule.
 * `available` is the built-in ffmpeg's health — the tool every upscale runs on.
 */
export function upscaleOfferOf(available: boolean): UpscaleOffer {
  return {
    available,
    ladder: [...UPSCALE_LADDER],
    filter: 'scale=W:H:flags=lanczos',
    price: { ...UPSCALE_PRICE_RULE },
  };
}
