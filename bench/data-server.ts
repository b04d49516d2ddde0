/**
 * The app measured by bench/data.ts (bench/support/bench-app.ts): the real Express app, no client
 * bundle (the JSON API renders no pages), on the bench database given as argv[2], from
 * BENCH_WEB_PROCESSES web processes (bench/data.ts passes its choice). Prints one JSON line
 * `{url, webProcesses}` when it listens; closes on SIGTERM.
 */
import { serveBenchApp } from './support/bench-app.ts';

const databaseUrl = process.argv[2];
if (!databaseUrl) throw new Error('usage: data-server.ts <databaseUrl>');

await serveBenchApp({ databaseUrl, web: { mode: 'none', version: 'bench' } });
