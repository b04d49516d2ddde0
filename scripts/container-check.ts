/**
 * `npm run container:check`: performs the Dockerfile's steps in clean folders, without a Docker
 * daemon, then starts the final stage's command as an unprivileged user against the machine's
 * PostgreSQL and checks that it serves pages. What it proves: the build context (.dockerignore)
 * holds what the build needs, `npm ci` accepts the lock, the production install (`--omit=dev`) is
 * enough to run the site, the bundles are where the runtime looks for them, and the app needs no
 * write access to its own folder. What it cannot prove: the base image's contents (the host's
 * Node.js and npm settings stand in for node:20-bookworm-slim's).
 *
 * Supported Dockerfile instructions: FROM … AS name, WORKDIR, ENV k=v, COPY [--from=stage] src… dest,
 * RUN (shell form), USER, EXPOSE, CMD (exec form). Anything else stops the check with its line.
 *
 * env: TEST_DATABASE_URL (server for a scratch database, default postgres://postgres@127.0.0.1:5432/test),
 *      CONTAINER_CHECK_KEEP=1 keeps the folders.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../src/http/test-support/free-port.ts';

export type Instruction =
  | { op: 'FROM'; stage: string; line: number }
  | { op: 'WORKDIR'; dir: string; line: number }
  | { op: 'ENV'; key: string; value: string; line: number }
  | { op: 'COPY'; from: string | null; sources: string[]; dest: string; line: number }
  | { op: 'RUN'; command: string; line: number }
  | { op: 'USER'; user: string; line: number }
  | { op: 'EXPOSE'; port: number; line: number }
  | { op: 'CMD'; argv: string[]; line: number };

/** Parses the supported subset; throws naming the line of anything else. */
export function parseDockerfile(text: string): Instruction[] {
  const out: Instruction[] = [];
  const lines = text.split('\n');
  let stageCount = 0;
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    let line = lines[i]!.trim();
    while (line.endsWith('\\') && i + 1 < lines.length)
      line = `${line.slice(0, -1).trimEnd()} ${lines[++i]!.trim()}`;
    if (line === '' || line.startsWith('#')) continue;
    const [op = '', ...rest] = line.split(/\s+/);
    const args = line.slice(op.length).trim();
    switch (op.toUpperCase()) {
      case 'FROM': {
        const as = /\s+AS\s+(\S+)$/i.exec(args);
        out.push({ op: 'FROM', stage: as?.[1] ?? String(stageCount), line: lineNo });
        stageCount++;
        break;
      }
      case 'WORKDIR':
        out.push({ op: 'WORKDIR', dir: args, line: lineNo });
        break;
      case 'ENV': {
        const eq = args.indexOf('=');
        if (eq < 0 || /\s/.test(args.slice(0, eq)))
          throw new Error(`Dockerfile:${lineNo}: ENV needs key=value`);
        out.push({ op: 'ENV', key: args.slice(0, eq), value: args.slice(eq + 1), line: lineNo });
        break;
      }
      case 'COPY': {
        let from: string | null = null;
        const parts = [...rest];
        while (parts[0]?.startsWith('--')) {
          const flag = parts.shift()!;
          if (flag.startsWith('--from=')) from = flag.slice('--from='.length);
          else throw new Error(`Dockerfile:${lineNo}: unsupported COPY flag ${flag}`);
        }
        const dest = parts.pop();
        if (!dest || parts.length === 0)
          throw new Error(`Dockerfile:${lineNo}: COPY needs a source and a destination`);
        out.push({ op: 'COPY', from, sources: parts, dest, line: lineNo });
        break;
      }
      case 'RUN':
        out.push({ op: 'RUN', command: args, line: lineNo });
        break;
      case 'USER':
        out.push({ op: 'USER', user: args, line: lineNo });
        break;
      case 'EXPOSE':
        out.push({ op: 'EXPOSE', port: Number(args), line: lineNo });
        break;
      case 'CMD': {
        const argv = JSON.parse(args) as unknown;
        if (!Array.isArray(argv) || !argv.every((a) => typeof a === 'string'))
          throw new Error(`Dockerfile:${lineNo}: CMD must be the exec form ["…"]`);
        out.push({ op: 'CMD', argv, line: lineNo });
        break;
      }
      default:
        throw new Error(`Dockerfile:${lineNo}: unsupported instruction ${op}`);
    }
  }
  return out;
}

