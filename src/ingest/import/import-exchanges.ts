import path from 'node:path';
import type { EventStore } from '../../eventstore/port.ts';
import { placementOf, type RacingFact } from '../pipeline/facts.ts';
import { describeFailure, isFatalForRun } from '../pipeline/failures.ts';
import {
  IngestWriter,
  emptyCounts,
  type AppendedNotice,
  type IngestCounts,
} from '../pipeline/writer.ts';
import { classify } from './classify.ts';
import { readExchanges, recordedAt, scenarioFolders, type RecordedExchange } from './exchanges.ts';
import { resolveCall } from './resolve.ts';

export interface ImportedFolder {
  folder: string;
  status: 'imported' | 'skipped' | 'failed';
  /** The endpoint the payload was recognised as (null when not recognised). */
  endpoint: string | null;
  facts: number;
  appended: number;
  note: string | null;
}

export interface ImportReport {
  folders: ImportedFolder[];
  counts: IngestCounts;
}

export interface ImportOptions {
  eventStore: EventStore;
  /** Observation time for folders whose answers carry no Date (default: now). */
  now?: () => Date;
  onAppended?: (notice: AppendedNotice) => unknown;
  onFolder?: (folder: ImportedFolder, index: number, total: number) => void;
}

/**
 * Offline import of recorded exchanges (a folder of scenario folders, or one scenario folder):
 * each call is reassembled (link, chunks), recognised by its payload, mapped by the ingest's own
 * mappers and recorded by its recorder, so a fact already known appends nothing and a changed
 * one a correction.
 *  - Two folders that describe the same fact (same stream and slot): the later folder wins, and
 *    a fact only derived for want of a better source (a series described by its seasons) loses
 *    to any other; so importing the same folders again appends nothing.
 *  - A folder whose payload cannot be mapped is reported as failed and the rest goes on; error
 *    answers and payloads Pitwall keeps no event for are reported as skipped.
 *  - Observation time of a folder: its recorded Date header (else its rate-limit reset, else now).
 */
export async function importRecordedExchanges(
  dir: string,
  opts: ImportOptions,
): Promise<ImportReport> {
  const folders = await scenarioFolders(dir);
  const report: ImportReport = { folders: [], counts: emptyCounts() };
  const planned: { entry: ImportedFolder; at: Date; facts: RacingFact[] }[] = [];
  const winners = new Map<string, { fact: RacingFact; fallback: boolean }>();

  for (const folder of folders) {
    const name = path.basename(folder);
    let exchanges: RecordedExchange[] = [];
    let entry: ImportedFolder;
    let facts: RacingFact[] = [];
    try {
      exchanges = await readExchanges(folder);
      const classified = classify(resolveCall(exchanges));
      if (classified.kind === 'skipped') {
        entry = {
          folder: name,
          status: 'skipped',
          endpoint: classified.endpoint,
          facts: 0,
          appended: 0,
          note: classified.reason,
        };
      } else {
        entry = {
          folder: name,
          status: 'imported',
          endpoint: classified.endpoint,
          facts: 0,
          appended: 0,
          note: null,
        };
        facts = [...classified.facts, ...(classified.fallbacks ?? [])];
        const fallbacks = new Set(classified.fallbacks ?? []);
        for (const fact of facts) {
          const p = placementOf(fact);
          const key = `${p.streamName}|${p.slot}`;
          const fallback = fallbacks.has(fact);
          const current = winners.get(key);
          if (!current || current.fallback || !fallback) winners.set(key, { fact, fallback });
        }
      }
    } catch (err) {
      if (isFatalForRun(err) && !(err instanceof SyntaxError)) throw err;
      entry = {
        folder: name,
        status: 'failed',
        endpoint: null,
        facts: 0,
        appended: 0,
        note: describeFailure(name, err).message,
      };
    }
    planned.push({ entry, at: recordedAt(exchanges) ?? (opts.now ?? (() => new Date()))(), facts });
  }

  const kept = new Set([...winners.values()].map((w) => w.fact));
  for (const [index, { entry, at, facts }] of planned.entries()) {
    const mine = facts.filter((f) => kept.has(f));
    if (entry.status === 'imported') {
      const writer = new IngestWriter(opts.eventStore, {
        now: () => at,
        source: 'import',
        correlationId: `import-${entry.folder}`,
        ...(opts.onAppended ? { onAppended: opts.onAppended } : {}),
      });
      await writer.record(mine);
      await writer.flush();
      add(report.counts, writer.counts);
      entry.facts = writer.counts.facts;
      entry.appended = writer.counts.appended;
      const notes = [
        writer.counts.corrected > 0 ? `${writer.counts.corrected} corrected` : null,
        facts.length > mine.length
          ? `${facts.length - mine.length} described better by another folder`
          : null,
      ].filter((n) => n !== null);
      entry.note = notes.length > 0 ? notes.join('; ') : null;
    }
    report.folders.push(entry);
    opts.onFolder?.(entry, index, planned.length);
  }
  return report;
}

function add(total: IngestCounts, part: IngestCounts): void {
  total.facts += part.facts;
  total.appended += part.appended;
  total.corrected += part.corrected;
  total.unchanged += part.unchanged;
  total.resultRows += part.resultRows;
  for (const [type, n] of Object.entries(part.byType))
    total.byType[type] = (total.byType[type] ?? 0) + n;
}
