import { RACING_CATEGORY_IDS } from '../../events/racing/common.ts';
import type { DriverProfileData, RatingChart } from '../../events/racing/drivers.ts';
import { chunks, forEachBounded } from './bounded.ts';
import { describeFailure, isFatalForRun, type IngestFailure } from './failures.ts';
import type { IngestContext } from './ingest-results.ts';
import { DEFAULT_CONCURRENCY } from './ingest-results.ts';
import { chartTypeOf, mapChartData, mapMemberProfile } from './map-drivers.ts';
import type { RacingFact } from './facts.ts';

export interface DriversOptions {
  custIds: readonly number[];
  /** Charts fetched per category the member has an iRating in. Default ['irating']. */
  charts?: readonly RatingChart[];
  /** Members per member/get call. Default 50. */
  batchSize?: number;
}

export interface DriversProgress {
  done: number;
  total: number;
  failed: number;
}

export interface DriversReport {
  requested: number;
  /** Members member/get answered. */
  found: number;
  /** Ids member/get did not return. */
  missing: number[];
  failed: IngestFailure[];
}

/**
 * member/get (with licences) in batches, then member/chart_data for each category the member
 * has an iRating in; the profile and the charts of one member are recorded together in
 * `driver-<custId>` (one append). A chart that fails is reported and the profile is still
 * recorded; a batch that fails is reported for each of its members.
 */
export async function ingestDrivers(
  ctx: IngestContext,
  opts: DriversOptions,
  onProgress?: (p: DriversProgress) => void,
): Promise<DriversReport> {
  const ids = [...new Set(opts.custIds)];
  const charts = opts.charts ?? ['irating'];
  const report: DriversReport = { requested: ids.length, found: 0, missing: [], failed: [] };
  let done = 0;
  for (const batch of chunks(ids, opts.batchSize ?? 50)) {
    if (ctx.signal?.aborted) break;
    let members;
    try {
      members = (await ctx.client.members(batch, { includeLicenses: true })).members;
    } catch (err) {
      if (isFatalForRun(err)) throw err;
      for (const id of batch) report.failed.push(describeFailure(`driver ${id}`, err));
      done += batch.length;
      onProgress?.({ done, total: ids.length, failed: report.failed.length });
      continue;
    }
    const answered = new Set(members.map((m) => m.cust_id));
    report.missing.push(...batch.filter((id) => !answered.has(id)));
    report.found += members.length;
    await forEachBounded(
      members,
      ctx.concurrency ?? DEFAULT_CONCURRENCY,
      async (member) => {
        let profile: DriverProfileData;
        try {
          profile = mapMemberProfile(member);
        } catch (err) {
          if (isFatalForRun(err)) throw err;
          report.failed.push(describeFailure(`driver ${member.cust_id}`, err));
          return;
        }
        const facts: RacingFact[] = [{ kind: 'driver-profile', data: profile }];
        for (const licence of profile.licenses) {
          if (licence.irating === null) continue;
          for (const chart of charts) {
            const subject = `driver ${member.cust_id} chart ${chart} ${licence.category}`;
            try {
              const payload = await ctx.client.memberChartData({
                custId: member.cust_id,
                categoryId: RACING_CATEGORY_IDS[licence.category],
                chartType: chartTypeOf(chart),
              });
              facts.push({ kind: 'rating-history', data: mapChartData(payload) });
            } catch (err) {
              if (isFatalForRun(err)) throw err;
              report.failed.push(describeFailure(subject, err));
            }
          }
        }
        await ctx.writer.record(facts);
      },
      ctx.signal,
    );
    done += batch.length;
    onProgress?.({ done, total: ids.length, failed: report.failed.length });
  }
  return report;
}
