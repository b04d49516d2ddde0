import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_CARS, CAR_CLASSES, carClassById } from './cars.ts';
import { LICENCE_CATEGORIES, TRACK_CATEGORIES, licenceCategory } from './categories.ts';
import { COUNTRIES } from './clubs.ts';
import { cell, parseCsvRows } from './data.ts';
import { licenceLookupPayload, minRacesForPromotion, safetyRatingFromCpi } from './licences.ts';
import { NAME_GROUPS, NAME_PARTS } from './names.ts';
import { SERIES } from './series.ts';
import { TRACKS, tracksOf } from './tracks.ts';

describe('the demo catalogue data files', () => {
  it('load the whole catalogue: tracks, cars in classes, series, clubs and names', () => {
    expect(TRACKS).toHaveLength(79);
    expect(ALL_CARS).toHaveLength(64);
    expect(CAR_CLASSES).toHaveLength(42);
    expect(SERIES).toHaveLength(41);
    expect(COUNTRIES).toHaveLength(33);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(25);
    expect(LICENCE_CATEGORIES.map((c) => c.id)).toEqual([1, 5, 6, 3, 4]);
    expect(Object.keys(TRACK_CATEGORIES).sort()).toEqual([
      'dirt_oval',
      'dirt_road',
      'oval',
      'road',
    ]);
    for (const group of NAME_GROUPS) {
      expect(NAME_PARTS[group].first.length, group).toBeGreaterThan(20);
      expect(NAME_PARTS[group].last.length, group).toBeGreaterThan(20);
    }
  });

  it('keep the recorded ids and values where the fixtures have them', () => {
    expect(TRACKS.find((t) => t.trackId === 249)?.name).toContain('Nürburgring');
    expect(carClassById(74).name).toBe('Mazda MX-5 Cup');
    expect(carClassById(4033).cars.map((c) => c.carId)).toEqual([171, 172]);
    expect(licenceLookupPayload()[4]).toMatchObject({
      license_group: 5,
      min_num_races: null,
      participation_credits: 7,
      min_sr_to_fast_track: 400,
      min_num_tt: null,
    });
    expect(minRacesForPromotion(1)).toBe(2);
    expect(safetyRatingFromCpi(5, 48)).toBe(3);
  });

  it('refer only to what exists: series to classes on tracks of their category, cars to classes', () => {
    for (const series of SERIES) {
      const category = licenceCategory(series.category);
      expect(tracksOf(category.trackCategory).length, series.name).toBeGreaterThanOrEqual(6);
      for (const id of series.carClassIds) expect(carClassById(id).category).toBe(series.category);
      expect(series.slots.firstHour).toBeLessThan(series.slots.everyHours);
    }
    const venues = new Map<string, number>();
    for (const track of TRACKS) {
      expect(venues.get(track.name) ?? track.packageId, track.name).toBe(track.packageId);
      venues.set(track.name, track.packageId);
    }
  });

  it('rejects a bad row, naming the file, the row and the field', () => {
    const row = z.object({ id: cell.int, free: cell.bool });
    expect(parseCsvRows('x.csv', 'id,free\n1,true\n2,false\n', row)).toEqual([
      { id: 1, free: true },
      { id: 2, free: false },
    ]);
    expect(() => parseCsvRows('x.csv', 'id,free\n1,true\n2.5,false\n', row)).toThrow(
      /data\/x\.csv, row 2[\s\S]*id/,
    );
    expect(() => parseCsvRows('x.csv', 'id,free\n1,yes\n', row)).toThrow(/row 1[\s\S]*free/);
  });
});
