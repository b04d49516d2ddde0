import { z } from 'zod';
import { LICENCE_CATEGORY_KEYS, type LicenceCategoryKey } from './categories.ts';
import { assertUnique, cell, loadCsv } from './data.ts';

/**
 * Cars and car classes of the demo world (data/car-classes.csv, data/cars.csv). Ids that appear
 * in the recorded fixtures keep the fixture's value and name (class 74 Mazda MX-5 Cup, class
 * 45/48 Cadillac CTS-VR / Kia Optima, class 4033 Super Formula SF23 with cars 171/172, class 71
 * trucks, class 2978 Next Gen Cup, car 106 Dallara F3, cars 132/72 in GT3).
 *
 * `paceFactor` scales the track's reference lap (tracks.ts): the class's alien lap is
 * referenceLap × paceFactor.
 */
export interface Car {
  carId: number;
  name: string;
  abbreviation: string;
  dirpath: string;
  hp: number;
  weightLbs: number;
  carTypes: readonly string[];
  free: boolean;
}

export interface CarClass {
  carClassId: number;
  name: string;
  shortName: string;
  category: LicenceCategoryKey;
  paceFactor: number;
  /** carclass/get `relative_speed`: higher is faster; only its order matters. */
  relativeSpeed: number;
  cars: readonly Car[];
}

const CarClassRow = z.object({
  carClassId: cell.int,
  category: z.enum(LICENCE_CATEGORY_KEYS),
  name: cell.text,
  shortName: cell.text,
  paceFactor: cell.number,
});

const CarRow = z.object({
  carId: cell.int,
  carClassId: cell.int,
  name: cell.text,
  abbreviation: cell.text,
  hp: cell.int,
  weightLbs: cell.int,
  carTypes: cell.words,
  free: cell.bool,
});

/** The classes in the file's order (by category, slowest first), each with its cars. */
export const CAR_CLASSES: readonly CarClass[] = (() => {
  const cars = loadCsv('cars.csv', CarRow);
  assertUnique('cars.csv', cars, (c) => c.carId);
  const classes = loadCsv('car-classes.csv', CarClassRow).map((row): CarClass => ({
    carClassId: row.carClassId,
    name: row.name,
    shortName: row.shortName,
    category: row.category,
    paceFactor: row.paceFactor,
    relativeSpeed: Math.round(100 / row.paceFactor),
    cars: cars
      .filter((car) => car.carClassId === row.carClassId)
      .map((car) => ({
        carId: car.carId,
        name: car.name,
        abbreviation: car.abbreviation,
        dirpath: car.name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '')
          .slice(0, 24),
        hp: car.hp,
        weightLbs: car.weightLbs,
        carTypes: car.carTypes,
        free: car.free,
      })),
  }));
  assertUnique('car-classes.csv', classes, (c) => c.carClassId);
  const known = new Set(classes.map((c) => c.carClassId));
  const orphan = cars.find((car) => !known.has(car.carClassId));
  if (orphan) throw new Error(`demo catalogue data/cars.csv: car ${orphan.carId} has no class`);
  const empty = classes.find((c) => c.cars.length === 0);
  if (empty) throw new Error(`demo catalogue: car class ${empty.carClassId} has no car`);
  return classes;
})();

const CLASS_BY_ID = new Map(CAR_CLASSES.map((c) => [c.carClassId, c]));
const CAR_TO_CLASS = new Map(
  CAR_CLASSES.flatMap((cls) => cls.cars.map((car) => [car.carId, { car, cls }] as const)),
);

export function carClassById(carClassId: number): CarClass {
  const cls = CLASS_BY_ID.get(carClassId);
  if (!cls) throw new RangeError(`unknown demo car class ${carClassId}`);
  return cls;
}

export function carById(carId: number): { car: Car; cls: CarClass } {
  const found = CAR_TO_CLASS.get(carId);
  if (!found) throw new RangeError(`unknown demo car ${carId}`);
  return found;
}

export const ALL_CARS: readonly Car[] = CAR_CLASSES.flatMap((c) => c.cars);
