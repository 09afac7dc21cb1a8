import { proAllowance, type Plans } from '@/config/plans';

/** The monthly price (docs/product.md, Premium). */
export const PRICE = '$9.99';

/**
 * The pro benefits listed to users, in order (docs/product.md, Premium), with the
 * credits the gateway gives instead of the first app's fixed 100.
 */
export function benefits(plans: Plans): readonly string[] {
  return [
    'Remove blur',
    'Lifetime save',
    'Generate faster',
    'No watermark',
    'High quality',
    'Modify the look',
    'Multi-creations',
    proAllowance(plans),
    'Custom model',
  ];
}
