import { describe, expect, it } from 'vitest';
import { slugify, SLUG_PATTERN } from './rules.ts';

describe('slugify', () => {
  it.each([
    ['Season 3 — Daytona!', 'season-3-daytona'],
    ['  Porsche 963 GTP: first laps  ', 'porsche-963-gtp-first-laps'],
    ['Nürburgring Nordschleife', 'nurburgring-nordschleife'],
    ['***', ''],
  ])('%j → %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('makes slugs the slug rule accepts, at most 120 characters, never ending in a hyphen', () => {
    const slug = slugify('word '.repeat(30));
    expect(slug.length).toBeLessThanOrEqual(120);
    expect(slug).toMatch(SLUG_PATTERN);
  });
});
