import type { Knex } from 'knex';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DRIVER_LICENSES_TABLE,
  DRIVERS_TABLE,
  NAME_PREFIX_KEY,
  SURNAME_PREFIX_KEY,
} from '../../projections/drivers/tables.ts';
import { writeSearchHits } from '../../projections/drivers/search-hits.ts';
import { useRacingDatabase, type RacingTestDatabase } from '../../projections/racing/testing.ts';
import { batch } from '../../db/batch.ts';
import {
  searchDriverHits,
  searchDrivers,
  searchDriversStatement,
  type DriverSearchHitDto,
} from './driver-search.ts';
import { escapeLike, normaliseSearch, toLicense, type LicenseRow } from './shapes.ts';

/**
 * The one-statement search must answer exactly what the three-statement search it replaced
 * answered (same hits, same order, same licences), with every candidate cut in a total order.
 * `referenceSearch` is that code in plain statements: word-start candidates (the first 100 of
 * each scan in (key, id) order) ranked, then (3+ characters, not a number, fewer than `limit`
 * hits) the 2 × limit fragment matches with the smallest ids ranked on their own and appended,
 * then the licences.
 */
async function referenceSearch(
  db: Knex,
  params: { q: string; limit?: number },
): Promise<DriverSearchHitDto[]> {
  const q = normaliseSearch(params.q);
  const limit = params.limit ?? 10;
  const numeric = /^\d{1,9}$/.test(q);
  const prefix = `${escapeLike(q)}%`;
  const columns = 'cust_id, display_name, country_code';
  type NameHit = { cust_id: number; display_name: string; country_code: string | null };
  const ranked = (candidates: string, bindings: readonly (string | number)[]) =>
    db.raw<{ rows: NameHit[] }>(
      `WITH candidates AS (${candidates})
       SELECT ${columns} FROM candidates
        ORDER BY CASE WHEN cust_id = ? THEN 0
                      WHEN lower(display_name) = lower(?) THEN 1
                      WHEN ${NAME_PREFIX_KEY} LIKE lower(?) THEN 2
                      WHEN ${SURNAME_PREFIX_KEY} LIKE lower(?) THEN 3
                      ELSE 4 END,
                 similarity(display_name, ?) DESC, display_name, cust_id
        LIMIT ?`,
      [...bindings, numeric ? Number(q) : -1, q, prefix, prefix, q, limit],
    );
  const { rows } = await ranked(
    `(SELECT ${columns} FROM ${DRIVERS_TABLE} WHERE cust_id = ?)
     UNION
     (SELECT ${columns} FROM ${DRIVERS_TABLE} WHERE ${NAME_PREFIX_KEY} LIKE lower(?)
       ORDER BY ${NAME_PREFIX_KEY} USING ~<~, cust_id LIMIT 100)
     UNION
     (SELECT ${columns} FROM ${DRIVERS_TABLE} WHERE ${SURNAME_PREFIX_KEY} LIKE lower(?)
       ORDER BY ${SURNAME_PREFIX_KEY} USING ~<~, cust_id LIMIT 100)`,
    [numeric ? Number(q) : -1, prefix, prefix],
  );
  let hits = rows;
  if (hits.length < limit && q.length >= 3 && !numeric) {
    const more = await ranked(
      `SELECT ${columns} FROM ${DRIVERS_TABLE} WHERE display_name ILIKE ?
        ORDER BY cust_id LIMIT ${limit * 2}`,
      [`%${escapeLike(q)}%`],
    );
    const seen = new Set(hits.map((h) => h.cust_id));
    hits = [...hits, ...more.rows.filter((h) => !seen.has(h.cust_id))].slice(0, limit);
  }
  const licences = await db<LicenseRow & { cust_id: number }>(DRIVER_LICENSES_TABLE)
    .whereIn(
      'cust_id',
      hits.map((h) => h.cust_id),
    )
    .orderBy(['cust_id', 'category']);
  return hits.map((h) => ({
    custId: h.cust_id,
    displayName: h.display_name,
    countryCode: h.country_code,
    licenses: licences.filter((l) => l.cust_id === h.cust_id).map(toLicense),
  }));
}

const FIRST = [
  'Max',
  'Maxime',
  'Marco',
  'Maria',
  'Lando',
  'Leo',
  'Charles',
  'Anna',
  'Jan',
  'Oscar',
];
const LAST = [
  'Verstappen',
  'Martin',
  'Marquez',
  'Norris',
  'Leclerc',
  'Stappers',
  'Mann',
  'Ostrowski',
];
/** Names once each, so that word starts and fragments share an answer. */
const RARE = ['Zanna Berg', 'Ole Kozanna', 'Zannoni Ray', 'Bernd Schneider', 'Neider Roth'];
RARE.push('Rothmann Ida', 'Ida Grothe', 'Anna Schneiderova', 'Idan Ross');
// Outside ASCII, and characters LIKE treats specially, taken literally.
RARE.push('Jörg Möller', 'Möller Jan', 'Ørjan Moe', 'Ana 100% Racing', 'Back\\slash Ray');
const CATEGORIES = ['sports_car', 'oval', 'formula_car'];