/** .dockerignore entries as path prefixes (no wildcards: the check refuses them). */
export function readIgnore(text: string): string[] {
  const entries = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  for (const e of entries)
    if (/[*?![\]]/.test(e)) throw new Error(`.dockerignore: wildcards are not supported (${e})`);
  return entries.map((e) => e.replace(/^\/+|\/+$/g, ''));
}

function ignored(rel: string, ignore: readonly string[]): boolean {
  return ignore.some((e) => rel === e || rel.startsWith(`${e}/`));
}

interface Stage {
  name: string;
  root: string;
  workdir: string;
  env: Record<string, string>;
  user: string | null;
  cmd: string[] | null;
}

function inStage(stage: Stage, p: string): string {
  const abs = p.startsWith('/') ? p : path.posix.join(stage.workdir, p);
  return path.join(stage.root, abs);
}

/** Files of the build context: what a fresh clone holds (git-tracked), minus .dockerignore. */
function contextFiles(repo: string, ignore: readonly string[]): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: repo, encoding: 'utf8' });
  return out
    .split('\0')
    .filter((f) => f !== '' && !ignored(f, ignore))
    .filter((f) => {
      try {
        return statSync(path.join(repo, f)).isFile();
      } catch {
        return false; // deleted in the working tree
      }
    });
}

function copyInto(
  stage: Stage,
  ins: Extract<Instruction, { op: 'COPY' }>,
  repo: string,
  ignore: readonly string[],
  stages: ReadonlyMap<string, Stage>,
): void {
  const destAbs = inStage(stage, ins.dest);
  const destIsDir = ins.dest.endsWith('/') || ins.dest === '.' || ins.sources.length > 1;
  for (const src of ins.sources) {
    if (ins.from !== null) {
      const other = stages.get(ins.from);
      if (!other) throw new Error(`Dockerfile:${ins.line}: no stage ${ins.from}`);
      const from = inStage(other, src);
      const to = destIsDir ? path.join(destAbs, path.basename(from)) : destAbs;
      mkdirSync(path.dirname(to), { recursive: true });
      cpSync(from, to, { recursive: true });
      continue;
    }
    const rel = src.replace(/^\.\/?/, '');
    const files = contextFiles(repo, ignore).filter(
      (f) => rel === '' || f === rel || f.startsWith(`${rel}/`),
    );
    if (files.length === 0)
      throw new Error(`Dockerfile:${ins.line}: ${src} is not in the build context`);
    for (const f of files) {
      const under = rel === '' ? f : f === rel ? path.basename(f) : f.slice(rel.length + 1);
      const to = rel !== '' && f === rel && !destIsDir ? destAbs : path.join(destAbs, under);
      mkdirSync(path.dirname(to), { recursive: true });
      cpSync(path.join(repo, f), to);
    }
  }
}

/** PATH, a scratch HOME, and this machine's npm user config and cache. */
function npmEnv(base: string): Record<string, string> {
  const home = process.env.HOME ?? base;
  return {
    PATH: process.env.PATH ?? '',
    HOME: path.join(base, 'home'),
    npm_config_userconfig: process.env.npm_config_userconfig ?? path.join(home, '.npmrc'),
    npm_config_cache: process.env.npm_config_cache ?? path.join(home, '.npm'),
  };
}

/** uid/gid to run the final command as: the USER when this machine has it, else `nobody`. */
function unprivileged(user: string): { uid: number; gid: number; name: string } {
  for (const name of [user, 'nobody']) {
    try {
      const uid = Number(
        execFileSync('id', ['-u', name], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        }).trim(),
      );
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
      if (uid !== 0) return { uid, gid, name };
    } catch {
      // no such user here
    }
  }
  throw new Error(`no unprivileged user to run as (${user}, nobody)`);
}

