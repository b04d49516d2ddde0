/**
 * A web child for src/app/web-cluster.int.test.ts: what `npm start` runs in each web process
 * when WEB_CONCURRENCY > 1 (`serveWebChild`), with no client bundle.
 */
import { configOrExit, roleLogger } from '../../src/app/runtime.ts';
import { serveWebChild } from '../../src/app/web-cluster.ts';

const config = configOrExit(1, process.env);
await serveWebChild(config, roleLogger(config, 'web'), { web: { mode: 'none', version: 'v1' } });
