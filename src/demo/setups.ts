import type { Knex } from 'knex';
import { createSetup, loadSetup, type SetupCommandDeps } from '../commands/setups/handlers.ts';
import type { SetupType } from '../events/setup.ts';
import type { Position } from '../eventstore/port.ts';
import { demoSetupFile } from '../files/demo-setup-file.ts';
import { storeFile } from '../files/store.ts';
import { carClassById } from './iracing/catalog/cars.ts';
import { licenceCategory } from './iracing/catalog/categories.ts';
import { SERIES } from './iracing/catalog/series.ts';
import { tracksOf } from './iracing/catalog/tracks.ts';
import { demoUuid, seededPicker } from './ids.ts';

/**
 * The demo setups: DEMO_SETUP_COUNT setups for the cars of the demo world's series on tracks of
 * their category (so the series' setups views have some), two in three filed under their
 * series. Each one's file is a deterministic stand-in (demoSetupFile) stored through the files
 * module, then the setup is created through the command — ids from the index, so a second start
 * appends nothing and a setup an admin deleted stays deleted.
 */
export const DEMO_SETUP_COUNT = 200;

const AUTHORS = [
  'Lena Hartmann',
  'Marco Vitale',
  'Apex Setup Shop',
  'Kenji Arai',
  'Coastline Engineering',
  'Sofia Lindqvist',
  'Grid Zero Setups',
  'Tom Okafor',
] as const;
const CONDITIONS = [
  'Dry, 22 °C air, rubbered track',
  'Dry, 30 °C air, hot track',
  'Dry, 14 °C air, green track',
  'Overcast, 18 °C air',
  'Night, 16 °C air',
  null,
] as const;
const NOTES = [
  'Stable on entry; a click of rear wing if the rear steps out in the fast corners.',
  'Low fuel for qualifying: one lap of tyre warm-up, then push.',
  'Safe race setup: easy on the rear tyres over a full stint.',
  'Aggressive rotation; lower the brake bias one step for the opening laps.',
  null,
] as const;
const TYPES: readonly SetupType[] = ['race', 'race', 'qualifying', 'time_trial'];

export interface DemoSetup {
  setupId: string;
  carId: number;
  carName: string;
  trackId: number;
  seriesId: number | null;
  type: SetupType;
  lapTime: number;
  conditions: string | null;
  notes: string | null;
  author: string;
  fileName: string;
  content: Buffer;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The i-th demo setup (0-based), the same on every machine. */
export function demoSetup(index: number): DemoSetup {
  const pick = seededPicker(9_000 + index);
  const series = SERIES[index % SERIES.length]!;
  const classes = series.carClassIds.map(carClassById);
  const cls = classes[pick.int(classes.length)]!;
  const car = cls.cars[pick.int(cls.cars.length)]!;
  const tracks = tracksOf(licenceCategory(series.category).trackCategory);
  const track = tracks[pick.int(tracks.length)]!;
  const type = TYPES[pick.int(TYPES.length)]!;
  // A lap a little off the class's alien pace, to the millisecond (units of 1/10000 s).
  const seconds = track.referenceLap * cls.paceFactor * (1.01 + pick.next() * 0.04);
  const lapTime = Math.round(seconds * 1000) * 10;
  const author = AUTHORS[pick.int(AUTHORS.length)]!;
  const setupId = demoUuid('setup', String(index));
  const fileName = `${slug(car.abbreviation || car.name)}-${slug(track.name)}-${type}.sto`;
  return {
    setupId,
    carId: car.carId,
    carName: car.name,
    trackId: track.trackId,
    seriesId: index % 3 === 0 ? null : series.seriesId,
    type,
    lapTime,
    conditions: CONDITIONS[pick.int(CONDITIONS.length)] ?? null,
    notes: NOTES[pick.int(NOTES.length)] ?? null,
    author,
    fileName,
    content: demoSetupFile({
      seed: index,
      carId: car.carId,
      trackId: track.trackId,
      lines: [`${car.name} @ ${track.name} ${track.config}`, `Type ${type}`, `Author ${author}`],
    }),
  };
}

/** Creates the demo setups (file, then command); idempotent. */
export async function seedDemoSetups(
  deps: SetupCommandDeps & { knex: Knex },
  count = DEMO_SETUP_COUNT,
): Promise<{ created: number; position: Position | null }> {
  const result = { created: 0, position: null as Position | null };
  const demoDeps: SetupCommandDeps = {
    ...deps,
    actor: deps.actor ?? { type: 'system', id: 'seed' },
  };
  for (let i = 0; i < count; i++) {
    const setup = demoSetup(i);
    if ((await loadSetup(deps.eventStore, setup.setupId)).state.status !== 'absent') continue;
    const file = await storeFile(deps.knex, {
      fileId: demoUuid('setup-file', String(i)),
      kind: 'setup',
      fileName: setup.fileName,
      mediaType: 'application/octet-stream',
      content: setup.content,
    });
    const created = await createSetup(demoDeps, {
      setupId: setup.setupId,
      carId: setup.carId,
      trackId: setup.trackId,
      seriesId: setup.seriesId,
      seasonId: null,
      type: setup.type,
      lapTime: setup.lapTime,
      conditions: setup.conditions,
      notes: setup.notes,
      author: setup.author,
      file,
    });
    result.created += 1;
    result.position = created.position;
  }
  return result;
}
