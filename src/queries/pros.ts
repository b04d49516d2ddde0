import type { Knex } from 'knex';
import { DRIVERS_TABLE } from '../projections/drivers/tables.ts';
import { PRO_DRIVERS_TABLE, type ProDriverRow } from '../projections/pros/tables.ts';
import { pageMeta, type Paged } from './articles.ts';
import { gearOfPro, gearTypeSlug } from './gear.ts';
import type { GearType } from '../events/gear.ts';
import { licenceRowsJson, toLicenses } from './racing/licences.ts';
import { escapeLike, type LicenseDto, type LicenseRow } from './racing/shapes.ts';

/**
 * Reads of the `pros` read model, joined with the racing `drivers` read model: a pro with an
 * iRacing customer id carries their live licences (every category) and iRacing display name.
 */

export interface ProSummaryDto {
  id: string;
  name: string;
  custId: number | null;
  countryCode: string | null;
  background: string | null;
  teamName: string | null;
  /** The licence with the highest iRating (null without racing data). */
  topLicense: LicenseDto | null;
  updatedAt: string;
}

export interface ProDto extends ProSummaryDto {
  /** The name on iRacing, when the racing data knows the customer id. */
  iracingName: string | null;
  /** Sanitised at projection time; safe to inject. */
  bioHtml: string;
  links: { label: string; url: string }[];
  licenses: LicenseDto[];
  /** The gear they use, in their order; `typeSlug` addresses /gears/{type}. */
  gear: { id: string; type: GearType; typeSlug: string; brand: string; model: string }[];
  createdAt: string;
}

export interface ProListParams {
  page: number;
  perPage: number;
  /** Part of the name, team or background. */
  q?: string | undefined;
}

type ProJoinRow = ProDriverRow & { display_name: string | null; licenses: LicenseRow[] };

const iso = (d: Date) => d.toISOString();

function topLicense(licenses: LicenseDto[]): LicenseDto | null {
  let best: LicenseDto | null = null;
  for (const l of licenses) {
    if (l.irating !== null && (best === null || l.irating > (best.irating ?? -1))) best = l;
  }
  return best;
}

function toSummary(r: ProJoinRow): ProSummaryDto {
  return {
    id: r.id,
    name: r.name,
    custId: r.cust_id,
    countryCode: r.country_code,
    background: r.background,
    teamName: r.team_name,
    topLicense: topLicense(toLicenses(r.licenses)),
    updatedAt: iso(r.updated_at),
  };
}

const select = `p.*, d.display_name, ${licenceRowsJson('p.cust_id')} AS licenses`;

/** Pros by name, paged, optionally matching `q`. */
export async function listPros(db: Knex, params: ProListParams): Promise<Paged<ProSummaryDto>> {
  const q = params.q?.trim() ? `%${escapeLike(params.q.trim())}%` : null;
  const where = q ? 'WHERE (p.name ILIKE ? OR p.team_name ILIKE ? OR p.background ILIKE ?)' : '';
  const bindings = q ? [q, q, q] : [];
  const [rows, count] = await Promise.all([
    db.raw<{ rows: ProJoinRow[] }>(
      `SELECT ${select} FROM ${PRO_DRIVERS_TABLE} p
         LEFT JOIN ${DRIVERS_TABLE} d ON d.cust_id = p.cust_id
         ${where}
         ORDER BY lower(p.name), p.id
         LIMIT ? OFFSET ?`,
      [...bindings, params.perPage, (params.page - 1) * params.perPage],
    ),
    db.raw<{ rows: { total: string }[] }>(
      `SELECT count(*) AS total FROM ${PRO_DRIVERS_TABLE} p ${where}`,
      bindings,
    ),
  ]);
  const total = Number(count.rows[0]?.total ?? 0);
  return {
    data: rows.rows.map(toSummary),
    meta: pageMeta(params.page, params.perPage, total),
  };
}

/** One pro with bio, links and live licences; null when unknown or deleted. */
export async function getProById(db: Knex, id: string): Promise<ProDto | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const { rows } = await db.raw<{ rows: ProJoinRow[] }>(
    `SELECT ${select} FROM ${PRO_DRIVERS_TABLE} p
       LEFT JOIN ${DRIVERS_TABLE} d ON d.cust_id = p.cust_id
      WHERE p.id = ?`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  const licenses = toLicenses(row.licenses);
  const gear = (await gearOfPro(db, id)).map((g) => ({ ...g, typeSlug: gearTypeSlug(g.type) }));
  return {
    ...toSummary(row),
    iracingName: row.display_name,
    bioHtml: row.bio_html,
    links: row.links,
    licenses,
    gear,
    createdAt: iso(row.created_at),
  };
}
