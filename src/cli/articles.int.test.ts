import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/runtime.ts';
import { demoArticles } from '../demo/articles.ts';
import { loadConfig } from '../config.ts';
import { getPublishedArticleBySlug } from '../queries/articles.ts';
import { openArticlesCli, runArticlesCli } from './articles.ts';

/**
 * The whole write → read path through the CLI: commands append events to the PostgreSQL event
 * store, the CLI brings the articles projection up to date, and `list` reads the read model.
 */
let db: TestDatabase;
let bodyFile: string;

beforeAll(async () => {
  db = await createTestDatabase();
  const dir = await mkdtemp(path.join(tmpdir(), 'pitwall-cli-'));
  bodyFile = path.join(dir, 'body.md');
  await writeFile(bodyFile, '## Pit stop\n\nThe crew changed **four tyres** in 9.8 s.\n');
});

afterAll(async () => {
  await db.drop();
});

async function run(...argv: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const config = loadConfig({ DATABASE_URL: db.url, LOG_LEVEL: 'silent' });
  const code = await runArticlesCli(
    argv,
    () => openArticlesCli(config),
    (line) => lines.push(line),
  );
  return { code, lines };
}

describe('npm run articles', () => {
  it('seeds the demo articles once, through the commands, and lists them newest first', async () => {
    expect(await run('seed')).toEqual({ code: 0, lines: ['created 6, skipped 0 existing'] });
    expect(await run('seed')).toEqual({ code: 0, lines: ['created 0, skipped 6 existing'] });
    const { code, lines } = await run('list', '--published');
    expect(code).toBe(0);
    const newestFirst = [...demoArticles].sort((a, b) => a.daysAgo - b.daysAgo).map((a) => a.slug);
    expect(lines.map((l) => newestFirst.find((slug) => l.includes(` ${slug} `)))).toEqual(
      newestFirst,
    );
  });

  it('creates and publishes an article from a markdown file, readable by its slug', async () => {
    const { code, lines } = await run(
      'create',
      '--title',
      'Pit stop of the week',
      '--slug',
      'pit-stop-of-the-week',
      '--body-file',
      bodyFile,
      '--publish',
    );
    expect(code).toBe(0);
    expect(lines.at(-1)).toMatch(/^published .* pit-stop-of-the-week {2}"Pit stop of the week"$/);
    const article = await getPublishedArticleBySlug(db.knex, 'pit-stop-of-the-week');
    expect(article?.bodyHtml).toBe(
      '<h2>Pit stop</h2>\n<p>The crew changed <strong>four tyres</strong> in 9.8 s.</p>',
    );
  });

  it('unpublishes and republishes by slug, idempotently', async () => {
    expect((await run('unpublish', 'pit-stop-of-the-week')).lines[0]).toMatch(
      /^draft +[0-9a-f-]+ {2}pit-stop-of-the-week /,
    );
    expect((await run('unpublish', 'pit-stop-of-the-week')).lines[0]).toMatch(/^unchanged: draft /);
    expect(await getPublishedArticleBySlug(db.knex, 'pit-stop-of-the-week')).toBeNull();
    expect((await run('publish', 'pit-stop-of-the-week')).lines[0]).toMatch(
      /^published .* pit-stop-of-the-week /,
    );
  });

  it('reports rule violations with their fields and exit code 1', async () => {
    const { code, lines } = await run(
      'create',
      '--title',
      'No',
      '--slug',
      'Bad Slug',
      '--body-file',
      bodyFile,
    );
    expect(code).toBe(1);
    expect(lines).toContain('  title: Title must be at least 3 characters.');
    expect(lines.some((l) => l.startsWith('  slug: '))).toBe(true);
  });

  it('refuses a slug another article holds', async () => {
    const { code, lines } = await run(
      'create',
      '--title',
      'Copycat',
      '--slug',
      'pit-stop-of-the-week',
      '--body-file',
      bodyFile,
    );
    expect(code).toBe(1);
    expect(lines[0]).toContain('already used by another article');
  });

  it('answers usage mistakes with the usage text and exit code 2', async () => {
    expect((await run('frobnicate')).code).toBe(2);
    expect((await run('publish')).code).toBe(2);
    expect((await run('create', '--title', 'Missing body')).lines[0]).toMatch(
      /^Error: --body-file is required\n\nUsage: /,
    );
  });

  it('says so when no article has the given id or slug, with exit code 1', async () => {
    expect(await run('publish', 'no-such-slug')).toEqual({
      code: 1,
      lines: ['Error: No article with the id or slug "no-such-slug".'],
    });
  });
});
