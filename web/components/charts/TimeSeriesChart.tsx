import { PageLink } from '../PageLink.tsx';
import { useCallback, type ReactNode } from 'react';
import { useReaderTimeZone } from '../../hooks/use-reader-time-zone.ts';
import { formatDate } from '../../lib/racing-format.ts';
import { Chart, type ChartTable } from './Chart.tsx';
import { escapeHtml, type ChartOption } from './option.ts';
import type { ChartTheme } from './theme.ts';

/**
 * One line of the chart as columns: point `i` is `at[i]` and `values[i]`. A null value is no
 * point (left out of the line, the tooltip, the table and the summary). `href` and `label` are
 * asked for per point only in the browser, when the chart draws or its table opens, so the
 * server's render does no work per point.
 */
export interface TimeSeries {
  name: string;
  /** Each point's instant, ms since the epoch, in time order. */
  at: readonly number[];
  values: readonly (number | null)[];
  /** The page of point `i` (a race: /subsessions/{id}); clicking the point visits it. */
  href?: (i: number) => string;
  /** What point `i` is, shown in the tooltip and the table ("Race 12345 · Spa"). */
  label?: (i: number) => string;
}

export interface TimeSeriesChartProps {
  name: string;
  title: ReactNode;
  /** The quantity on the value axis ("iRating"). */
  valueName: string;
  series: readonly TimeSeries[];
  /** How values read in the tooltip, the axis and the table (formatIrating, formatSafetyRating). */
  format: (value: number) => string;
  height?: number;
  /** Zoom by wheel/pinch and a slider under the chart (default true). */
  zoom?: boolean;
  /** Draw steps (a rating holds its value until the next race) instead of straight lines. */
  step?: boolean;
  actions?: ReactNode;
  className?: string;
}

/** A point as ECharts holds it (`note`: ECharts reserves `label` for its own label option). */
interface PointDatum {
  value: [number, number];
  href?: string;
  note?: string;
}

/** The indices of the points of `s` (its non-null values). */
function pointsOf(s: TimeSeries): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.values.length; i++) if (s.values[i] !== null) out.push(i);
  return out;
}

/**
 * Values over time (one line per series, overlaid): time axis, zoom, a tooltip per point with
 * the link of its race, a legend when there are several series. The table lists every point.
 */
export function TimeSeriesChart({
  name,
  title,
  valueName,
  series,
  format,
  height = 300,
  zoom = true,
  step = false,
  actions,
  className,
}: TimeSeriesChartProps) {
  const timeZone = useReaderTimeZone();
  const option = useCallback(
    (theme: ChartTheme): ChartOption => {
      const several = series.length > 1;
      const points = series.map(pointsOf);
      const many = points.reduce((n, p) => n + p.length, 0) > 600;
      return {
        animation: false,
        color: [...theme.series],
        textStyle: { color: theme.inkMuted },
        grid: {
          left: 8,
          right: 16,
          top: several ? 36 : 12,
          bottom: zoom ? 56 : 8,
          containLabel: true,
        },
        legend: several
          ? { top: 0, textStyle: { color: theme.ink }, inactiveColor: theme.lineStrong }
          : { show: false },
        tooltip: {
          trigger: 'axis',
          enterable: true,
          confine: true,
          backgroundColor: theme.surface,
          borderColor: theme.lineStrong,
          textStyle: { color: theme.ink },
          formatter: (params) => {
            const items = (Array.isArray(params) ? params : [params]) as {
              seriesName?: string;
              marker?: unknown;
              data?: PointDatum;
            }[];
            const first = items[0]?.data;
            if (!first) return '';
            const lines = [
              `<div><strong>${escapeHtml(formatDate(new Date(first.value[0]).toISOString(), timeZone))}</strong></div>`,
            ];
            for (const item of items) {
              const d = item.data;
              if (!d) continue;
              const text = `${several ? `${escapeHtml(item.seriesName ?? '')}: ` : ''}${escapeHtml(format(d.value[1]))}`;
              const note = d.note ? escapeHtml(d.note) : '';
              lines.push(
                `<div>${typeof item.marker === 'string' ? item.marker : ''}${text}${
                  d.href
                    ? ` · <a href="${escapeHtml(d.href)}" style="color:${theme.accent};text-decoration:underline">${note || 'results'}</a>`
                    : note
                      ? ` · ${note}`
                      : ''
                }</div>`,
              );
            }
            return lines.join('');
          },
        },
        xAxis: {
          type: 'time',
          axisLine: { lineStyle: { color: theme.lineStrong } },
          axisLabel: { color: theme.inkMuted, hideOverlap: true },
          splitLine: { show: false },
        },
        yAxis: {
          type: 'value',
          name: valueName,
          nameTextStyle: { color: theme.inkMuted },
          scale: true,
          axisLabel: { color: theme.inkMuted, formatter: (v: number) => format(v) },
          splitLine: { lineStyle: { color: theme.line } },
        },
        dataZoom: zoom
          ? [
              { type: 'inside', filterMode: 'none' },
              {
                type: 'slider',
                height: 20,
                bottom: 8,
                filterMode: 'none',
                borderColor: theme.line,
                textStyle: { color: theme.inkMuted },
              },
            ]
          : [],
        series: series.map((s, si) => ({
          type: 'line',
          name: s.name,
          step: step ? 'end' : false,
          showSymbol: !many,
          symbolSize: 5,
          sampling: many ? 'lttb' : undefined,
          lineStyle: { width: 2 },
          emphasis: { focus: 'series' },
          data: points[si]!.map((i): PointDatum => {
            const note = s.label?.(i);
            return {
              value: [s.at[i]!, s.values[i]!],
              ...(s.href ? { href: s.href(i) } : {}),
              ...(note ? { note } : {}),
            };
          }),
        })),
      };
    },
    [series, format, valueName, zoom, step, timeZone],
  );

  const table = useCallback((): ChartTable => {
    const several = series.length > 1;
    return {
      columns: [
        ...(several ? [{ header: 'Driver' }] : []),
        { header: 'Date' },
        { header: valueName, numeric: true },
        { header: 'Race' },
      ],
      rows: series.flatMap((s, si) =>
        pointsOf(s).map((i) => {
          const label = s.label?.(i);
          return {
            key: `${si}:${i}`,
            cells: [
              ...(several ? [s.name] : []),
              formatDate(new Date(s.at[i]!).toISOString(), timeZone),
              format(s.values[i]!),
              s.href ? <PageLink href={s.href(i)}>{label ?? 'Results'}</PageLink> : (label ?? ''),
            ],
          };
        }),
      ),
    };
  }, [series, format, valueName, timeZone]);

  const summary = summarise(series, valueName, format);
  return (
    <Chart
      name={name}
      title={title}
      summary={summary}
      height={height}
      option={option}
      table={table}
      linkPoints
      actions={actions}
      className={className}
    />
  );
}

/** "iRating of Ana Silva: 1,350 to 2,345 over 240 points." — the chart in one sentence. */
function summarise(
  series: readonly TimeSeries[],
  valueName: string,
  format: (value: number) => string,
): string {
  const parts = series.map((s) => {
    let first: number | null = null;
    let last: number | null = null;
    let count = 0;
    for (const value of s.values) {
      if (value === null) continue;
      first ??= value;
      last = value;
      count++;
    }
    if (first === null || last === null) return `${s.name}: no data`;
    return `${s.name}: ${format(first)} to ${format(last)} over ${count} points`;
  });
  return `${valueName} over time. ${parts.join('; ')}.`;
}
