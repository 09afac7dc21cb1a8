/** The monthly price (docs/ARCHITECTURE.md, The product). */
export const PRICE = '$9.99';

/** The pro benefits listed to users, in order (docs/ARCHITECTURE.md, The product). */
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
