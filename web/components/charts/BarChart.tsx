import { useCallback, type ReactNode } from 'react';
import { Chart, type ChartTable } from './Chart.tsx';
import { escapeHtml, type ChartOption } from './option.ts';
import type { ChartTheme } from './theme.ts';

export interface Bar {
  /** The category label on the axis ("2,300–2,399", "Class A"). */
  label: string;
  value: number;
  /** A fixed fill (licence colours); default the theme's first series colour. */
  color?: string;
  /** Extra tooltip line ("better than 81.6% of drivers"). */
  note?: string;
}

/** A marked bar: a vertical line over it with a label (a favorite driver's iRating). */
export interface BarMark {
  label: string;
  /** The `label` of the bar to mark. */
  at: string;
}

export interface BarChartProps {
  name: string;
  title: ReactNode;
  /** The category axis ("iRating"). */
  categoryName: string;
  /** The value axis ("Drivers"). */
  valueName: string;
  bars: readonly Bar[];
  format: (value: number) => string;
  marks?: readonly BarMark[];
  height?: number;
  /** Zoom along the categories (histograms with hundreds of buckets). */
  zoom?: boolean;
  /** Summary sentence for screen readers (default: the largest bar). */
  summary?: string;
  actions?: ReactNode;
  className?: string;
}

/**
 * Bars per category (a histogram or a distribution), with tooltips and optional marks; the table
 * lists every bar.
 */
export function BarChart({
  name,
  title,
  categoryName,
  valueName,
  bars,
  format,
  marks = [],
  height = 280,
  zoom = false,
  summary,
  actions,
  className,
}: BarChartProps) {
  const option = useCallback(
    (theme: ChartTheme): ChartOption => ({
      animation: false,
      textStyle: { color: theme.inkMuted },
      grid: {
        left: 8,
        right: 16,
        top: marks.length > 0 ? 28 : 12,
        bottom: zoom ? 56 : 8,
        containLabel: true,
      },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        confine: true,
        backgroundColor: theme.surface,
        borderColor: theme.lineStrong,
        textStyle: { color: theme.ink },
        formatter: (params) => {
          const item = (Array.isArray(params) ? params[0] : params) as
            { dataIndex?: number } | undefined;
          const bar = item?.dataIndex === undefined ? undefined : bars[item.dataIndex];
          if (!bar) return '';
          const marked = marks.filter((m) => m.at === bar.label).map((m) => escapeHtml(m.label));
          return [
            `<div><strong>${escapeHtml(categoryName)} ${escapeHtml(bar.label)}</strong></div>`,
            `<div>${escapeHtml(valueName)}: ${escapeHtml(format(bar.value))}</div>`,
            bar.note ? `<div>${escapeHtml(bar.note)}</div>` : '',
            marked.length > 0 ? `<div>★ ${marked.join(', ')}</div>` : '',
          ].join('');
        },
      },
      xAxis: {
        type: 'category',
        data: bars.map((b) => b.label),
        axisLine: { lineStyle: { color: theme.lineStrong } },
        axisLabel: { color: theme.inkMuted, hideOverlap: true },
      },
      yAxis: {
        type: 'value',
        name: valueName,
        nameTextStyle: { color: theme.inkMuted },
        axisLabel: { color: theme.inkMuted, formatter: (v: number) => format(v) },
        splitLine: { lineStyle: { color: theme.line } },
      },
      dataZoom: zoom
        ? [
            { type: 'inside' },
            {
              type: 'slider',
              height: 20,
              bottom: 8,
              borderColor: theme.line,
              textStyle: { color: theme.inkMuted },
            },
          ]
        : [],
      series: [
        {
          type: 'bar',
          name: valueName,
          barCategoryGap: '10%',
          data: bars.map((b) => ({
            value: b.value,
            itemStyle: { color: b.color ?? theme.series[0] },
          })),
          markLine:
            marks.length > 0
              ? {
                  symbol: 'none',
                  silent: true,
                  lineStyle: { color: theme.mark, type: 'dashed', width: 2 },
                  label: { color: theme.ink, formatter: '{b}', position: 'end' },
                  data: marks.map((m) => ({ name: m.label, xAxis: m.at })),
                }
              : undefined,
        },
      ],
    }),
    [bars, marks, format, categoryName, valueName, zoom],
  );

  const table = useCallback(
    (): ChartTable => ({
      columns: [
        { header: categoryName },
        { header: valueName, numeric: true },
        ...(bars.some((b) => b.note) ? [{ header: 'Note' }] : []),
        ...(marks.length > 0 ? [{ header: 'Marked' }] : []),
      ],
      rows: bars.map((b) => ({
        key: b.label,
        cells: [
          b.label,
          format(b.value),
          ...(bars.some((x) => x.note) ? [b.note ?? ''] : []),
          ...(marks.length > 0
            ? [
                marks
                  .filter((m) => m.at === b.label)
                  .map((m) => m.label)
                  .join(', '),
              ]
            : []),
        ],
      })),
    }),
    [bars, marks, format, categoryName, valueName],
  );

  const largest = bars.reduce<Bar | null>(
    (a, b) => (a === null || b.value > a.value ? b : a),
    null,
  );
  return (
    <Chart
      name={name}
      title={title}
      summary={
        summary ??
        (largest
          ? `${valueName} per ${categoryName}: ${bars.length} bars, the largest ${largest.label} with ${format(largest.value)}.`
          : `${valueName} per ${categoryName}: no data.`)
      }
      height={height}
      option={option}
      table={table}
      actions={actions}
      className={className}
    />
  );
}