const db = useRacingDatabase();

beforeAll(async () => {
  // 400 drivers: every first × last name pair, some with a middle word, some named twice; ids
  // chosen so that a customer id can also be the start of a name ("1001 Racing").
  const drivers = Array.from({ length: 400 }, (_, i) => {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
    const middle = i % 7 === 0 ? ' van der' : '';
    return {
      cust_id: 1000 + i,
      display_name: i === 5 ? '1001 Racing' : `${first}${middle} ${last}`,
      country_code: i % 3 === 0 ? null : ['DE', 'NL', 'GB'][i % 3],
      name_as_of: new Date('2025-01-01T00:00:00Z'),
    };
  });
  drivers.push(
    ...RARE.map((display_name, i) => ({
      cust_id: 2000 + i,
      display_name,
      country_code: null,
      name_as_of: new Date('2025-01-01T00:00:00Z'),
    })),
  );
  await db.knex(DRIVERS_TABLE).insert(drivers);
  const licences = drivers.flatMap((d, i) =>
    CATEGORIES.slice(0, i % 4).map((category, c) => ({
      cust_id: d.cust_id,
      category,
      irating: i % 5 === 0 ? null : 1000 + 37 * i + c,
      sub_level: 100 + ((i * 13) % 400),
      license_level: 1 + (i % 20),
      license_group: 1 + (i % 5),
      tt_rating: null,
      as_of: new Date('2025-01-01T00:00:00Z'),
    })),
  );
  await db.knex(DRIVER_LICENSES_TABLE).insert(licences);
  // Each driver's stored hit, as the drivers read model writes it after a batch or a rebuild.
  await writeSearchHits(db.knex, 'all');
  await db.knex.raw(`ANALYZE ${DRIVERS_TABLE}, ${DRIVER_LICENSES_TABLE}`);
});

/** Texts as people type them: 2–5 letters of a word, whole words and names, inner fragments, ids. */
function typedTexts(): string[] {
  const words = [...new Set([...FIRST, ...LAST])];
  const texts = words.flatMap((w) => [2, 3, 4, 5].map((n) => w.slice(0, n).toLowerCase()));
  texts.push(...words.map((w) => w.slice(1, 5)), ...words.map((w) => w.slice(2)));
  texts.push('Max Verstappen', 'maria van der', 'van', 'der mar', 'MAX  m', 'ann', 'ma%', 'a_n');
  texts.push('zann', 'neider', 'roth', 'ida', 'schn', 'ber', 'erg', 'ross', 'othe', 'oth');
  texts.push('1001', '1005', '1399', '99999', '1001 ra', 'zzz', 'xq');
  texts.push('mö', 'MÖL', 'ø', 'ørj', 'jör', '100%', 'back\\', 'k\\s', '\\');
  return texts;
}

describe('driver search in one statement', () => {
  it('answers every typed text exactly as the plain statements do, for each limit', async () => {
    const texts = typedTexts();
    let mixed = 0;
    for (const limit of [1, 3, 10, 25]) {
      for (const q of texts) {
        const expected = await referenceSearch(db.knex, { q, limit });
        const actual = await searchDrivers(db.knex, { q, limit });
        expect(actual, `q=${JSON.stringify(q)} limit=${limit}`).toEqual(expected);
        // The stored texts are the DTOs' JSON byte for byte (the API sends them as they are).
        const texts = await searchDriverHits(db.knex, { q, limit });
        expect(texts, `q=${JSON.stringify(q)} limit=${limit}`).toEqual(
          expected.map((h) => JSON.stringify(h)),
        );
        const wordStart = (name: string) =>
          ` ${name}`.toLowerCase().includes(` ${q.toLowerCase()}`);
        if (
          expected.some((h) => wordStart(h.displayName)) &&
          expected.some((h) => !wordStart(h.displayName))
        ) {
          mixed++;
        }
      }
    }
    // The comparison covered answers of word starts followed by fragments.
    expect(mixed).toBeGreaterThan(5);
    const rstap = await searchDrivers(db.knex, { q: 'rstap', limit: 25 });
    expect(rstap).toHaveLength(25); // 40 Verstappens: 2 × limit candidates, the best 25
    expect(rstap.every((h) => h.displayName.endsWith('Verstappen'))).toBe(true);
    expect(rstap.some((h) => h.licenses.length > 0)).toBe(true);
  });

  it('puts the customer id first, then word starts, then fragments', async () => {
    const byId = await searchDrivers(db.knex, { q: '1001' });
    expect(byId.map((h) => h.custId).slice(0, 2)).toEqual([1001, 1005]);
    const zann = await searchDrivers(db.knex, { q: 'zann' });
    expect(zann.map((h) => h.displayName)).toEqual(['Zanna Berg', 'Zannoni Ray', 'Ole Kozanna']);
    // Word starts fill the list: no fragment is appended.
    expect(await searchDrivers(db.knex, { q: 'zann', limit: 2 })).toHaveLength(2);
    expect((await searchDrivers(db.knex, { q: 'zann', limit: 2 })).map((h) => h.custId)).toEqual([
      2000, 2002,
    ]);
  });
});

