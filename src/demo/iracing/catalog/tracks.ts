import { z } from 'zod';
import { TRACK_CATEGORY_KEYS, type TrackCategoryKey } from './categories.ts';
import { assertUnique, cell, loadCsv } from './data.ts';

/**
 * The track configurations of the demo world (data/tracks.csv). As in the API, every
 * configuration of a venue has its own `track_id`; `track_name` is the venue and `config_name`
 * the layout. Ids that also occur in the recorded fixtures keep the fixture's value (Nordschleife
 * 249, Barcelona Historic 349, Circuit Gilles Villeneuve 218, Daytona oval 191, Monza 239, Fuji
 * 444, Hockenheim 390).
 *
 * `referenceLap` is the lap, in seconds, of an alien-level driver in the category's reference car
 * class (road: Mazda MX-5 Cup; oval: NASCAR Cup Next Gen; dirt oval: 410 sprint car; dirt road:
 * rallycross supercar). Car classes scale it by their pace factor (cars.ts).
 */
export interface TrackConfig {
  trackId: number;
  name: string;
  config: string;
  category: TrackCategoryKey;
  lengthKm: number;
  corners: number;
  referenceLap: number;
  location: string;
  timeZone: string;
  latitude: number;
  longitude: number;
  /** The venue's packages share one id, as `package_id` does in track/get. */
  packageId: number;
  freeWithSubscription: boolean;
}

const TrackRow = z.object({
  trackId: cell.int,
  category: z.enum(TRACK_CATEGORY_KEYS),
  name: cell.text,
  config: cell.text,
  lengthKm: cell.number,
  corners: cell.int,
  referenceLap: cell.number,
  location: cell.text,
  timeZone: cell.text,
  latitude: cell.number,
  longitude: cell.number,
  free: cell.bool,
});

/**
 * Every configuration, in the file's order (road, oval, dirt oval, dirt road; the schedules draw
 * from it in that order). The configurations of a venue share one package id, numbered by the
 * venue's first appearance.
 */
export const TRACKS: readonly TrackConfig[] = (() => {
  const packages = new Map<string, number>();
  const tracks = loadCsv('tracks.csv', TrackRow).map((row): TrackConfig => {
    const packageId = packages.get(row.name) ?? 100 + packages.size * 3;
    packages.set(row.name, packageId);
    return {
      trackId: row.trackId,
      name: row.name,
      config: row.config,
      category: row.category,
      lengthKm: row.lengthKm,
      corners: row.corners,
      referenceLap: row.referenceLap,
      location: row.location,
      timeZone: row.timeZone,
      latitude: row.latitude,
      longitude: row.longitude,
      packageId,
      freeWithSubscription: row.free,
    };
  });
  assertUnique('tracks.csv', tracks, (t) => t.trackId);
  return tracks;
})();

const BY_ID = new Map(TRACKS.map((t) => [t.trackId, t]));

export function trackById(trackId: number): TrackConfig {
  const track = BY_ID.get(trackId);
  if (!track) throw new RangeError(`unknown demo track ${trackId}`);
  return track;
}

export function tracksOf(category: TrackCategoryKey): TrackConfig[] {
  return TRACKS.filter((t) => t.category === category);
}
