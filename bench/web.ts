/**
 * npm run bench:web — the cost of the web platform, one run on this machine (issue 5):
 *  (a) bare Express endpoint, the home page's query, home props as plain JSON (the ceiling),
 *  (b) an Inertia JSON visit to / through the whole app (session, CSRF, helmet, compression,
 *      logging, adapter), 50 connections,
 *  (c) the server-rendered HTML of /, 10 connections.
 * Targets: (b) ≥ 0.8 × (a) req/s; (c) p95 ≤ 50 ms. Requests carry the session cookie a returning
 * browser would send. (a) and (b) are uncompressed (the bare endpoint has no compression); (b) is
 * also measured gzipped for information, and (c) is gzipped as a browser asks for it.
 * The last line printed is one JSON object with the figures.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { rm } from 'node:fs/promises';
import autocannon from 'autocannon';
import { buildWebBundle } from '../tests/e2e/support/build.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

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

async function measure(
  label: string,
  url: string,
  connections: number,
  headers: Record<string, string>,
): Promise<Figures> {
  // Warm-up (JIT, pools), not counted.
  await autocannon({ url, connections, duration: 2, headers });
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: DURATION_S, headers }, (err, res) =>
      err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(res),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  const figures: Figures = {
    rps: Math.round(result.requests.average),
    p50_ms: Number(percentile(latencies, 50).toFixed(2)),
    p95_ms: Number(percentile(latencies, 95).toFixed(2)),
    non2xx: result.non2xx,
  };
  console.log(`${label}: ${JSON.stringify(figures)}`);
  return figures;
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

  // A returning browser: its session and XSRF cookies, and the asset version it was given.
  const first = await fetch(`${ready.app}/`);
  const cookie = first.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (first.status !== 200) throw new Error(`GET / answered ${first.status}`);

  const a = await measure('(a) bare JSON', `${ready.bare}/`, 50, { Accept: 'application/json' });
  const inertiaHeaders = {
    Cookie: cookie,
    'X-Inertia': 'true',
    'X-Requested-With': 'XMLHttpRequest',
    'X-Inertia-Version': ready.version,
    Accept: 'text/html, application/xhtml+xml',
  };
  // Like (a), uncompressed: the figure that compares the adapter and middleware with the ceiling.
  const b = await measure('(b) Inertia JSON', `${ready.app}/`, 50, inertiaHeaders);
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
