import { describe, expect, it } from 'vitest';

import { paths, safeRedirect } from './paths';

describe('safeRedirect', () => {
  it.each(['/profile', '/generate?style=nsfw-v1.1', '/verify-age?returnTo=%2Fprofile'])('follows the path %j', (path) => {
    expect(safeRedirect(path, '/generate')).toBe(path);
  });

  it.each([null, '', 'generate', 'https://evil.example', '//evil.example', '/\\evil.example', '/a\nb', '/a\u0000b'])(
    'falls back instead of %j',
    (target) => {
      expect(safeRedirect(target, '/generate')).toBe('/generate');
    },
  );
});

describe('paths', () => {
  it.each(Object.entries(paths))('has %s in lower case', (_, path) => {
    expect(path).toBe(path.toLowerCase());
  });
});
