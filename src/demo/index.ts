/**
 * The demo: a deterministic iRacing world (src/demo/iracing) ingested through the real client and
 * pipeline, and demo content written through the real commands. Nothing here inserts rows into
 * read models; everything travels the path real data takes. See docs/demo-data.md.
 */
export { seedDemoContent } from './seed.ts';
export { demoArticleId, demoArticles, seedDemoArticles } from './articles.ts';
export { demoTeamId, demoTeams, seedDemoTeams } from './teams.ts';
export { demoProId, demoPros, seedDemoPros } from './pros.ts';
export { demoRecruiterId, demoRecruitmentProfileId, seedDemoRecruitment } from './recruitment.ts';
export { demoGear, demoGearId, demoGearOfPro, seedDemoGear } from './gear.ts';
export { DEMO_SETUP_COUNT, demoSetup, seedDemoSetups } from './setups.ts';
export {
  DEFAULT_SEED_DRIVERS,
  seedDemoData,
  type SeedDeps,
  type SeedOptions,
  type SeedPhase,
  type SeedProgress,
  type SeedReport,
} from './racing-seed.ts';
export {
  DEMO_API_URL,
  DEFAULT_DEMO_SEED,
  createDemoClient,
  demoClock,
  demoWorld,
  readDemoWorldRecord,
  type DemoWorldParams,
  type DemoWorldRecord,
} from './racing-world.ts';
