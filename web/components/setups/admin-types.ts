import type { SetupOption, SetupType } from '../../generated/dtos.ts';

/** What the admin setup pages declare; src/http/admin/setups/pages.ts renders them. */
export interface SetupLimits {
  conditionsMax: number;
  notesMax: number;
  authorMax: number;
  fileMaxBytes: number;
}

/** What the form may pick: the racing catalog's cars, track layouts, series and seasons. */
export interface SetupFormOptions {
  cars: SetupOption[];
  tracks: SetupOption[];
  series: SetupOption[];
  seasons: (SetupOption & { seriesId: number })[];
}

export interface SetupFormFields {
  carId: string;
  trackId: string;
  seriesId: string;
  seasonId: string;
  type: SetupType;
  /** As typed, m:ss.mmm, or empty. */
  lapTime: string;
  conditions: string;
  notes: string;
  author: string;
}

export interface AdminSetupEdit extends SetupFormFields {
  id: string;
  revision: string;
}

export interface SetupFileInfo {
  fileId: string;
  fileName: string;
  byteSize: number;
  sha256: string;
}
