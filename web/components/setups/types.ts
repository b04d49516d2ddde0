/**
 * What the setup pages hold beside the server's DTOs (web/generated/dtos.ts): the type names,
 * the filters of a list URL, and the labels of a track and a file size.
 */
import type { SetupDto, SetupSort, SetupType } from '../../generated/dtos.ts';

export const SETUP_TYPE_NAMES: Record<SetupType, string> = {
  race: 'Race',
  qualifying: 'Qualifying',
  time_trial: 'Time trial',
};

export interface SetupFilters {
  car: number | null;
  track: number | null;
  series: number | null;
  type: SetupType | null;
  sort: SetupSort;
}

/** "Spa – Grand Prix": the config only when it differs from the track's name. */
export function setupTrackLabel(track: SetupDto['track']): string {
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
