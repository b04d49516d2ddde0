import type { LicenceCategoryKey } from './categories.ts';

/**
 * Cars and car classes of the demo world. Ids that appear in the recorded fixtures keep the
 * fixture's value and name (class 74 Mazda MX-5 Cup, class 45/48 Cadillac CTS-VR / Kia Optima,
 * class 4033 Super Formula SF23 with cars 171/172, class 71 trucks, class 2978 Next Gen Cup,
 * car 106 Dallara F3, cars 132/72 in GT3).
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
  /** carclass/get `relative_speed`: higher is faster; only its order matters. */
  relativeSpeed: number;
  paceFactor: number;
  category: LicenceCategoryKey;
  cars: readonly Car[];
}

type CarRow = [
  carId: number,
  name: string,
  abbreviation: string,
  hp: number,
  weightLbs: number,
  types: string,
  free?: boolean,
];

function cars(rows: readonly CarRow[]): Car[] {
  return rows.map(([carId, name, abbreviation, hp, weightLbs, types, free]) => ({
    carId,
    name,
    abbreviation,
    dirpath: name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '')
      .slice(0, 24),
    hp,
    weightLbs,
    carTypes: types.split(','),
    free: free ?? false,
  }));
}

function carClass(
  carClassId: number,
  name: string,
  shortName: string,
  category: LicenceCategoryKey,
  paceFactor: number,
  rows: readonly CarRow[],
): CarClass {
  return {
    carClassId,
    name,
    shortName,
    category,
    paceFactor,
    relativeSpeed: Math.round(100 / paceFactor),
    cars: cars(rows),
  };
}

