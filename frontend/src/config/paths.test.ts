import { describe, expect, it } from 'vitest';

import { safeRedirect } from './paths';

describe('safeRedirect', () => {
  it.each(['/profile', '/Generate?style=nsfw-v1.1', '/verify-age?returnTo=%2Fprofile'])('follows the path %j', (path) => {
    expect(safeRedirect(path, '/Generate')).toBe(path);
  });

  it.each([null, '', 'generate', 'https://evil.example', '//evil.example', '/\\evil.example', '/a\nb', '/a\u0000b'])(
    'falls back instead of %j',
    (target) => {
      expect(safeRedirect(target, '/Generate')).toBe('/Generate');
    },
  );
});
