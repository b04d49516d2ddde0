import { z } from 'zod';
import {
  seasonWithoutSeriesError,
  setupAuthor,
  setupCarId,
  setupConditions,
  setupFile,
  setupLapTime,
  setupNotes,
  setupSeasonId,
  setupSeriesId,
  setupTrackId,
  setupTypeRule,
} from './rules.ts';

/** Setup commands: input schemas and the union the decider handles. */

const fields = {
  carId: setupCarId,
  trackId: setupTrackId,
  seriesId: setupSeriesId,
  seasonId: setupSeasonId,
  type: setupTypeRule,
  lapTime: setupLapTime,
  conditions: setupConditions,
  notes: setupNotes,
  author: setupAuthor,
  file: setupFile,
};

export const createSetupInput = z.object({ setupId: z.uuid(), ...fields }).superRefine((v, ctx) => {
  const error = seasonWithoutSeriesError(v.seriesId, v.seasonId);
  if (error) ctx.addIssue({ code: 'custom', path: ['seriesId'], message: error });
});

/** Partial: an absent field stays; the series/season pair is re-checked on the whole setup. */
export const updateSetupInput = z.object({
  setupId: z.uuid(),
  carId: fields.carId.optional(),
  trackId: fields.trackId.optional(),
  seriesId: fields.seriesId.optional(),
  seasonId: fields.seasonId.optional(),
  type: fields.type.optional(),
  lapTime: fields.lapTime.optional(),
  conditions: fields.conditions.optional(),
  notes: fields.notes.optional(),
  author: fields.author.optional(),
  file: fields.file.optional(),
});

export type CreateSetup = { type: 'CreateSetup'; data: z.output<typeof createSetupInput> };
export type UpdateSetup = { type: 'UpdateSetup'; data: z.output<typeof updateSetupInput> };
export type DeleteSetup = { type: 'DeleteSetup'; data: { setupId: string } };
export type SetupCommand = CreateSetup | UpdateSetup | DeleteSetup;
