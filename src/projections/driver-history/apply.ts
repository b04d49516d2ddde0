import type { Knex } from 'knex';
import { licenceFromLevel } from '../../domain/licence.ts';
import type { DriverProfileData } from '../../events/racing/drivers.ts';
import type { SubsessionResultsData } from '../../events/racing/results.ts';
import type { RecordedEvent } from '../../eventstore/port.ts';
import { bind, col, rowsSource, type Column } from '../racing/bulk.ts';
import { primarySimsession } from '../racing/batch.ts';
import { DRIVER_HISTORY_TABLE } from './tables.ts';

/** One row of racing_driver_history (see ./tables.ts). */
export interface HistoryFact {
  custId: number;
  category: string;
  validFrom: string;
  recordedAt: string;
  supersededAt: string | null;
  subsessionId: number | null;
  irating: number | null;
  subLevel: number | null;
  licenseLevel: number | null;
  licenseGroup: number | null;
}

type Values = Pick<
  HistoryFact,
  'category' | 'validFrom' | 'irating' | 'subLevel' | 'licenseLevel' | 'licenseGroup'
>;

function groupOfLevel(level: number | null): number | null {
  if (level === null) return null;
  try {
    return licenceFromLevel(level).group;
  } catch {
    return null;
  }
}

/**
 * What one result says about each rated driver: the values after the race of its primary
 * simsession (the rows and the rule the drivers read model takes ratings from: a row without
 * a new iRating and a new licence level rates nothing), per driver the last row.
 */
export function resultValues(data: SubsessionResultsData): Map<number, Values> {
  const out = new Map<number, Values>();
  const validFrom = new Date(data.startTime).toISOString();
  for (const r of primarySimsession(data)?.results ?? []) {
    if (r.newIrating === null && r.newLicenseLevel === null) continue;
    out.set(r.custId, {
      category: data.category,
      validFrom,
      irating: r.newIrating,
      subLevel: r.newSubLevel,
      licenseLevel: r.newLicenseLevel,
      licenseGroup: groupOfLevel(r.newLicenseLevel),
    });
  }
  return out;
}

const sameValues = (a: Values, b: Values): boolean =>
  a.category === b.category &&
  a.validFrom === b.validFrom &&
  a.irating === b.irating &&
  a.subLevel === b.subLevel &&
  a.licenseLevel === b.licenseLevel &&
  a.licenseGroup === b.licenseGroup;

/** What the batch changes: rows to insert, stored rows a correction supersedes. */
export interface HistoryChanges {
  inserts: HistoryFact[];
  superseded: { subsessionId: number; custId: number; at: string }[];
}

/**
 * Folds the batch's events in log order over the current facts of its races (`stored`, keyed by
 * subsession then driver). A result replaces a driver's current fact of its race only when a
 * value differs (the old one is superseded at the result's recorded time); a driver the
 * correction drops loses the fact; a profile observation is a fact of its own, never superseded.
 * Facts inserted and superseded within the batch are inserted with their superseded time, so
 * the rows do not depend on where batches begin.
 */
export function historyChanges(
  events: readonly RecordedEvent[],
  stored: Map<number, Map<number, HistoryFact>>,
): HistoryChanges {
  const inserts: HistoryFact[] = [];
  const superseded: HistoryChanges['superseded'] = [];
  const storedFacts = new Set<HistoryFact>();
  for (const facts of stored.values()) for (const f of facts.values()) storedFacts.add(f);

  for (const e of events) {
    const recordedAt = e.recordedAt.toISOString();
    if (e.type === 'SubsessionResultsRecorded' || e.type === 'SubsessionResultsCorrected') {
      const data = e.data as SubsessionResultsData;
      const next = resultValues(data);
      const current = stored.get(data.subsessionId) ?? new Map<number, HistoryFact>();
      stored.set(data.subsessionId, current);
      for (const [custId, fact] of current) {
        const now = next.get(custId);
        if (now && sameValues(fact, now)) {
          next.delete(custId);
          continue;
        }
        if (storedFacts.has(fact)) {
          superseded.push({ subsessionId: data.subsessionId, custId, at: recordedAt });
        } else {
          fact.supersededAt = recordedAt;
        }
        current.delete(custId);
      }
      for (const [custId, values] of next) {
        const fact: HistoryFact = {
          custId,
          ...values,
          recordedAt,
          supersededAt: null,
          subsessionId: data.subsessionId,
        };
        inserts.push(fact);
        current.set(custId, fact);
      }
    } else if (e.type === 'DriverProfileRecorded') {
      const data = e.data as DriverProfileData;
      const validFrom = new Date(e.metadata.occurredAt).toISOString();
      for (const l of data.licenses) {
        inserts.push({
          custId: data.custId,
          category: l.category,
          validFrom,
          recordedAt,
          supersededAt: null,
          subsessionId: null,
          irating: l.irating,
          subLevel: Math.round(l.safetyRating * 100),
          licenseLevel: l.licenseLevel,
          licenseGroup: l.group,
        });
      }
    }
  }
  return { inserts, superseded };
}

