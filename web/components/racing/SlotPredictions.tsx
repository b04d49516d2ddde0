import type { SlotPredictionDto } from '../../generated/dtos.ts';
import { Card } from '../Card.tsx';
import { DataTable, type Column } from '../DataTable.tsx';
import { formatInteger, formatIrating, NONE } from '../../lib/racing-format.ts';
import { trackLabel } from './series-parts.tsx';
import { When } from './When.tsx';

/** One coming time slot with its prediction, as the server sends it. */
export type UpcomingSlot = SlotPredictionDto;

const range = (low: number, high: number) =>
  low === high ? '' : ` (${formatInteger(low)}–${formatInteger(high)})`;

/** A probability as a reader takes it: "97%", never a false certainty ("> 99%", "< 1%"). */
export function formatChance(p: number): string {
  if (p > 0.99) return '> 99%';
  if (p < 0.01) return '< 1%';
  return `${Math.round(p * 100)}%`;
}

const columns: Column<UpcomingSlot>[] = [
  {
    key: 'start',
    header: 'Starts',
    cell: (s) => (
      <span className="whitespace-nowrap">
        <When iso={s.startTime} />
      </span>
    ),
  },
  {
    key: 'track',
    header: 'Week · track',
    cell: (s) => `W${s.week} · ${trackLabel(s.trackName, s.configName)}`,
    hideBelow: 'md',
  },
  {
    key: 'entries',
    header: 'Entries',
    numeric: true,
    cell: (s) => (
      <span className="whitespace-nowrap" data-test="predicted-entries">
        {`~${formatInteger(s.entries)}`}
        <span className="text-xs text-ink-muted">{range(s.entriesLow, s.entriesHigh)}</span>
      </span>
    ),
  },
  {
    key: 'splits',
    header: 'Splits',
    numeric: true,
    cell: (s) => (
      <span className="whitespace-nowrap" data-test="predicted-splits">
        {s.splits}
        <span className="text-xs text-ink-muted">{range(s.splitsLow, s.splitsHigh)}</span>
      </span>
    ),
  },
  {
    key: 'sof',
    header: 'Top split SoF',
    numeric: true,
    cell: (s) => (s.topSof === null ? NONE : `~${formatIrating(s.topSof)}`),
  },
  {
    key: 'official',
    header: 'Goes official',
    numeric: true,
    cell: (s) => (
      <span className="whitespace-nowrap" data-test="predicted-official">
        {formatChance(s.officialProbability)}
      </span>
    ),
  },
  {
    key: 'basis',
    header: 'Based on',
    cell: (s) =>
      s.basis === 0
        ? 'recent races'
        : `${s.basis} past ${s.basis === 1 ? 'race' : 'races'} in this slot`,
    hideBelow: 'lg',
  },
];

/**
 * The series' coming time slots with predicted entries, splits and top-split SoF, each with its
 * 80% range (src/domain/split-prediction.ts; docs/irating-and-prediction.md).
 */
export function SlotPredictions({
  slots,
  title = 'Coming races: predicted',
  className,
}: {
  slots: readonly UpcomingSlot[];
  title?: string;
  className?: string;
}) {
  if (slots.length === 0) return null;
  return (
    <Card title={title} className={className} flush data-test="slot-predictions">
      <p className="px-4 pt-3 text-sm text-ink-muted">
        Predicted from the same time slot in recent weeks; the ranges in brackets hold the actual
        figure about 4 times in 5. Splits follow iRacing’s rule: entries over the series’ field
        size, balanced. “Goes official” is the chance that at least 6 drivers register (iRacing’s
        minimum for an official race), from the same slots and the spread of their entries.
      </p>
      <DataTable
        columns={columns}
        rows={slots}
        rowKey={(s) => s.startTime}
        caption="Coming races with predicted entries, splits, top split strength of field and chance to go official"
        data-test="slot-predictions-table"
      />
    </Card>
  );
}
