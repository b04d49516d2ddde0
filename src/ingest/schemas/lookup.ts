import { z } from 'zod';
import { int } from './common.ts';

/** lookup/licenses (fixture GetLicenseLookupsSuccessfulAsync): the seven licence groups and their 28 levels. */
export const LicenceLevel = z.looseObject({
  license_id: int,
  license_group: int,
  license: z.string(),
  short_name: z.string(),
  license_letter: z.string(),
  color: z.string(),
});
export type LicenceLevel = z.infer<typeof LicenceLevel>;

export const LicenceGroup = z.looseObject({
  license_group: int,
  group_name: z.string(),
  min_num_races: int.nullable().optional(),
  participation_credits: int.optional(),
  min_sr_to_fast_track: int.nullable().optional(),
  min_num_tt: int.nullable().optional(),
  levels: z.array(LicenceLevel),
});
export type LicenceGroup = z.infer<typeof LicenceGroup>;

export const LicenceGroups = z.array(LicenceGroup);

/** lookup/get (fixture GetLookupsSuccessfulAsync): tagged groups of typed value lists. */
export const LookupGroup = z.looseObject({
  tag: z.string(),
  lookups: z.array(
    z.looseObject({
      lookup_type: z.string(),
      lookup_values: z.array(
        z.looseObject({
          value: z.string(),
          name: z.string().optional(),
          description: z.string().optional(),
          seq: int.optional(),
        }),
      ),
    }),
  ),
});
export type LookupGroup = z.infer<typeof LookupGroup>;

export const LookupGroups = z.array(LookupGroup);
