import { z } from 'zod';

/**
 * The article rules a newsroom expects, as zod schemas shared by the HTTP forms, the CLI and the
 * decider (which re-checks them, so no caller can skip them):
 *  - title: 3–200 characters after trimming;
 *  - slug: lowercase kebab-case (a–z, 0–9, single hyphens between words), at most 120
 *    characters, unique across articles (reserved in its own stream, see slug-decider.ts);
 *  - body: markdown, at most 100,000 characters; may be empty while a draft, never when published;
 *  - excerpt: optional, at most 300 characters; empty means none.
 */
export const ARTICLE_LIMITS = {
  titleMin: 3,
  titleMax: 200,
  slugMax: 120,
  bodyMax: 100_000,
  excerptMax: 300,
} as const;

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const articleTitle = z
  .string()
  .trim()
  .min(ARTICLE_LIMITS.titleMin, `Title must be at least ${ARTICLE_LIMITS.titleMin} characters.`)
  .max(ARTICLE_LIMITS.titleMax, `Title must be at most ${ARTICLE_LIMITS.titleMax} characters.`);

export const articleSlug = z
  .string()
  .trim()
  .min(1, 'Slug is required.')
  .max(ARTICLE_LIMITS.slugMax, `Slug must be at most ${ARTICLE_LIMITS.slugMax} characters.`)
  .regex(
    SLUG_PATTERN,
    'Slug must be lowercase words joined by single hyphens, e.g. "season-2-preview".',
  );

export const articleBody = z
  .string()
  .max(
    ARTICLE_LIMITS.bodyMax,
    `Body must be at most ${ARTICLE_LIMITS.bodyMax.toLocaleString('en')} characters.`,
  );

/** Empty or whitespace-only → null. */
export const articleExcerpt = z
  .string()
  .trim()
  .max(
    ARTICLE_LIMITS.excerptMax,
    `Excerpt must be at most ${ARTICLE_LIMITS.excerptMax} characters.`,
  )
  .nullish()
  .transform((v) => (v ? v : null));

/** A body that renders to nothing cannot be published. */
export const isBlankBody = (markdown: string) => markdown.trim().length === 0;

/**
 * A slug suggestion from a title: "Season 3 — Daytona!" → "season-3-daytona". Accents are
 * folded to ASCII; the result may still be empty (e.g. a title of only symbols).
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, ARTICLE_LIMITS.slugMax)
    .replace(/-+$/g, '');
}
