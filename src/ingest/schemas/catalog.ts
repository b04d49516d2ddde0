import { z } from 'zod';
import { int, timestamp } from './common.ts';

/**
 * car/get and track/get: the catalogs. NO recorded fixture exists for them in
 * ../shared/fixtures/iracing-data-api; these schemas follow the field names iRacing's /data/doc
 * lists and require only what Pitwall shows. Treat them as unverified against real payloads.
 */

export const CarInfo = z.looseObject({
  car_id: int,
  car_name: z.string(),
  car_name_abbreviated: z.string().optional(),
  car_dirpath: z.string().optional(),
  car_types: z.array(z.looseObject({ car_type: z.string() })).optional(),
  categories: z.array(z.string()).optional(),
  free_with_subscription: z.boolean().optional(),
  hp: int.optional(),
  car_weight: z.number().optional(),
  price: z.number().optional(),
  retired: z.boolean().optional(),
  created: timestamp.optional(),
  package_id: int.optional(),
});
export type CarInfo = z.infer<typeof CarInfo>;

export const CarInfos = z.array(CarInfo);

export const TrackInfo = z.looseObject({
  track_id: int,
  track_name: z.string(),
  config_name: z.string().optional(),
  category_id: int,
  category: z.string(),
  track_config_length: z.number().optional(),
  corners_per_lap: int.optional(),
  location: z.string().optional(),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
  time_zone: z.string().optional(),
  free_with_subscription: z.boolean().optional(),
  retired: z.boolean().optional(),
  is_dirt: z.boolean().optional(),
  is_oval: z.boolean().optional(),
  package_id: int.optional(),
  track_types: z.array(z.looseObject({ track_type: z.string() })).optional(),
});
export type TrackInfo = z.infer<typeof TrackInfo>;

export const TrackInfos = z.array(TrackInfo);
