/**
 * npm run bench:web — the cost of the web platform, one run on this machine:
 *  (a) bare Express endpoint, the home page's query, home props as plain JSON (the ceiling),
 *  (b) an Inertia JSON visit to / through the whole app as `npm start` runs it (request log,
 *      security headers, compression layer, session, CSRF, body parsers, passport, adapter),
 *      50 connections,
 *  (c) the server-rendered HTML of /, 10 connections.
 * Targets: (b) ≥ 0.8 × (a) req/s; (c) p95 ≤ 50 ms. Requests carry the cookies a returning reader's
 * browser sends: the XSRF-TOKEN the first visit set (reading stores no session, so there is no
 * session cookie; see docs/web.md). (a) and (b) are uncompressed (the bare endpoint has no
 * compression) and run in alternating rounds; (b) is also measured gzipped for information, and
 * (c) is gzipped as a browser asks for it.
 * The last line printed is one JSON object with the figures.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { rm } from 'node:fs/promises';
import autocannon from 'autocannon';
import { buildWebBundle } from '../tests/e2e/support/build.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
/** Alternating rounds of (a) and (b); each round runs DURATION_S / ROUNDS seconds per side. */
const ROUNDS = 3;

interface Figures {
  rps: number;
  p50_ms: number;
  p95_ms: number;
  non2xx: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Sample {
  requests: number;
  seconds: number;
  latencies: number[];
  non2xx: number;
}

/** One timed autocannon run (after a 2 s warm-up that is not counted). */
async function sample(
  url: string,
  connections: number,
  headers: Record<string, string>,
  seconds: number,
): Promise<Sample> {
  await autocannon({ url, connections, duration: 2, headers });
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, headers }, (err, res) =>
      err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(res),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
  return {
    requests: result.requests.total,
    seconds: result.duration,
    latencies,
    non2xx: result.non2xx,
  };
}

function figuresOf(label: string, samples: Sample[]): Figures {
  const latencies = samples.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const requests = samples.reduce((n, s) => n + s.requests, 0);
  const seconds = samples.reduce((n, s) => n + s.seconds, 0);
  const figures: Figures = {
    rps: Math.round(requests / seconds),
    p50_ms: Number(percentile(latencies, 50).toFixed(2)),
    p95_ms: Number(percentile(latencies, 95).toFixed(2)),
    non2xx: samples.reduce((n, s) => n + s.non2xx, 0),
  };
  console.log(`${label}: ${JSON.stringify(figures)}`);
  return figures;
}

async function measure(
  label: string,
  url: string,
  connections: number,
  headers: Record<string, string>,
): Promise<Figures> {
  return figuresOf(label, [await sample(url, connections, headers, DURATION_S)]);
}

/**
 * (a) and (b) in ROUNDS alternating rounds (the order flips each round), so a burst of load
 * from elsewhere on the machine hits both alike and their ratio stays comparable.
 */
async function measurePair(
  a: { label: string; url: string; headers: Record<string, string> },
  b: { label: string; url: string; headers: Record<string, string> },
  connections: number,
): Promise<[Figures, Figures]> {
  const samplesA: Sample[] = [];
  const samplesB: Sample[] = [];
  const seconds = Math.max(2, Math.round(DURATION_S / ROUNDS));
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [a, b] : [b, a];
    for (const side of order) {
      const s = await sample(side.url, connections, side.headers, seconds);
      (side === a ? samplesA : samplesB).push(s);
      console.log(
        `  round ${round + 1}/${ROUNDS} ${side.label}: ${Math.round(s.requests / s.seconds)} req/s`,
      );
    }
  }
  return [figuresOf(a.label, samplesA), figuresOf(b.label, samplesB)];
}

const buildDir = await buildWebBundle();
const child = spawn(process.execPath, ['--import', 'tsx', 'bench/web-server.ts', buildDir], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  const ready = await new Promise<{ bare: string; app: string; version: string }>(
    (resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
      const lines = createInterface({ input: child.stdout });
      lines.on('line', (line) => {
        if (line.startsWith('{'))
          resolve(JSON.parse(line) as { bare: string; app: string; version: string });
      });
    },
  );

  // A returning reader: the cookies the first visit set, and the asset version it was given.
  const first = await fetch(`${ready.app}/`);
  const cookie = first.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (first.status !== 200) throw new Error(`GET / answered ${first.status}`);

  const inertiaHeaders = {
    Cookie: cookie,
    'X-Inertia': 'true',
    'X-Requested-With': 'XMLHttpRequest',
    'X-Inertia-Version': ready.version,
    Accept: 'text/html, application/xhtml+xml',
  };
  // Both uncompressed ((a) cannot compress): the figures that compare the adapter and
  // middleware with the ceiling.
  const [a, b] = await measurePair(
    { label: '(a) bare JSON', url: `${ready.bare}/`, headers: { Accept: 'application/json' } },
    { label: '(b) Inertia JSON', url: `${ready.app}/`, headers: inertiaHeaders },
    50,
  );
  // For information: the same visit gzipped, as a browser asks for it ((a) cannot compress).
  const bGzip = await measure('(b, gzip) Inertia JSON', `${ready.app}/`, 50, {
    ...inertiaHeaders,
    'Accept-Encoding': 'gzip',
  });
  const c = await measure('(c) SSR HTML', `${ready.app}/`, 10, {
    Cookie: cookie,
    Accept: 'text/html',
    'Accept-Encoding': 'gzip',
  });
  const ratio = Number((b.rps / a.rps).toFixed(3));
  console.log(
    JSON.stringify({
      bare_json_50c: a,
      inertia_json_50c: b,
      inertia_json_gzip_50c: bGzip,
      ssr_html_10c: c,
      inertia_to_bare_ratio: ratio,
      targets: { inertia_ge_0_8_bare: ratio >= 0.8, ssr_p95_le_50ms: c.p95_ms <= 50 },
      duration_s: DURATION_S,
    }),
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  await rm(buildDir, { recursive: true, force: true });
}
