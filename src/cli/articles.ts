import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { isDomainError, notFoundError } from '../commands/core/errors.ts';
import { seedDemoArticles } from '../commands/articles/demo-articles.ts';
import {
  createArticle,
  publishArticle,
  resolveArticleId,
  unpublishArticle,
  updateArticle,
  type ArticleCommandDeps,
  type ArticleOutcome,
} from '../commands/articles/handlers.ts';
import { loadConfig, type Config } from '../config.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { createKnex, type Knex } from '../db/knex.ts';
import { migrateLatest } from '../db/migrate.ts';
import { allEventDefinitions } from '../events/index.ts';
import { articleEventTypes } from '../events/article.ts';
import {
  comparePositions,
  createEventRegistry,
  createEventStore,
  type EventStore,
  type Position,
} from '../eventstore/index.ts';
import { createLogger, type Logger } from '../logger.ts';
import { createProjectionRegistry } from '../projections/core/registry.ts';
import { rebuildProjection } from '../projections/core/rebuild.ts';
import { createProjectionRunner } from '../projections/core/runner.ts';
import { waitForProjections } from '../projections/core/wait-for.ts';
import { allProjections } from '../projections/index.ts';
import { listAllArticles, listPublishedArticles } from '../queries/articles.ts';

export { seedDemoArticles } from '../commands/articles/demo-articles.ts';

const USAGE = `Usage: npm run articles -- <command> [options]

  create --title <text> [--slug <slug>] --body-file <path> [--excerpt <text>] [--publish] [--id <uuid>]
  update <id|slug> [--title <text>] [--slug <slug>] [--body-file <path>] [--excerpt <text>]
  publish <id|slug>          publish (a no-op when already published)
  unpublish <id|slug>        back to draft (a no-op when already a draft)
  list [--published] [--page <n>] [--per-page <n>]
  seed                       create and publish the demo articles (skips existing ones)

Uses DATABASE_URL (and EVENTSTORE_URL) when set; otherwise the embedded PostgreSQL of \`npm start\`
(connecting to it when it is running, starting it when it is not).`;

const CATCH_UP_TIMEOUT_MS = 30_000;

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
 * Opens what the CLI needs: config, the database (DATABASE_URL, a running embedded server, or a
 * freshly started one), migrations, the event store. There may be no worker running, so the
 * CLI brings the projections of article events up to date itself before it reads.
 */
export async function openArticlesCli(config: Config = loadConfig()): Promise<ArticlesCli> {
  const logger = createLogger({
    level: config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL,
    pretty: false,
  });
  const database = await openDatabase(config, logger);
  const knex = createKnex(database.url, { poolMax: 4 });
  let eventStore: EventStore | undefined;
  try {
    await migrateLatest(knex);
    eventStore = createEventStore({
      config,
      logger,
      registry: createEventRegistry(allEventDefinitions),
      url: database.url,
      poolMax: 2,
    });
  } catch (err) {
    await knex.destroy();
    await database.stop();
    throw err;
  }
  const store = eventStore;
  const affected = createProjectionRegistry(allProjections).affectedBy(articleEventTypes);
  const runnerDeps = { knex, eventStore: store, logger };
  const runner = createProjectionRunner(runnerDeps);
  return {
    deps: { eventStore: store, actor: { type: 'system', id: 'cli' }, logger },
    knex,
    logger,
    async catchUp(target) {
      const deadline = Date.now() + CATCH_UP_TIMEOUT_MS;
      for (const projection of affected) {
        for (;;) {
          let result = await runner.runUntilCaughtUp(projection);
          // First run on this database, or a new version: build it (the worker would do the same).
          if (result.kind === 'needs-rebuild') {
            await rebuildProjection(runnerDeps, projection, {
              onlyIfStale: true,
              waitForLock: true,
            });
            result = await runner.runUntilCaughtUp(projection);
          }
          // 'busy': a running worker is applying it right now; wait for it to pass the target.
          const reached =
            !target ||
            (result.kind === 'busy'
              ? await waitForProjections(knex, [projection.name], target, { timeoutMs: 1000 })
              : 'position' in result && comparePositions(result.position, target) >= 0);
          if (reached) break;
          // The append is committed but not yet visible to readers (an older transaction
          // elsewhere on the server is still open); look again shortly.
          if (Date.now() > deadline)
            throw new Error(`Projection ${projection.name} did not reach ${target} in time`);
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    },
    async close() {
      await store.close();
      await knex.destroy();
      await database.stop();
    },
  };
}

async function openDatabase(
  config: Config,
  logger: Logger,
): Promise<{ url: string; stop: () => Promise<void> }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: () => Promise.resolve() };
  const runningUrl = `postgres://pitwall:pitwall@127.0.0.1:${config.EMBEDDED_PG_PORT}/pitwall`;
  if (await canConnect(runningUrl)) return { url: runningUrl, stop: () => Promise.resolve() };
  return startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT, logger });
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
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

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runArticlesCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
