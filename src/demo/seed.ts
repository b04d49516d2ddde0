import type { Config } from '../config.ts';
import type { Knex } from '../db/knex.ts';
import type { EventStore, Position } from '../eventstore/port.ts';
import type { JobSystem } from '../jobs/system.ts';
import type { Logger } from '../logger.ts';
import { seedDemoArticles } from './articles.ts';
import { seedDemoData } from './racing-seed.ts';
import { DEFAULT_DEMO_SEED, demoWorld, demoWorldParamsFor } from './racing-world.ts';
import { demoGearOfPro, seedDemoGear } from './gear.ts';
import { seedDemoPros } from './pros.ts';
import { seedDemoSetups } from './setups.ts';
import { seedDemoRecruitment } from './recruitment.ts';
import { seedDemoTeams } from './teams.ts';

export interface SeedDeps {
  config: Config;
  knex: Knex;
  eventStore: EventStore;
  jobs: JobSystem;
  logger: Logger;
}

/**
 * Demo content for the embedded default, written through commands and the real ingest path
 * (never by inserting rows): news articles, teams, gear, pro drivers, setups, recruitment profiles, then a racing world of SEED_DRIVERS drivers.
 * Idempotent: deterministic ids and payloads, so a second start appends nothing. Projections
 * are woken by the appends; pages fill in as the workers catch up.
 */
export async function seedDemoContent(deps: SeedDeps, signal?: AbortSignal): Promise<void> {
  const logger = deps.logger.child({ component: 'seed' });
  const notifyAppended = (a: { position: Position; eventTypes: readonly string[] }) =>
    deps.jobs.notifyAppended(a.position, a.eventTypes);
  const articles = await seedDemoArticles({
    eventStore: deps.eventStore,
    notifyAppended,
    logger,
    actor: { type: 'system', id: 'seed' },
  });
  if (articles.created.length > 0)
    logger.info({ created: articles.created.length }, 'demo articles created');
  // Team members and pros are drivers of the racing world seeded below (built once, then reused).
  const commandDeps = {
    eventStore: deps.eventStore,
    notifyAppended,
    logger,
    actor: { type: 'system' as const, id: 'seed' },
  };
  // The world's "now" is anchored to the day of the first seed (kept by later starts).
  const params = await demoWorldParamsFor(deps.knex, {
    seed: DEFAULT_DEMO_SEED,
    drivers: deps.config.SEED_DRIVERS,
    today: new Date(),
  });
  const worldDrivers = () =>
    deps.config.SEED_DRIVERS > 0 ? Array.from(demoWorld(params).drivers.custId) : [];
  const teams = await seedDemoTeams({ ...commandDeps, knex: deps.knex }, worldDrivers);
  if (teams.created.length > 0 || teams.logosAdded.length > 0)
    logger.info(
      { created: teams.created.length, logosAdded: teams.logosAdded.length },
      'demo teams created',
    );
  const gear = await seedDemoGear(commandDeps);
  if (gear.created > 0) logger.info({ created: gear.created }, 'demo gear created');
  const pros = await seedDemoPros(commandDeps, worldDrivers, demoGearOfPro);
  if (pros.created.length > 0) logger.info({ created: pros.created.length }, 'demo pros created');
  const setups = await seedDemoSetups({ ...commandDeps, knex: deps.knex });
  if (setups.created > 0) logger.info({ created: setups.created }, 'demo setups created');
  const recruitment = await seedDemoRecruitment(commandDeps, worldDrivers);
  if (recruitment.created > 0)
    logger.info({ created: recruitment.created }, 'demo recruitment profiles created');

  let lastLog = 0;
  const report = await seedDemoData({
    deps: { knex: deps.knex, eventStore: deps.eventStore, logger, jobs: deps.jobs },
    drivers: deps.config.SEED_DRIVERS,
    asOf: params.asOf,
    skipIfSeeded: true,
    ...(signal ? { signal } : {}),
    onProgress: (p) => {
      if (p.elapsedMs - lastLog < 5_000 && p.phase !== 'done') return;
      lastLog = p.elapsedMs;
      logger.info(
        {
          phase: p.phase,
          done: p.done,
          total: p.total,
          events: p.appended,
          eventsPerSecond: Math.round(p.eventsPerSecond),
        },
        'seeding demo racing data',
      );
    },
  });
  if (report.skipped) logger.info({ drivers: report.drivers }, 'demo racing data already seeded');
  else if (signal?.aborted)
    // Not recorded as seeded: the next start ingests again, and what is already in the log
    // appends nothing (ingest is idempotent), so it carries on where this one stopped.
    logger.info(
      { events: report.counts?.appended },
      'demo racing data seeding stopped by shutdown; the next start resumes it',
    );
  else
    logger.info(
      {
        drivers: report.drivers,
        seconds: Math.round(report.elapsedMs / 1000),
        events: report.counts?.appended,
      },
      'demo racing data seeded',
    );
}
