import type { Helmet, Suit } from '../../../ingest/schemas/index.ts';
import { COUNTRIES, type Country } from '../catalog/clubs.ts';
import { Random, Stream } from '../random.ts';
import type { DemoWorld } from '../world/world.ts';

export interface Appearance {
  helmet: Helmet;
  suit: Suit;
  /** Livery colours; the car and number come from the race. */
  colours: readonly [string, string, string];
  pattern: number;
}

const appearances = new WeakMap<DemoWorld, Map<number, Appearance>>();

/**
 * A member's helmet, suit and livery colours: drawn once from the member's own stream and kept,
 * so every payload shows the same paint. The objects are frozen (payloads share them).
 */
export function appearanceOf(world: DemoWorld, driver: number): Appearance {
  let cache = appearances.get(world);
  if (!cache) {
    cache = new Map();
    appearances.set(world, cache);
  }
  const known = cache.get(driver);
  if (known) return known;
  const rng = Random.derive(world.options.seed, Stream.livery, -1, driver);
  const colours = [rng.colour(), rng.colour(), rng.colour()] as const;
  const appearance: Appearance = Object.freeze({
    helmet: Object.freeze({
      pattern: rng.between(1, 70),
      color1: colours[0],
      color2: colours[1],
      color3: rng.colour(),
      face_type: 0,
      helmet_type: 0,
    }),
    suit: Object.freeze({
      pattern: rng.between(1, 40),
      color1: colours[0],
      color2: colours[2],
      color3: rng.colour(),
    }),
    colours,
    pattern: rng.between(0, 30),
  });
  cache.set(driver, appearance);
  return appearance;
}

export function countryOf(world: DemoWorld, driver: number): Country {
  return COUNTRIES[world.drivers.country[driver] as number] ?? (COUNTRIES[0] as Country);
}

/** The livery object of results rows. */
export function livery(appearance: Appearance, carId: number, carNumber: string) {
  return {
    car_id: carId,
    pattern: appearance.pattern,
    color1: appearance.colours[0],
    color2: appearance.colours[1],
    color3: appearance.colours[2],
    number_font: 0,
    number_color1: 'ffffff',
    number_color2: '777777',
    number_color3: '000000',
    number_slant: 0,
    sponsor1: 0,
    sponsor2: 0,
    car_number: carNumber,
    wheel_color: null,
    rim_type: -1,
  };
}
