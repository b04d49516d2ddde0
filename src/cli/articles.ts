import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { catchUpTo } from '../app/catch-up.ts';
import { configOrExit, openRuntime } from '../app/runtime.ts';
import { isDomainError, notFoundError } from '../commands/core/errors.ts';
import { seedDemoArticles } from '../demo/articles.ts';
import {
  createArticle,
  publishArticle,
  resolveArticleId,
  unpublishArticle,
  updateArticle,
  type ArticleCommandDeps,
  type ArticleOutcome,
} from '../commands/articles/handlers.ts';
import type { Config } from '../config.ts';
import type { Knex } from '../db/knex.ts';
import { articleEventTypes } from '../events/article.ts';
import type { Position } from '../eventstore/index.ts';
import type { Logger } from '../logger.ts';
import { listAllArticles, listPublishedArticles } from '../queries/articles.ts';
import { runMain } from './output.ts';

export { seedDemoArticles } from '../demo/articles.ts';

const USAGE = `Usage: npm run articles -- <command> [options]

  create --title <text> [--slug <slug>] --body-file <path> [--excerpt <text>] [--publish] [--id <uuid>]
  update <id|slug> [--title <text>] [--slug <slug>] [--body-file <path>] [--excerpt <text>]
  publish <id|slug>          publish (a no-op when already published)
  unpublish <id|slug>        back to draft (a no-op when already a draft)
  list [--published] [--page <n>] [--per-page <n>]
  seed                       create and publish the demo articles (skips existing ones)

Uses DATABASE_URL (and EVENTSTORE_URL) when set; otherwise the embedded PostgreSQL of \`npm start\`
(connecting to it when it is running, starting it when it is not).`;

/** A mistake in the command line: printed with the usage, exit code 2. */
class UsageError extends Error {}

export interface ArticlesCli {
  deps: ArticleCommandDeps;
  knex: Knex;
  logger: Logger;
  /**
   * Brings every projection that reads article events up to date: at least to `target` (the
   * position a command returned) when given, else to what readers can see now.
   */
  catchUp(target?: Position | null): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens what the CLI needs: the 'cli' runtime (DATABASE_URL, a running embedded server, or a
 * freshly started one; migrations; the event store). There may be no worker running, so the
 * CLI brings the projections of article events up to date itself before it reads.
 */
export async function openArticlesCli(config: Config = configOrExit(2)): Promise<ArticlesCli> {
  const rt = await openRuntime(config, { role: 'cli', pools: { knex: 4, eventStore: 2 } });
  const affected = rt.projections.affectedBy(articleEventTypes);
  return {
    deps: rt.commandDeps({ type: 'system', id: 'cli' }),
    knex: rt.knex,
    logger: rt.logger,
    catchUp: (target) => catchUpTo(rt, affected, target),
    close: () => rt.close(),
  };
}

/** Runs one CLI invocation; returns the process exit code. Output goes to `print`. */
export async function runArticlesCli(
  argv: readonly string[],
  cli: () => Promise<ArticlesCli> = () => openArticlesCli(),
  print: (line: string) => void = (line) => console.log(line),
): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    print(USAGE);
    return command ? 0 : 2;
  }
  let opened: ArticlesCli | undefined;
  try {
    const run = commandFor(command);
    opened = await cli();
    await run(opened, rest, print);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      print(`Error: ${err.message}\n\n${USAGE}`);
      return 2;
    }
    if (isDomainError(err)) {
      print(`Error: ${err.message}`);
      for (const [field, message] of Object.entries(err.fieldErrors))
        print(`  ${field}: ${message}`);
      return 1;
    }
    throw err;
  } finally {
    await opened?.close();
  }
}

type Run = (cli: ArticlesCli, args: string[], print: (line: string) => void) => Promise<void>;

function commandFor(command: string): Run {
  switch (command) {
    case 'create':
      return create;
    case 'update':
      return update;
    case 'publish':
      return (cli, args, print) => toggle(cli, args, print, 'publish');
    case 'unpublish':
      return (cli, args, print) => toggle(cli, args, print, 'unpublish');
    case 'list':
      return list;
    case 'seed':
      return seed;
    default:
      throw new UsageError(`Unknown command "${command}"`);
  }
}