export const CAR_CLASSES: readonly CarClass[] = [
  // Sports car
  carClass(74, 'Mazda MX-5 Cup', 'MX5 Cup', 'sports_car', 1.0, [
    [67, 'Global Mazda MX-5 Cup', 'MX5', 181, 2381, 'road,mx5', true],
  ]),
  carClass(4012, 'Toyota GR86', 'GR86', 'sports_car', 0.985, [
    [160, 'Toyota GR86', 'GR86', 228, 2811, 'road,gr86'],
  ]),
  carClass(48, 'Kia Optima', 'Kia Optima', 'sports_car', 0.93, [
    [44, 'Kia Optima', 'Optima', 245, 2910, 'road,touring'],
  ]),
  carClass(45, 'Cadillac CTS-VR', 'Cadillac CTS-VR', 'sports_car', 0.86, [
    [41, 'Cadillac CTS-V Racecar', 'CTS-VR', 600, 3450, 'road,gt'],
  ]),
  carClass(4084, 'GT4 Class', 'GT4', 'sports_car', 0.9, [
    [150, 'BMW M4 G82 GT4', 'M4 GT4', 431, 3164, 'road,gt4'],
    [119, 'Porsche 718 Cayman GT4 Clubsport MR', '718 GT4', 425, 2954, 'road,gt4'],
    [135, 'McLaren 570S GT4', '570S GT4', 450, 3135, 'road,gt4'],
    [157, 'Mercedes-AMG GT4', 'AMG GT4', 469, 3197, 'road,gt4'],
  ]),
  carClass(3104, 'Porsche 911 GT3 Cup (992)', 'Porsche 992', 'sports_car', 0.815, [
    [143, 'Porsche 911 GT3 Cup (992)', '992 Cup', 503, 2778, 'road,porsche'],
  ]),
  carClass(2708, 'GT3 Class', 'GT3', 'sports_car', 0.79, [
    [132, 'BMW M4 GT3', 'M4 GT3', 590, 2866, 'road,gt3'],
    [72, 'Mercedes-AMG GT3', 'AMG GT3', 550, 2844, 'road,gt3'],
    [133, 'Lamborghini Huracán GT3 EVO', 'Huracán GT3', 585, 2866, 'road,gt3'],
    [169, 'Porsche 911 GT3 R (992)', '992 GT3 R', 557, 2800, 'road,gt3'],
    [173, 'Ferrari 296 GT3', '296 GT3', 592, 2866, 'road,gt3'],
    [176, 'Audi R8 LMS EVO II GT3', 'R8 GT3', 585, 2866, 'road,gt3'],
    [188, 'McLaren 720S GT3 EVO', '720S GT3', 557, 2844, 'road,gt3'],
    [184, 'Chevrolet Corvette Z06 GT3.R', 'Z06 GT3', 592, 2866, 'road,gt3'],
  ]),
  carClass(2523, 'Dallara P217', 'LMP2', 'sports_car', 0.7, [
    [128, 'Dallara P217', 'P217', 600, 2050, 'road,prototype'],
  ]),
  carClass(4029, 'GTP', 'GTP', 'sports_car', 0.655, [
    [168, 'Cadillac V-Series.R GTP', 'V-Series.R', 670, 2271, 'road,gtp'],
    [159, 'BMW M Hybrid V8', 'M Hybrid V8', 670, 2271, 'road,gtp'],
    [170, 'Acura ARX-06 GTP', 'ARX-06', 670, 2271, 'road,gtp'],
    [174, 'Porsche 963 GTP', '963', 670, 2271, 'road,gtp'],
  ]),
  carClass(15, 'Radical SR8', 'SR8', 'sports_car', 0.74, [
    [13, 'Radical SR8', 'SR8', 363, 1499, 'road,prototype'],
  ]),
  // Formula car
  carClass(3002, 'Formula Vee', 'Formula Vee', 'formula_car', 1.05, [
    [148, 'Formula Vee', 'Vee', 60, 1030, 'openwheel', true],
  ]),
  carClass(4015, 'Ray FF1600', 'FF1600', 'formula_car', 0.97, [
    [147, 'Ray FF1600', 'FF1600', 115, 925, 'openwheel'],
  ]),
  carClass(1, 'Skip Barber Formula 2000', 'Skippy', 'formula_car', 0.93, [
    [1, 'Skip Barber Formula 2000', 'Skippy', 132, 1250, 'openwheel'],
  ]),
  carClass(4017, 'FIA F4', 'F4', 'formula_car', 0.84, [
    [161, 'FIA F4', 'F4', 160, 1257, 'openwheel', true],
  ]),
  carClass(2266, 'USF 2000', 'USF 2000', 'formula_car', 0.855, [
    [102, 'USF 2000', 'USF2000', 175, 1250, 'openwheel'],
  ]),
  carClass(3003, 'Dallara F3', 'F3', 'formula_car', 0.745, [
    [106, 'Dallara F3', 'F3', 240, 1246, 'openwheel'],
  ]),
  carClass(4034, 'Super Formula Lights', 'SF Lights', 'formula_car', 0.69, [
    [178, 'Super Formula Lights', 'SF Lights', 270, 1334, 'openwheel'],
  ]),
  carClass(4033, 'Super Formula SF23', 'Super SF23', 'formula_car', 0.605, [
    [171, 'Super Formula SF23 - Toyota', 'SF23 Toyota', 550, 1477, 'openwheel'],
    [172, 'Super Formula SF23 - Honda', 'SF23 Honda', 550, 1477, 'openwheel'],
  ]),
  carClass(4013, 'Mercedes-AMG W13 E Performance', 'Mercedes-AMG W13', 'formula_car', 0.565, [
    [153, 'Mercedes-AMG W13 E Performance', 'W13', 1000, 1753, 'openwheel'],
  ]),
  carClass(117, 'Dallara IR18', 'IR18', 'formula_car', 0.625, [
    [99, 'Dallara IR18', 'IR18', 700, 1630, 'openwheel,indycar'],
  ]),
  // Oval
  carClass(34, 'Street Stock', 'Street Stock', 'oval', 1.28, [
    [36, 'Street Stock', 'Street Stock', 400, 3200, 'oval,stockcar', true],
  ]),
  carClass(5, 'Legends Ford 34 Coupe', 'Legends', 'oval', 1.3, [
    [5, "Legends Ford '34 Coupe", 'Legends', 130, 1300, 'oval,legends', true],
  ]),
  carClass(14, 'Late Model Stock', 'Late Model Stock', 'oval', 1.15, [
    [164, 'Late Model Stock', 'LMSC', 450, 3000, 'oval,stockcar'],
  ]),
  carClass(2, 'SK Modified', 'SK Modified', 'oval', 1.12, [
    [2, 'SK Modified', 'SK Mod', 500, 2700, 'oval,modified'],
  ]),
  carClass(60, 'Super Late Model', 'Super Late Model', 'oval', 1.08, [
    [54, 'Super Late Model', 'SLM', 620, 2800, 'oval,stockcar'],
  ]),
  carClass(21, 'ARCA Menards Chevrolet Impala', 'ARCA', 'oval', 1.05, [
    [24, 'ARCA Menards Chevrolet Impala', 'ARCA', 650, 3400, 'oval,stockcar'],
  ]),
  carClass(29, 'NASCAR Whelen Tour Modified', 'Tour Modified', 'oval', 1.03, [
    [29, 'Modified - Tour', 'Tour Mod', 625, 2610, 'oval,modified'],
  ]),
  carClass(71, 'NASCAR Trucks', 'Trucks', 'oval', 1.04, [
    [123, 'NASCAR Truck Chevrolet Silverado', 'Silverado', 650, 3400, 'oval,nascar,truck'],
    [62, 'NASCAR Truck Ford F150', 'F150', 650, 3400, 'oval,nascar,truck'],
    [111, 'NASCAR Truck Toyota Tundra TRD Pro', 'Tundra', 650, 3400, 'oval,nascar,truck'],
  ]),
  carClass(1455, 'NASCAR Xfinity', 'Xfinity', 'oval', 1.02, [
    [114, 'NASCAR Xfinity Chevrolet Camaro', 'Xfinity Camaro', 650, 3200, 'oval,nascar'],
    [115, 'NASCAR Xfinity Ford Mustang', 'Xfinity Mustang', 650, 3200, 'oval,nascar'],
    [116, 'NASCAR Xfinity Toyota Supra', 'Xfinity Supra', 650, 3200, 'oval,nascar'],
  ]),
  carClass(2978, 'NASCAR Cup Series Next Gen', 'Next Gen', 'oval', 1.0, [
    [
      139,
      'NASCAR Cup Series Next Gen Chevrolet Camaro ZL1',
      'Camaro ZL1',
      670,
      3400,
      'oval,nascar,nextgen',
    ],
    [140, 'NASCAR Cup Series Next Gen Ford Mustang', 'Mustang', 670, 3400, 'oval,nascar,nextgen'],
    [141, 'NASCAR Cup Series Next Gen Toyota Camry', 'Camry', 670, 3400, 'oval,nascar,nextgen'],
  ]),
  // Dirt oval
  carClass(4040, 'Dirt Mini Stock', 'Mini Stock', 'dirt_oval', 1.55, [
    [124, 'Dirt Mini Stock', 'Mini Stock', 130, 2300, 'dirt,stockcar', true],
  ]),
  carClass(4041, 'Dirt Street Stock', 'Street Stock', 'dirt_oval', 1.4, [
    [83, 'Dirt Street Stock', 'Dirt SS', 350, 3000, 'dirt,stockcar', true],
  ]),
  carClass(4042, 'Dirt UMP Modified', 'UMP Modified', 'dirt_oval', 1.25, [
    [82, 'Dirt UMP Modified', 'UMP Mod', 450, 2350, 'dirt,modified'],
  ]),
  carClass(4043, 'Dirt Late Model - Super', 'Super Late Model', 'dirt_oval', 1.1, [
    [84, 'Dirt Late Model - Super', 'Super DLM', 850, 2350, 'dirt,latemodel'],
  ]),
  carClass(4044, 'Dirt Late Model - Pro', 'Pro Late Model', 'dirt_oval', 1.15, [
    [85, 'Dirt Late Model - Pro', 'Pro DLM', 600, 2300, 'dirt,latemodel'],
  ]),
  carClass(4045, 'Dirt Sprint Car - 360', '360 Sprint', 'dirt_oval', 1.08, [
    [86, 'Dirt Sprint Car - 360', '360 Sprint', 700, 1400, 'dirt,sprint'],
  ]),
  carClass(4046, 'Dirt Sprint Car - 410', '410 Sprint', 'dirt_oval', 1.0, [
    [87, 'Dirt Sprint Car - 410', '410 Sprint', 900, 1425, 'dirt,sprint'],
  ]),
  carClass(4047, 'Dirt Midget', 'Midget', 'dirt_oval', 1.2, [
    [88, 'Dirt Midget', 'Midget', 380, 1000, 'dirt,midget'],
  ]),
  // Dirt road
  carClass(4050, 'VW Beetle Lite', 'Beetle Lite', 'dirt_road', 1.22, [
    [91, 'VW Beetle - Lite', 'Beetle Lite', 170, 2425, 'dirt,rallycross', true],
  ]),
  carClass(4051, 'Rallycross Supercar', 'Supercar', 'dirt_road', 1.0, [
    [92, 'Ford Fiesta RS WRC', 'Fiesta RS', 600, 2866, 'dirt,rallycross'],
    [93, 'Subaru WRX STI', 'WRX STI', 600, 2866, 'dirt,rallycross'],
    [94, 'VW Beetle GRC', 'Beetle GRC', 560, 2866, 'dirt,rallycross'],
  ]),
  carClass(4052, 'Pro 2 Lite Off-Road Truck', 'Pro 2 Lite', 'dirt_road', 1.15, [
    [95, 'Pro 2 Lite Off-Road Truck', 'Pro 2 Lite', 350, 3500, 'dirt,offroad', true],
  ]),
  carClass(4053, 'Pro 4 Off-Road Truck', 'Pro 4', 'dirt_road', 1.05, [
    [96, 'Pro 4 Off-Road Truck', 'Pro 4', 900, 4100, 'dirt,offroad'],
  ]),
];

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