const columns: Column<HistoryFact>[] = [
  col('cust_id', 'int4', (f) => f.custId),
  col('category', 'text', (f) => f.category),
  col('valid_from', 'timestamptz', (f) => f.validFrom),
  col('recorded_at', 'timestamptz', (f) => f.recordedAt),
  col('superseded_at', 'timestamptz', (f) => f.supersededAt),
  col('subsession_id', 'int4', (f) => f.subsessionId),
  col('irating', 'int4', (f) => f.irating),
  col('sub_level', 'int2', (f) => f.subLevel),
  col('license_level', 'int2', (f) => f.licenseLevel),
  col('license_group', 'int2', (f) => f.licenseGroup),
];

/** The current facts of the races, keyed by subsession then driver. */
async function loadStored(
  trx: Knex.Transaction,
  subsessionIds: readonly number[],
): Promise<Map<number, Map<number, HistoryFact>>> {
  const out = new Map<number, Map<number, HistoryFact>>();
  if (subsessionIds.length === 0) return out;
  const { rows } = await trx.raw<{
    rows: {
      cust_id: number;
      category: string;
      valid_from: Date;
      recorded_at: Date;
      subsession_id: number;
      irating: number | null;
      sub_level: number | null;
      license_level: number | null;
      license_group: number | null;
    }[];
  }>(
    `SELECT cust_id, category, valid_from, recorded_at, subsession_id, irating, sub_level,
            license_level, license_group
       FROM ${DRIVER_HISTORY_TABLE}
      WHERE subsession_id = ANY(?::int4[]) AND superseded_at IS NULL`,
    bind([subsessionIds]),
  );
  for (const r of rows) {
    let facts = out.get(r.subsession_id);
    if (!facts) out.set(r.subsession_id, (facts = new Map<number, HistoryFact>()));
    facts.set(r.cust_id, {
      custId: r.cust_id,
      category: r.category,
      validFrom: r.valid_from.toISOString(),
      recordedAt: r.recorded_at.toISOString(),
      supersededAt: null,
      subsessionId: r.subsession_id,
      irating: r.irating,
      subLevel: r.sub_level,
      licenseLevel: r.license_level,
      licenseGroup: r.license_group,
    });
  }
  return out;
}

/**
 * Recomputes `valid_to` of the current facts of the (driver, category) keys: each fact ends where
 * the next one by race time begins. Superseded facts keep none.
 */
async function linkValidity(
  trx: Knex.Transaction,
  keys: readonly (readonly [number, string])[],
): Promise<void> {
  if (keys.length === 0) return;
  await trx.raw(
    `WITH k AS (SELECT DISTINCT * FROM unnest(?::int4[], ?::text[]) AS k(cust_id, category)),
          n AS (
            SELECT h.ctid AS row_id,
                   lead(h.valid_from) OVER (
                     PARTITION BY h.cust_id, h.category
                     ORDER BY h.valid_from, h.recorded_at, h.subsession_id NULLS FIRST,
                              h.irating, h.sub_level, h.license_level) AS next_from,
                   h.valid_to
              FROM ${DRIVER_HISTORY_TABLE} h JOIN k USING (cust_id, category)
             WHERE h.superseded_at IS NULL)
     UPDATE ${DRIVER_HISTORY_TABLE} h SET valid_to = n.next_from
       FROM n WHERE h.ctid = n.row_id AND h.valid_to IS DISTINCT FROM n.next_from`,
    bind([keys.map((k) => k[0]), keys.map((k) => k[1])]),
  );
}

export async function applyDriverHistory(
  trx: Knex.Transaction,
  events: readonly RecordedEvent[],
): Promise<void> {
  const subsessionIds = new Set<number>();
  for (const e of events) {
    if (e.type === 'SubsessionResultsRecorded' || e.type === 'SubsessionResultsCorrected') {
      subsessionIds.add((e.data as SubsessionResultsData).subsessionId);
    }
  }
  const stored = await loadStored(trx, [...subsessionIds]);
  const categoryOf = new Map<string, string>();
  for (const [sid, facts] of stored) {
    for (const f of facts.values()) categoryOf.set(`${sid}:${f.custId}`, f.category);
  }
  const { inserts, superseded } = historyChanges(events, stored);

  const keys = new Map<string, readonly [number, string]>();
  if (superseded.length > 0) {
    await trx.raw(
      `UPDATE ${DRIVER_HISTORY_TABLE} h SET superseded_at = s.at, valid_to = NULL
         FROM unnest(?::int4[], ?::int4[], ?::timestamptz[]) AS s(subsession_id, cust_id, at)
        WHERE h.subsession_id = s.subsession_id AND h.cust_id = s.cust_id
          AND h.superseded_at IS NULL`,
      bind([
        superseded.map((s) => s.subsessionId),
        superseded.map((s) => s.custId),
        superseded.map((s) => s.at),
      ]),
    );
    for (const s of superseded) {
      const category = categoryOf.get(`${s.subsessionId}:${s.custId}`);
      if (category !== undefined) keys.set(`${s.custId}:${category}`, [s.custId, category]);
    }
  }
  if (inserts.length > 0) {
    const source = rowsSource(columns, inserts);
    await trx.raw(
      `INSERT INTO ${DRIVER_HISTORY_TABLE} (${columns.map((c) => c.name).join(', ')})
       SELECT ${columns.map((c) => c.name).join(', ')} FROM ${source.sql}`,
      source.bindings,
    );
    for (const f of inserts) {
      if (f.supersededAt === null) keys.set(`${f.custId}:${f.category}`, [f.custId, f.category]);
    }
  }
  await linkValidity(trx, [...keys.values()]);
}