describe('driver search in a batch', () => {
  it('answers as the function does, for texts with quotes, backslashes and LIKE characters', async () => {
    const texts = ['ma', "o'br", 'ma%', 'back\\', 'k\\s', '1001', 'zann'];
    const together = await batch(
      db.knex,
      texts.map((q) => searchDriversStatement({ q, limit: 5 })),
    );
    for (const [i, q] of texts.entries()) {
      expect(together[i], q).toEqual(await searchDrivers(db.knex, { q, limit: 5 }));
    }
    expect(together.some((hits) => hits.length > 0)).toBe(true);
  });
});

describe('the search keys', () => {
  it('answer a word-start scan from the index alone, in (key, id) order', async () => {
    // The statements of racing_search_driver_hits' two word-start scans. The 400 test drivers fit
    // one page, so the planner is kept from the table and from a bitmap scan with its sort; what
    // is tested is that the key's index can answer alone (the hit's columns are in it).
    for (const [key, index] of [
      [NAME_PREFIX_KEY, 'racing_drivers_name_prefix'],
      [SURNAME_PREFIX_KEY, 'racing_drivers_surname_prefix'],
    ] as const) {
      const plan = await db.knex.transaction(async (trx) => {
        await trx.raw('SET LOCAL enable_seqscan = off');
        await trx.raw('SET LOCAL enable_bitmapscan = off');
        const { rows } = await trx.raw<{ rows: { 'QUERY PLAN': string }[] }>(
          `EXPLAIN SELECT cust_id, display_name FROM ${DRIVERS_TABLE}
            WHERE ${key} ~>=~ 'ma' AND ${key} ~<~ ('ma' || chr(1114111))
            ORDER BY ${key} USING ~<~, cust_id LIMIT 100`,
        );
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain(`Index Only Scan using ${index}`);
      expect(plan).not.toContain('Sort');
    }
  });
});

describe('driver search on databases holding the same drivers in different physical orders', () => {
  // 1,500 drivers: 250 share the lower-cased name "alex shared" (more than a word-start scan
  // keeps), ~130 "Per Olsson"s hold a fragment no word starts with, spread over ids from 300 up,
  // names containing "son" at several lengths, a rare fragment and "Filler" names around them.
  // The fragment candidates are read by the search in four ways, each taken by some text at some
  // limit: all matches ("lss" and "nson" at 25, "uist" from 2), a walk by id that finds them in
  // its first stretch ("ill"), one that walks on ("nson" at 1, 2, 3 and 10), and the matches
  // beyond the walk ("lss" up to 10: none among the first ids; "uist" at 1: one, then none).
  const SHARED = ['Alex Shared', 'ALEX SHARED', 'alex shared'];
  const SON = ['Jo Hanson', 'Mia Benson', 'Ola Svensson', 'Kai Sonnberg', 'Ed Masonry'];
  const OTHER = ['Lena Ritterbusch', 'Tom Baker', 'Sam Alexis', 'Ana Sharp', 'Ivo Perrin'];
  const QUIST = new Set([3, ...Array.from({ length: 11 }, (_, i) => 601 + 10 * i)]);
  const named = Array.from({ length: 1500 }, (_, i) => {
    const custId = i + 1;
    let displayName: string;
    if (QUIST.has(custId)) displayName = 'Ulla Quist';
    else if (custId >= 300 && custId % 9 === 0) displayName = 'Per Olsson';
    else if (custId % 6 === 1) displayName = SHARED[custId % SHARED.length]!;
    else if (custId % 6 === 2) displayName = SON[custId % SON.length]!;
    else if (custId % 97 === 3) displayName = 'Lena Ritterbusch';
    else displayName = `${OTHER[custId % OTHER.length]!.split(' ')[0]} Filler${custId % 50}`;
    return { custId, displayName };
  });
  /** The same drivers, inserted in id order into one database and in another order into the other. */
  const orders: { label: string; ids: number[] }[] = [
    { label: 'by id', ids: named.map((d) => d.custId) },
    {
      label: 'interleaved from the top',
      ids: [...named.map((d) => d.custId)].sort((a, b) => (b % 7) - (a % 7) || b - a),
    },
  ];
  const byId = new Map(named.map((d) => [d.custId, d]));
  async function insertInOrder(knex: Knex, ids: readonly number[]): Promise<void> {
    const rows = ids.map((id) => ({
      cust_id: id,
      display_name: byId.get(id)!.displayName,
      country_code: id % 2 === 0 ? 'SE' : null,
      name_as_of: new Date('2025-01-01T00:00:00Z'),
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await knex(DRIVERS_TABLE).insert(rows.slice(i, i + 500));
    }
    const licences = ids
      .filter((id) => id % 3 === 0)
      .map((id) => ({
        cust_id: id,
        category: 'oval',
        irating: 1000 + id,
        sub_level: 300,
        license_level: 10,
        license_group: 3,
        tt_rating: null,
        as_of: new Date('2025-01-01T00:00:00Z'),
      }));
    for (let i = 0; i < licences.length; i += 500) {
      await knex(DRIVER_LICENSES_TABLE).insert(licences.slice(i, i + 500));
    }
    await writeSearchHits(knex, 'all');
    await knex.raw(`ANALYZE ${DRIVERS_TABLE}, ${DRIVER_LICENSES_TABLE}`);
  }
  const dbs = orders.map((order) =>
    useRacingDatabase({ seed: (knex) => insertInOrder(knex, order.ids) }),
  );

  /** The first `n` ids in storage order of the drivers matching `where`. */
  async function storageOrder(
    other: RacingTestDatabase,
    where: string,
    n: number,
  ): Promise<number[]> {
    const { rows } = await other.knex.raw<{ rows: { cust_id: number }[] }>(
      `SELECT cust_id FROM ${DRIVERS_TABLE} WHERE ${where} ORDER BY ctid LIMIT ${n}`,
    );
    return rows.map((r) => r.cust_id);
  }

  it('lays the drivers out in different storage orders (what a scan reaches first differs)', async () => {
    const [a, b] = dbs as [RacingTestDatabase, RacingTestDatabase];
    const tied = `lower(display_name) = 'alex shared'`;
    const sharing = named.filter((d) => SHARED.includes(d.displayName)).length;
    expect(sharing).toBeGreaterThan(100);
    const { rows } = await a.knex.raw<{ rows: { n: number }[] }>(
      `SELECT count(*)::int AS n FROM ${DRIVERS_TABLE} WHERE ${tied}`,
    );
    expect(rows[0]!.n).toBe(sharing);
    expect(await storageOrder(a, tied, 100)).not.toEqual(await storageOrder(b, tied, 100));
    const fragment = `display_name ILIKE '%lss%'`;
    expect(await storageOrder(a, fragment, 20)).not.toEqual(await storageOrder(b, fragment, 20));
  });

  it('answers every text alike on both, and as the reference does', async () => {
    const texts = ['alex', 'alex shared', 'ALEX SH', 'al', 'shared', 'sha', 'lss', 'olss'];
    texts.push('per olsson', 'son', 'sso', 'nson', 'ritter', 'tterb', 'filler1', 'ill', 'qui');
    texts.push('uist', 'zzz', '1200');
    const [a, b] = dbs as [RacingTestDatabase, RacingTestDatabase];
    let fragmentsCut = 0;
    for (const limit of [1, 2, 3, 10, 25]) {
      for (const q of texts) {
        const first = await searchDrivers(a.knex, { q, limit });
        const second = await searchDrivers(b.knex, { q, limit });
        expect(second, `q=${JSON.stringify(q)} limit=${limit}`).toEqual(first);
        expect(first, `q=${JSON.stringify(q)} limit=${limit}`).toEqual(
          await referenceSearch(b.knex, { q, limit }),
        );
        if (q === 'lss' || q === 'nson') fragmentsCut += first.length === limit ? 1 : 0;
      }
    }
    // The fragments filled the list at every limit from matches no word starts with.
    expect(fragmentsCut).toBe(10);
    // More drivers share the name than a scan keeps: the scan keeps the 100 smallest ids, which
    // rank (all equally similar) by name, then id.
    const shared = await searchDrivers(a.knex, { q: 'alex shared', limit: 25 });
    const kept = named.filter((d) => SHARED.includes(d.displayName)).slice(0, 100);
    const byNameThenId = (x: (typeof named)[number], y: (typeof named)[number]) =>
      x.displayName < y.displayName ? -1 : x.displayName > y.displayName ? 1 : x.custId - y.custId;
    expect(shared.map((h) => h.custId)).toEqual(
      kept
        .sort(byNameThenId)
        .slice(0, 25)
        .map((d) => d.custId),
    );
  });
});
