/** Spec section 9. */
export const PRICE = '$9.99';

/** Spec section 1: the pro benefits listed to users, in order. */
export const BENEFITS = [
  'Remove blur',
  'Lifetime save',
  'Generate faster',
  'No watermark',
  'High quality',
  'Modify the look',
  'Multi-creations',
  '100 credits per month',
  'Custom model',
] as const;