function parse<T extends Record<string, { type: 'string' | 'boolean' }>>(
  args: string[],
  options: T,
  positionals: number,
) {
  try {
    const parsed = parseArgs({ args, options, allowPositionals: positionals > 0, strict: true });
    if (parsed.positionals.length !== positionals) {
      throw new UsageError(
        positionals === 1 ? 'Give one article id or slug' : 'Unexpected arguments',
      );
    }
    return parsed;
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

async function readBody(path: string | undefined): Promise<string | undefined> {
  if (path === undefined) return undefined;
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    throw new UsageError(
      `Cannot read --body-file ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
    );
  }
}

async function resolveId(cli: ArticlesCli, idOrSlug: string): Promise<string> {
  const id = await resolveArticleId(cli.deps.eventStore, idOrSlug);
  if (!id)
    throw notFoundError('article_not_found', `No article with the id or slug "${idOrSlug}".`);
  return id;
}

function describe(outcome: ArticleOutcome): string {
  const a = outcome.article;
  return `${a.status.padEnd(9)} ${outcome.articleId}  ${a.slug}  "${a.title}"`;
}

const create: Run = async (cli, args, print) => {
  const { values } = parse(
    args,
    {
      title: { type: 'string' },
      slug: { type: 'string' },
      'body-file': { type: 'string' },
      excerpt: { type: 'string' },
      publish: { type: 'boolean' },
      id: { type: 'string' },
    },
    0,
  );
  if (values.title === undefined) throw new UsageError('--title is required');
  if (values['body-file'] === undefined) throw new UsageError('--body-file is required');
  let outcome = await createArticle(cli.deps, {
    articleId: values.id,
    title: values.title,
    slug: values.slug,
    bodyMarkdown: await readBody(values['body-file']),
    excerpt: values.excerpt,
  });
  print(`created   ${outcome.articleId}`);
  if (values.publish) outcome = await publishArticle(cli.deps, outcome.articleId);
  await cli.catchUp(outcome.position);
  print(describe(outcome));
};

const update: Run = async (cli, args, print) => {
  const { values, positionals } = parse(
    args,
    {
      title: { type: 'string' },
      slug: { type: 'string' },
      'body-file': { type: 'string' },
      excerpt: { type: 'string' },
    },
    1,
  );
  const outcome = await updateArticle(cli.deps, {
    articleId: await resolveId(cli, positionals[0]!),
    title: values.title,
    slug: values.slug,
    bodyMarkdown: await readBody(values['body-file']),
    excerpt: values.excerpt,
  });
  await cli.catchUp(outcome.position);
  print(`${outcome.changed ? '' : 'unchanged: '}${describe(outcome)}`);
};

async function toggle(
  cli: ArticlesCli,
  args: string[],
  print: (line: string) => void,
  action: 'publish' | 'unpublish',
) {
  const { positionals } = parse(args, {}, 1);
  const articleId = await resolveId(cli, positionals[0]!);
  const outcome =
    action === 'publish'
      ? await publishArticle(cli.deps, articleId)
      : await unpublishArticle(cli.deps, articleId);
  await cli.catchUp(outcome.position);
  print(`${outcome.changed ? '' : 'unchanged: '}${describe(outcome)}`);
}

const list: Run = async (cli, args, print) => {
  const { values } = parse(
    args,
    { published: { type: 'boolean' }, page: { type: 'string' }, 'per-page': { type: 'string' } },
    0,
  );
  const page = positiveInt(values.page ?? '1', '--page');
  const perPage = positiveInt(values['per-page'] ?? '50', '--per-page');
  await cli.catchUp();
  const rows = values.published
    ? (await listPublishedArticles(cli.knex, { page, perPage })).data.map((a) => ({
        ...a,
        status: 'published',
      }))
    : (await listAllArticles(cli.knex, { page, perPage })).data;
  if (rows.length === 0) print('No articles.');
  for (const a of rows) {
    print(
      `${a.status.padEnd(9)} ${(a.publishedAt ?? '').slice(0, 10).padEnd(10)}  ${a.id}  ${a.slug}  "${a.title}"`,
    );
  }
};

const seed: Run = async (cli, args, print) => {
  parse(args, {}, 0);
  const result = await seedDemoArticles(cli.deps);
  await cli.catchUp(result.position);
  print(`created ${result.created.length}, skipped ${result.skipped.length} existing`);
};

function positiveInt(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${name} must be a positive integer`);
  return n;
}

runMain(import.meta.url, (argv) => runArticlesCli(argv));
