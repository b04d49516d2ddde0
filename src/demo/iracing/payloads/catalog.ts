import type {
  CarInfo,
  LicenceGroup,
  LookupGroup,
  TrackInfo,
} from '../../../ingest/schemas/index.ts';
import { LICENCE_GROUPS } from '../../../domain/index.ts';
import { TRACK_CATEGORIES } from '../catalog/categories.ts';
import { CAR_CLASSES } from '../catalog/cars.ts';
import { groupColour, licenceLookupPayload } from '../catalog/licences.ts';
import { TRACKS } from '../catalog/tracks.ts';

const CATALOG_CREATED = '2008-06-01T00:00:00Z';

/** car/get: every car, with the field names iRacing documents. */
export function carCatalog(): CarInfo[] {
  return CAR_CLASSES.flatMap((cls) =>
    cls.cars.map((car) => ({
      ai_enabled: false,
      allow_number_colors: true,
      allow_sponsor1: true,
      allow_sponsor2: true,
      allow_wheel_color: true,
      car_dirpath: car.dirpath,
      car_id: car.carId,
      car_name: car.name,
      car_name_abbreviated: car.abbreviation,
      car_types: car.carTypes.map((car_type) => ({ car_type })),
      car_weight: car.weightLbs,
      categories: [cls.category],
      created: CATALOG_CREATED,
      first_sale: CATALOG_CREATED,
      free_with_subscription: car.free,
      has_headlights: cls.category === 'sports_car',
      has_multiple_dry_tire_types: false,
      hp: car.hp,
      max_power_adjust_pct: 0,
      max_weight_penalty_kg: 250,
      min_power_adjust_pct: -5,
      package_id: 1000 + car.carId,
      patterns: 30,
      price: car.free ? 0 : 11.95,
      price_display: car.free ? '0.00' : '11.95',
      rain_enabled: cls.category === 'sports_car' || cls.category === 'formula_car',
      retired: false,
      search_filters: `${cls.category},${car.carTypes.join(',')}`,
      sku: 10_000 + car.carId,
    })),
  );
}

/** carclass/get: every car class with its cars. */
export function carClassCatalog() {
  return CAR_CLASSES.map((cls) => ({
    car_class_id: cls.carClassId,
    cars_in_class: cls.cars.map((car) => ({
      car_dirpath: car.dirpath,
      car_id: car.carId,
      rain_enabled: false,
      retired: false,
    })),
    cust_id: 0,
    name: cls.name,
    rain_enabled: false,
    relative_speed: cls.relativeSpeed,
    short_name: cls.shortName,
  }));
}

/** track/get: every track configuration. */
export function trackCatalog(): TrackInfo[] {
  return TRACKS.map((t) => {
    const category = TRACK_CATEGORIES[t.category];
    const oval = t.category === 'oval' || t.category === 'dirt_oval';
    const dirt = t.category === 'dirt_oval' || t.category === 'dirt_road';
    return {
      ai_enabled: true,
      allow_rolling_start: true,
      allow_standing_start: !oval,
      category: category.key,
      category_id: category.id,
      closes: '2099-12-31',
      config_name: t.config,
      corners_per_lap: t.corners,
      created: CATALOG_CREATED,
      first_sale: CATALOG_CREATED,
      free_with_subscription: t.freeWithSubscription,
      fully_lit: false,
      grid_stalls: oval ? 40 : 60,
      has_opt_path: false,
      has_short_parade_lap: false,
      has_start_zone: false,
      has_svg_map: true,
      is_dirt: dirt,
      is_oval: oval,
      lap_scoring: 0,
      latitude: t.latitude,
      location: t.location,
      longitude: t.longitude,
      max_cars: oval ? 40 : 60,
      night_lighting: false,
      nominal_lap_time: t.referenceLap,
      number_pitstalls: oval ? 40 : 60,
      opens: '2008-01-01',
      package_id: t.packageId,
      pit_road_speed_limit: oval ? 45 : 50,
      price: t.freeWithSubscription ? 0 : 14.95,
      price_display: t.freeWithSubscription ? '0.00' : '14.95',
      priority: 3,
      purchasable: !t.freeWithSubscription,
      qualify_laps: 2,
      rain_enabled: !oval,
      restart_on_left: false,
      retired: false,
      search_filters: category.key,
      site_url: '',
      sku: 20_000 + t.trackId,
      solo_laps: 1,
      start_on_left: false,
      supports_grip_compound: false,
      tech_track: false,
      time_zone: t.timeZone,
      /** Miles, as the API gives it. */
      track_config_length: Math.round((t.lengthKm / 1.609344) * 100) / 100,
      track_dirpath: `${t.name}\\${t.config}`.toLowerCase().replace(/[^a-z0-9\\]+/g, ''),
      track_id: t.trackId,
      track_name: t.name,
      track_types: [{ track_type: category.key }],
    };
  });
}

/** lookup/licenses: identical to the recorded payload. */
export function licenceLookup(): LicenceGroup[] {
  return licenceLookupPayload();
}

/** lookup/get: the `licenselevels` list (the only lookup Pitwall reads). */
export function lookups(): LookupGroup[] {
  return [
    {
      lookups: [
        {
          lookup_type: 'licenselevels',
          lookup_values: LICENCE_GROUPS.flatMap((g, index) =>
            [1, 2, 3, 4].map((step) => ({
              value: String(index * 4 + step),
              name: `${g.name} (${step}.0)`,
              description: groupColour(g.group),
              seq: index * 4 + step,
            })),
          ),
        },
      ],
      tag: 'licenselevels',
    },
  ];
}
