import type { Knex } from 'knex';
import type { Config } from '../../config.ts';
import { createIracingClientFromConfig, type IracingDataClient } from '../client/index.ts';
import {
  DEFAULT_DEMO_SEED,
  createDemoClient,
  demoClock,
  demoWorld,
  readDemoWorldRecord,
} from '../../demo/racing-world.ts';
import type { IngestSource } from '../pipeline/recorder.ts';

/** Where the ingest fetches from: the configured iRacing account or the demo world. */
export interface ResolvedSource {
  source: Extract<IngestSource, 'iracing' | 'demo'>;
  client: IracingDataClient;
  /** Observation time of what is fetched (the demo world's own "now" for the demo). */
  now: () => Date;
  /** For logs and CLI output. */
  description: string;
}

export type SourceMode = 'auto' | 'iracing' | 'demo';

/**
 * 'iracing': the configured account (null when IRACING_* credentials are missing);
 * 'demo': the demo world this database was seeded with (ingest_demo_world), or the configured
 * default world (SEED_DRIVERS, default seed) when it was never seeded;
 * 'auto' (jobs): iRacing when configured, else the demo.
 */
export async function resolveSource(
  deps: { config: Config; knex: Knex },
  mode: SourceMode,
): Promise<ResolvedSource | null> {
  if (mode !== 'demo') {
    const client = createIracingClientFromConfig(deps.config, { knex: deps.knex });
    if (client) {
      return {
        source: 'iracing',
        client,
        now: () => new Date(),
        description: `iRacing Data API at ${deps.config.IRACING_API_URL}`,
      };
    }
    if (mode === 'iracing') return null;
  }
  const record = await readDemoWorldRecord(deps.knex);
  const params = record
    ? { seed: record.seed, drivers: record.drivers, asOf: record.asOf }
    : { seed: DEFAULT_DEMO_SEED, drivers: deps.config.SEED_DRIVERS || 5000, asOf: null };
  const world = demoWorld(params);
  return {
    source: 'demo',
    client: createDemoClient(world),
    now: demoClock(world),
    description: `demo world (seed ${params.seed}, ${params.drivers.toLocaleString('en')} drivers${params.asOf ? `, as of ${params.asOf}` : ''})`,
  };
}
