import type { DriverResult, SubsessionResultsData } from '../../src/events/racing/results.ts';

/**
 * A deterministic synthetic results log for volume checks of the racing read models (not the
 * product's demo data, which travels the ingest path: src/demo). `drivers` drivers race
 * `subsessions` 20-car subsessions spread over 20 series × 12 weeks × 12 daily slots.
 */

const FIRST = [
  'Max',
  'Lando',
  'Oscar',
  'Charles',
  'Lewis',
  'George',
  'Carlos',
  'Fernando',
  'Pierre',
  'Esteban',
  'Yuki',
  'Alex',
  'Logan',
  'Kevin',
  'Nico',
  'Valtteri',
  'Zhou',
  'Daniel',
  'Sebastian',
  'Kimi',
  'Jenson',
  'Mika',
  'Ayrton',
  'Alain',
  'Nigel',
  'Michael',
  'Ralf',
  'Mark',
  'Felipe',
  'Rubens',
  'Juan',
  'Jacques',
  'Damon',
  'Emma',
  'Sophie',
  'Mia',
  'Lena',
  'Anna',
  'Laura',
  'Julia',
];
const LAST = [
  'Verstappen',
  'Norris',
  'Piastri',
  'Leclerc',
  'Hamilton',
  'Russell',
  'Sainz',
  'Alonso',
  'Gasly',
  'Ocon',
  'Tsunoda',
  'Albon',
  'Sargeant',
  'Magnussen',
  'Hulkenberg',
  'Bottas',
  'Guanyu',
  'Ricciardo',
  'Vettel',
  'Raikkonen',
  'Button',
  'Hakkinen',
  'Senna',
  'Prost',
  'Mansell',
  'Schumacher',
  'Webber',
  'Massa',
  'Barrichello',
  'Montoya',
  'Villeneuve',
  'Hill',
  'Mueller',
  'Schmidt',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Hoffmann',
  'Schulz',
  'Koch',
  'Richter',
  'Klein',
  'Wolf',
  'Neumann',
  'Schwarz',
  'Zimmermann',
  'Braun',
  'Krueger',
];
const COUNTRIES = ['DE', 'GB', 'US', 'NL', 'FR', 'IT', 'ES', 'AU', 'BR', 'JP'];

/** Mulberry32: a tiny seeded PRNG, so every run builds the same log. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function driverName(custId: number): string {
  return `${FIRST[custId % FIRST.length]} ${LAST[Math.floor(custId / FIRST.length) % LAST.length]} ${custId % 97}`;
}

/** The subsessions [from, to) of the synthetic log; each call with the same arguments is identical. */
export function syntheticSubsessions(opts: {
  from: number;
  to: number;
  drivers: number;
}): SubsessionResultsData[] {
  const out: SubsessionResultsData[] = [];
  for (let n = opts.from; n < opts.to; n++) {
    const r = rng(n + 1);
    const series = n % 20;
    const week = Math.floor(n / 20) % 12;
    const slot = Math.floor(n / 240) % 12;
    const day = Math.floor(n / 2880) % 7;
    const start = new Date(Date.UTC(2025, 0, 7 + week * 7 + day, slot * 2, 0, 0));
    const carIds = [100 + series * 3, 101 + series * 3];
    const trackId = 1000 + series * 12 + week;
    const baseLap = 900_000 + series * 10_000 + week * 5_000;
    const rows: DriverResult[] = [];
    const seen = new Set<number>();
    while (rows.length < 20) {
      const custId = 1 + Math.floor(r() * opts.drivers);
      if (seen.has(custId)) continue;
      seen.add(custId);
      const irating = 800 + Math.floor((custId % 4000) + r() * 200);
      const carId = carIds[custId % 2]!;
      rows.push({
        custId,
        displayName: driverName(custId),
        countryCode: COUNTRIES[custId % COUNTRIES.length]!,
        clubName: null,
        teamId: null,
        teamName: null,
        carId,
        carName: `Car ${carId}`,
        carClassId: 4000 + series,
        finishPosition: 0,
        finishPositionInClass: 0,
        startingPosition: null,
        startingPositionInClass: null,
        lapsComplete: 20,
        lapsLed: 0,
        incidents: Math.floor(r() * 8),
        bestLapTime: r() < 0.95 ? baseLap + Math.floor(r() * 40_000) : null,
        bestLapNum: 5,
        averageLap: baseLap + 20_000 + Math.floor(r() * 40_000),
        qualLapTime: null,
        interval: 0,
        oldIrating: irating,
        newIrating: irating + Math.floor(r() * 80) - 40,
        oldSubLevel: 300,
        newSubLevel: 300 + Math.floor(r() * 40) - 20,
        oldLicenseLevel: 15,
        newLicenseLevel: 15,
        reasonOut: 'Running',
        champPoints: 50,
      });
    }
    rows.sort((a, b) => (a.averageLap ?? 0) - (b.averageLap ?? 0));
    const grid = [...rows].sort((a, b) => (b.oldIrating ?? 0) - (a.oldIrating ?? 0));
    rows.forEach((x, i) => {
      x.finishPosition = i + 1;
      x.finishPositionInClass = i + 1;
      x.lapsLed = i === 0 ? 12 : 0;
      x.startingPosition = grid.indexOf(x) + 1;
      x.startingPositionInClass = x.startingPosition;
    });
    out.push({
      subsessionId: 10_000_000 + n,
      sessionId: 1_000_000 + Math.floor(n / 4),
      seriesId: 500 + series,
      seriesName: `Synthetic Series ${series}`,
      seasonId: 9000 + series,
      seasonName: `Synthetic Series ${series} - 2025 Season 1`,
      seasonYear: 2025,
      seasonQuarter: 1,
      raceWeekNum: week,
      startTime: start.toISOString(),
      endTime: null,
      track: { trackId, trackName: `Track ${trackId}`, configName: 'Grand Prix' },
      category: series % 2 === 0 ? 'sports_car' : 'formula_car',
      eventType: 'race',
      official: true,
      teamEvent: false,
      eventStrengthOfField: 1500 + Math.floor(r() * 1500),
      eventBestLapTime: null,
      eventAverageLap: null,
      eventLapsComplete: 20,
      numCautions: 0,
      numCautionLaps: 0,
      numLeadChanges: 1,
      carClasses: [],
      simsessions: [{ simsessionNumber: 0, type: 'race', name: 'RACE', results: rows }],
    });
  }
  return out;
}
