import { IngestMappingError } from '../pipeline/mapping-error.ts';
import { handleJob, type JobContext, type JobHandler } from '../../jobs/define.ts';
import type { JobHandlerDeps } from '../../jobs/handlers.ts';
import { UnrecoverableError } from '../../jobs/bullmq.ts';
import { ingestCatalog } from '../pipeline/ingest-catalog.ts';
import { ingestDrivers } from '../pipeline/ingest-drivers.ts';
import { ingestResults, ingestSubsession, type IngestContext } from '../pipeline/ingest-results.ts';
import { IngestWriter } from '../pipeline/writer.ts';
import {
  ingestCatalogJob,
  ingestDriversJob,
  ingestResultsJob,
  ingestSubsessionJob,
  replaySessionJob,
  subsessionJobId,
} from './definitions.ts';
import { performSessionReplay } from './replay.ts';
import { resolveSource, type ResolvedSource } from './source.ts';

/**
 * The handlers of the `ingest` queue. Each resolves its source when it runs (the configured
 * iRacing account, else the seeded demo world), records through the pipeline and wakes the
 * projections for what it appended. Returns a summary that BullMQ keeps with the completed job.
 */
export function ingestJobHandlers(deps: JobHandlerDeps): JobHandler[] {
  const source = async (): Promise<ResolvedSource> => {
    const resolved = await resolveSource(deps, 'auto');
    if (!resolved) throw new UnrecoverableError('No ingest source is configured');
    return resolved;
  };
  const context = (resolved: ResolvedSource, ctx: JobContext): IngestContext => ({
    client: resolved.client,
    writer: new IngestWriter(deps.eventStore, {
      now: resolved.now,
      source: resolved.source,
      correlationId: ctx.jobId,
      onAppended: (n) => deps.jobs.notifyAppended(n.position, n.eventTypes),
    }),
    signal: ctx.signal,
  });

  return [
    handleJob(ingestCatalogJob, async (data, ctx) => {
      const resolved = await source();
      const ingest = context(resolved, ctx);
      const report = await ingestCatalog(ingest, data.quarters ? { quarters: data.quarters } : {});
      await ingest.writer.flush();
      ctx.logger.info(
        { source: resolved.description, ...report, counts: ingest.writer.counts },
        'catalog ingested',
      );
      return { ...report, counts: ingest.writer.counts };
    }),

    handleJob(ingestResultsJob, async (data, ctx) => {
      const resolved = await source();
      const ingest = context(resolved, ctx);
      const report = await ingestResults(
        ingest,
        {
          from: new Date(data.from),
          to: new Date(data.to),
          ...(data.eventTypes ? { eventTypes: data.eventTypes } : {}),
          ...(data.seriesId !== undefined ? { seriesId: data.seriesId } : {}),
          ...(data.officialOnly !== undefined ? { officialOnly: data.officialOnly } : {}),
        },
        (p) => void ctx.updateProgress({ ...p }).catch(() => undefined),
      );
      await ingest.writer.flush();
      // A subsession that failed for a passing reason gets its own job with its own retries.
      const retry = report.failedIds.filter((_, i) => report.failed[i]?.retryable);
      for (const subsessionId of retry) {
        await deps.jobs.enqueue(
          ingestSubsessionJob,
          { subsessionId },
          { jobId: subsessionJobId(subsessionId) },
        );
      }
      const summary = {
        windows: report.windows.length,
        found: report.found,
        duplicates: report.duplicates,
        ingested: report.ingested,
        failed: report.failed,
        retried: retry.length,
        counts: ingest.writer.counts,
      };
      ctx.logger.info(
        { source: resolved.description, ...summary, failed: report.failed.length },
        'results ingested',
      );
      return summary;
    }),

    handleJob(ingestSubsessionJob, async (data, ctx) => {
      const resolved = await source();
      const ingest = context(resolved, ctx);
      try {
        const outcome = await ingestSubsession(ingest, data.subsessionId);
        await ingest.writer.flush();
        return { appended: outcome.appended.map((a) => a.type) };
      } catch (err) {
        // The same payload would fail the same way: no retry.
        if (err instanceof IngestMappingError) throw new UnrecoverableError(err.message);
        throw err;
      }
    }),

    handleJob(ingestDriversJob, async (data, ctx) => {
      const resolved = await source();
      const ingest = context(resolved, ctx);
      const report = await ingestDrivers(ingest, {
        custIds: data.custIds,
        ...(data.charts ? { charts: data.charts } : {}),
      });
      await ingest.writer.flush();
      ctx.logger.info(
        {
          source: resolved.description,
          requested: report.requested,
          found: report.found,
          failed: report.failed.length,
        },
        'drivers ingested',
      );
      return { ...report, counts: ingest.writer.counts };
    }),

    handleJob(replaySessionJob, async (data, ctx) => {
      const resolved = await source();
      const outcome = await performSessionReplay(
        {
          knex: deps.knex,
          eventStore: deps.eventStore,
          source: resolved,
          command: {
            notifyAppended: (a) => deps.jobs.notifyAppended(a.position, a.eventTypes),
            logger: ctx.logger,
            correlationId: ctx.jobId,
          },
          onAppended: (n) => deps.jobs.notifyAppended(n.position, n.eventTypes),
          signal: ctx.signal,
        },
        data,
        { attempt: ctx.attempt, maxAttempts: ctx.maxAttempts },
      );
      ctx.logger.info(
        { sessionId: data.sessionId, run: data.run, ...outcome },
        'session replay finished',
      );
      return outcome;
    }),
  ];
}
