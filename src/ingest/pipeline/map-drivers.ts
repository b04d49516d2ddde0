import {
  driverProfileData,
  driverRatingHistoryData,
  type DriverLicense,
  type DriverProfileData,
  type DriverRatingHistoryData,
  type RatingChart,
} from '../../events/racing/drivers.ts';
import { racingCategoryFromId } from '../../events/racing/common.ts';
import { CHART_TYPE, type ChartData, type MemberInfo } from '../schemas/index.ts';
import { IngestMappingError } from './mapping-error.ts';
import { groupOrNull, isoDay } from './values.ts';

/**
 * member/get (with licences) → DriverProfileRecorded data. Pure.
 *  - licences of categories Pitwall does not know are dropped; `irating`/`tt_rating` absent
 *    (never raced) become null; the licence group is the API's `group_id`;
 *  - `countryCode` stays null: member/get only names the flair (results carry the ISO code,
 *    and the drivers read model keeps the one it has);
 *  - member/get has no club (flair replaced it): `clubName` null.
 */
export function mapMemberProfile(member: MemberInfo): DriverProfileData {
  const subject = `member/get cust_id ${member.cust_id}`;
  const licenses: DriverLicense[] = [];
  for (const l of member.licenses ?? []) {
    const category = racingCategoryFromId(l.category_id);
    const group = groupOrNull(l.group_id);
    if (!category || group === null || l.license_level < 1 || l.license_level > 28) continue;
    licenses.push({
      category,
      licenseLevel: l.license_level,
      safetyRating: Math.max(0, l.safety_rating),
      group,
      irating: l.irating ?? null,
      ttRating: l.tt_rating ?? null,
      cpi: l.cpi ?? null,
    });
  }
  licenses.sort((a, b) => a.category.localeCompare(b.category));
  const data: DriverProfileData = {
    custId: member.cust_id,
    displayName: member.display_name,
    memberSince: member.member_since ? isoDay(member.member_since, subject) : null,
    countryCode: null,
    flairName: member.flair_name ?? null,
    clubName: null,
    licenses,
  };
  const checked = driverProfileData.safeParse(data);
  if (!checked.success) {
    throw new IngestMappingError(
      subject,
      'does not fit DriverProfileRecorded',
      checked.error.issues,
    );
  }
  return checked.data;
}

const CHARTS: Record<number, RatingChart> = {
  [CHART_TYPE.irating]: 'irating',
  [CHART_TYPE.ttRating]: 'tt_rating',
  [CHART_TYPE.licence]: 'license',
};

export const chartTypeOf = (chart: RatingChart): number =>
  chart === 'irating'
    ? CHART_TYPE.irating
    : chart === 'tt_rating'
      ? CHART_TYPE.ttRating
      : CHART_TYPE.licence;

/**
 * member/chart_data → DriverRatingHistoryRecorded data (the whole chart). Pure. Points keep the
 * API's order; values are rounded to integers; a blacked-out chart has no points.
 */
export function mapChartData(chart: ChartData): DriverRatingHistoryData {
  const subject = `member/chart_data cust_id ${chart.cust_id} category ${chart.category_id} chart ${chart.chart_type}`;
  const category = racingCategoryFromId(chart.category_id);
  if (!category) throw new IngestMappingError(subject, `unknown category id ${chart.category_id}`);
  const kind = CHARTS[chart.chart_type];
  if (!kind) throw new IngestMappingError(subject, `unknown chart_type ${chart.chart_type}`);
  const data: DriverRatingHistoryData = {
    custId: chart.cust_id,
    category,
    chart: kind,
    points: chart.data.map((p) => ({ date: isoDay(p.when, subject), value: Math.round(p.value) })),
  };
  const checked = driverRatingHistoryData.safeParse(data);
  if (!checked.success) {
    throw new IngestMappingError(
      subject,
      'does not fit DriverRatingHistoryRecorded',
      checked.error.issues,
    );
  }
  return checked.data;
}
