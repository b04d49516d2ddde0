import type { Knex } from 'knex';

/**
 * Drops the `racing_rating_history` read model (the member/chart_data charts, one row per
 * chart) and its projection's checkpoint. No page or endpoint read it: the driver pages' rating
 * charts come from `racing_driver_history`, which holds every race's ratings. The
 * `DriverRatingHistoryRecorded` events stay in the log, so a projection of them can be rebuilt
 * from it should a reader need the charts.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS racing_rating_history');
  await knex.raw("DELETE FROM projection_checkpoints WHERE name = 'racing_rating_history'");
}

/**
 * Nothing to restore here: code that still registers the projection finds no checkpoint at start-up
 * and builds the table again from the log (src/app/catch-up.ts).
 */
export async function down(): Promise<void> {}
