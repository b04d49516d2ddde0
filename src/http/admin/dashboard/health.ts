import type { EventStore } from '../../../eventstore/port.ts';
import type { Knex } from '../../../db/knex.ts';
import type { ProjectionRegistry } from '../../../projections/core/registry.ts';
import { projectionStatuses } from '../../../projections/core/status.ts';
import type { ProjectionHealth } from '../../../../web/pages/Admin/Dashboard.tsx';

/**
 * Lag counting reads the log from each checkpoint; capped so the dashboard stays cheap however
 * far a projection is behind ("≥ 1000 events behind" is all an admin needs to know).
 */
const LAG_CAP = 1000;

/**
 * Every read model of the process's registry with its state and how many events it is behind
 * (capped at LAG_CAP).
 */
export async function projectionHealth(deps: {
  knex: Knex;
  eventStore: EventStore;
  projections: ProjectionRegistry;
}): Promise<ProjectionHealth[]> {
  const rows = await projectionStatuses(deps, deps.projections, { lagCap: LAG_CAP });
  return rows.map((r) => ({
    name: r.name,
    state: r.state,
    lag: r.lag,
    lagCapped: r.lagCapped,
    lastError: r.lastError,
    updatedAt: r.updatedAt ? r.updatedAt.toISOString() : null,
  }));
}
