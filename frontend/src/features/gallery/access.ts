/** Who is looking decides what an image's actions do (spec section 6). */
export type Access = 'guest' | 'free' | 'pro' | 'loading';
