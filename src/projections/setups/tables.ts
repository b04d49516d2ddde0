/**
 * Tables of the `setups` read model (filled only by projection.ts). src/queries/setups.ts reads
 * them, joining the racing catalog (car and track names), the series read model and the
 * `setup_downloads` counter (migration 0085, not part of this read model: a rebuild keeps it).
 *
 * setups: one row per setup that exists.
 *   id uuid PK · car_id · track_id · series_id · season_id · type · lap_time (1/10000 s) ·
 *   conditions · notes · author · file_id · file_name · file_size · file_sha256 ·
 *   created_at · updated_at
 */
export const SETUPS_TABLE = 'setups';
export const SETUP_DOWNLOADS_TABLE = 'setup_downloads';

export interface SetupRow {
  id: string;
  car_id: number;
  track_id: number;
  series_id: number | null;
  season_id: number | null;
  type: string;
  lap_time: number | null;
  conditions: string | null;
  notes: string | null;
  author: string;
  file_id: string;
  file_name: string;
  file_size: number;
  file_sha256: string;
  created_at: Date;
  updated_at: Date;
}
