/**
 * The setup shapes pages receive. They mirror the DTOs of src/queries/setups.ts (web/ never
 * imports src/); the server's typed `render(name, props)` checks the two agree.
 */
export type SetupType = 'race' | 'qualifying' | 'time_trial';
export type SetupSort = 'newest' | 'lapTime' | 'downloads' | 'car' | 'track';

export const SETUP_TYPE_NAMES: Record<SetupType, string> = {
  race: 'Race',
  qualifying: 'Qualifying',
  time_trial: 'Time trial',
};

export interface Setup {
  id: string;
  car: { carId: number; carName: string };
  track: { trackId: number; trackName: string; configName: string | null };
  series: { seriesId: number; name: string } | null;
  season: { seasonId: number; name: string } | null;
  type: SetupType;
  /** iRacing units (1/10000 s). */
  lapTime: number | null;
  conditions: string | null;
  notes: string | null;
  author: string;
  file: { fileName: string; byteSize: number; sha256: string };
  downloads: number;
  createdAt: string;
  updatedAt: string;
}

export interface SetupOption {
  id: number;
  name: string;
}

export interface SetupFilters {
  car: number | null;
  track: number | null;
  series: number | null;
  type: SetupType | null;
  sort: SetupSort;
}

/** "Spa – Grand Prix": the config only when it differs from the track's name. */
export function setupTrackLabel(track: Setup['track']): string {
  return track.configName && track.configName !== track.trackName
    ? `${track.trackName} – ${track.configName}`
    : track.trackName;
}

/** "12.3 KiB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
}
