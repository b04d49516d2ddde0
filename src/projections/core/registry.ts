import type { Projection } from './types.ts';

/** Projection names become part of lock keys and the shadow schema name: keep them identifiers. */
const NAME = /^[a-z][a-z0-9_]{0,39}$/;
const TABLE = /^[a-z_][a-z0-9_]{0,62}$/;

export class UnknownProjectionError extends Error {
  override readonly name = 'UnknownProjectionError';
  constructor(
    readonly projection: string,
    readonly known: readonly string[],
  ) {
    super(
      `Unknown projection ${JSON.stringify(projection)}; known: ${known.join(', ') || '(none)'}`,
    );
  }
}

/**
 * The validated set of projections a process runs. Guarantees, checked at construction so a bad
 * declaration stops the process at start rather than corrupting a rebuild: names are unique
 * lower-case identifiers, versions are integers ≥ 1, every table belongs to exactly one
 * projection, every projection handles at least one event type, and every one that replays
 * history owns at least one table.
 */
export class ProjectionRegistry {
  private readonly byName: ReadonlyMap<string, Projection>;

  constructor(projections: readonly Projection[]) {
    const byName = new Map<string, Projection>();
    const tableOwner = new Map<string, string>();
    for (const p of projections) {
      if (!NAME.test(p.name))
        throw new TypeError(`Projection name ${JSON.stringify(p.name)} must match ${NAME}`);
      if (byName.has(p.name)) throw new TypeError(`Projection ${p.name} is registered twice`);
      if (!Number.isInteger(p.version) || p.version < 1) {
        throw new TypeError(
          `Projection ${p.name}: version must be an integer ≥ 1, got ${p.version}`,
        );
      }
      if (p.eventTypes.length === 0)
        throw new TypeError(`Projection ${p.name} handles no event types`);
      if (p.tables.length === 0 && p.startAt !== 'head') {
        throw new TypeError(
          `Projection ${p.name} owns no tables (only a startAt: 'head' processor may)`,
        );
      }
      for (const t of p.tables) {
        if (!TABLE.test(t))
          throw new TypeError(
            `Projection ${p.name}: table name ${JSON.stringify(t)} is not a plain identifier`,
          );
        const owner = tableOwner.get(t);
        if (owner !== undefined)
          throw new TypeError(`Table ${t} is owned by both ${owner} and ${p.name}`);
        tableOwner.set(t, p.name);
      }
      byName.set(p.name, p);
    }
    this.byName = byName;
  }

  get all(): readonly Projection[] {
    return [...this.byName.values()];
  }

  get names(): readonly string[] {
    return [...this.byName.keys()];
  }

  /** Throws UnknownProjectionError for a name that is not registered. */
  get(name: string): Projection {
    const p = this.byName.get(name);
    if (!p) throw new UnknownProjectionError(name, this.names);
    return p;
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** `'all'` or a list of names → projections, in registration order; unknown names throw. */
  select(names: readonly string[] | 'all'): Projection[] {
    return names === 'all' ? [...this.byName.values()] : names.map((n) => this.get(n));
  }

  /** The projections that handle at least one of these event types. */
  affectedBy(eventTypes: readonly string[]): Projection[] {
    const types = new Set(eventTypes);
    return this.all.filter((p) => p.eventTypes.some((t) => types.has(t)));
  }
}

export function createProjectionRegistry(projections: readonly Projection[]): ProjectionRegistry {
  return new ProjectionRegistry(projections);
}