async function waitFor(
  url: string,
  child: { exitCode: number | null },
  timeoutMs: number,
): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the container's command exited with ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (res.status === 200) return res;
      last = `status ${res.status}`;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (last: ${String(last)})`);
}

/** Runs the stages into `base`; returns the final stage. */
function build(repo: string, base: string, log: (msg: string) => void): Stage {
  const instructions = parseDockerfile(readFileSync(path.join(repo, 'Dockerfile'), 'utf8'));
  const ignore = readIgnore(readFileSync(path.join(repo, '.dockerignore'), 'utf8'));
  const stages = new Map<string, Stage>();
  let stage: Stage | null = null;
  for (const ins of instructions) {
    if (ins.op === 'FROM') {
      stage = {
        name: ins.stage,
        root: path.join(base, ins.stage),
        workdir: '/',
        env: {},
        user: null,
        cmd: null,
      };
      mkdirSync(stage.root, { recursive: true });
      stages.set(ins.stage, stage);
      log(`stage ${ins.stage}`);
      continue;
    }
    if (!stage) throw new Error(`Dockerfile:${ins.line}: ${ins.op} before FROM`);
    switch (ins.op) {
      case 'WORKDIR':
        stage.workdir = path.posix.resolve(stage.workdir, ins.dir);
        mkdirSync(inStage(stage, '.'), { recursive: true });
        break;
      case 'ENV':
        stage.env[ins.key] = ins.value;
        break;
      case 'COPY':
        copyInto(stage, ins, repo, ignore, stages);
        break;
      case 'RUN':
        log(`RUN ${ins.command}`);
        // The stage's ENV over PATH and this machine's npm settings (its registry, and where
        // native addons find Node's headers, stand in for the base image's); never the
        // developer's NODE_ENV or database settings.
        execFileSync('bash', ['-euo', 'pipefail', '-c', ins.command], {
          cwd: inStage(stage, '.'),
          stdio: 'inherit',
          env: { ...npmEnv(base), ...stage.env },
        });
        break;
      case 'USER':
        stage.user = ins.user;
        break;
      case 'EXPOSE':
        break;
      case 'CMD':
        stage.cmd = ins.argv;
        break;
    }
  }
  if (!stage?.cmd) throw new Error('the final stage has no CMD');
  if (!stage.user || stage.user === 'root' || stage.user === '0')
    throw new Error('the final stage must run as a non-root USER');
  return stage;
}

async function main(): Promise<void> {
  const repo = process.cwd();
  const base = mkdtempSync(path.join(tmpdir(), 'pitwall-container-'));
  chmodSync(base, 0o755);
  const started = Date.now();
  const log = (msg: string) =>
    console.log(`[container:check ${((Date.now() - started) / 1000).toFixed(0)}s] ${msg}`);

  const server = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const dbName = `pitwall_container_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  let failed: unknown = null;
  let child: ReturnType<typeof spawn> | null = null;
  try {
    const stage = build(repo, base, log);

    // The final stage's command against a scratch database, as an unprivileged user whose HOME is
    // the only folder it may write (npm's logs); the app's own folder stays root's.
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const dbUrl = new URL(server);
    dbUrl.pathname = `/${dbName}`;
    const port = await freePort();
    const who = userInfo().uid === 0 ? unprivileged(stage.user!) : null;
    mkdirSync(path.join(base, 'home'), { recursive: true });
    if (who) execFileSync('chown', [`${who.uid}:${who.gid}`, path.join(base, 'home')]);
    const env: Record<string, string> = {
      ...npmEnv(base),
      ...stage.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: dbUrl.toString(),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PII_MASTER_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'warn',
    };
    const [cmd, ...args] = stage.cmd!;
    log(`CMD ${stage.cmd!.join(' ')} as ${who ? who.name : userInfo().username}, port ${port}`);
    const running = spawn(cmd!, args, {
      cwd: inStage(stage, '.'),
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
      ...(who ? { uid: who.uid, gid: who.gid } : {}),
    });
    child = running;
    const origin = `http://127.0.0.1:${port}`;
    const home = await waitFor(`${origin}/`, running, 180_000);
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(
      home.headers.get('content-security-policy') ?? '',
    )?.[1];
    if (!scriptSrc?.includes("'nonce-") || scriptSrc.includes("'unsafe-inline'"))
      throw new Error(`the home page's CSP is not production's (script-src ${scriptSrc})`);
    const html = await home.text();
    if (!html.includes('data-page'))
      throw new Error('the home page is not a server-rendered Inertia page');
    if (!/<script[^>]+src="\/assets\//.test(html))
      throw new Error('the home page does not load the built client bundle');
    const body = (await (await waitFor(`${origin}/api/series`, running, 30_000)).json()) as {
      data?: unknown;
    };
    if (!Array.isArray(body.data)) throw new Error('/api/series did not answer a JSON list');
    log(
      "the image serves the home page (server-rendered, built assets, production's CSP) and the JSON API",
    );
  } catch (err) {
    failed = err;
  } finally {
    if (child?.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await new Promise((r) => setTimeout(r, 3000));
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // stopped on SIGTERM
      }
    }
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    } catch {
      // never connected
    }
    if (process.env.CONTAINER_CHECK_KEEP !== '1') rmSync(base, { recursive: true, force: true });
  }
  if (failed) throw failed;
  console.log(
    JSON.stringify({ container_check: 'ok', seconds: Math.round((Date.now() - started) / 1000) }),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
