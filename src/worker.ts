import { configOrExit, openRuntime, productionUnlessSet, roleLogger } from './app/runtime.ts';

/**
 * `npm run worker`: the workers alone (projections, ingest jobs, the safety poll) on the
 * runtime of the configuration; SIGINT/SIGTERM closes it in reverse order. Production unless
 * NODE_ENV says otherwise, as `npm start`: JSON log lines.
 */
productionUnlessSet();
const config = configOrExit(1);
const logger = roleLogger(config, 'worker');
try {
  const rt = await openRuntime(config, { role: 'worker', logger });
  logger.info({ backend: rt.jobs.backend, projections: rt.projections.names }, 'worker running');
} catch (err) {
  logger.fatal({ err }, 'start-up failed');
  process.exit(1);
}
