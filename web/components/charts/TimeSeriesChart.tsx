import { PageLink } from '../PageLink.tsx';
import { useCallback, type ReactNode } from 'react';
import { useReaderTimeZone } from '../../hooks/use-reader-time-zone.ts';
import { formatDate } from '../../lib/racing-format.ts';
import { Chart, type ChartTable } from './Chart.tsx';
import { escapeHtml, type ChartOption } from './option.ts';
import type { ChartTheme } from './theme.ts';

/** One point in time: an ISO date or instant, its value, and optionally the page it links to. */
export interface TimePoint {
  at: string;
  value: number;
  /** The page of this point (a race: /subsessions/{id}); clicking the point visits it. */
  href?: string;
  /** What the point is, shown in the tooltip and the table ("Race 12345 · Spa"). */
  label?: string;
}

export interface TimeSeries {
  name: string;
  points: readonly TimePoint[];
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

const timeOf = (at: string): number =>
  Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(at) ? `${at}T00:00Z` : at);

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
      const many = series.reduce((n, s) => n + s.points.length, 0) > 600;
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
        series: series.map((s) => ({
          type: 'line',
          name: s.name,
          step: step ? 'end' : false,
          showSymbol: !many,
          symbolSize: 5,
          sampling: many ? 'lttb' : undefined,
          lineStyle: { width: 2 },
          emphasis: { focus: 'series' },
          data: s.points.map((p): PointDatum => ({
            value: [timeOf(p.at), p.value],
            ...(p.href ? { href: p.href } : {}),
            ...(p.label ? { note: p.label } : {}),
          })),
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
        s.points.map((p, pi) => ({
          key: `${si}:${pi}`,
          cells: [
            ...(several ? [s.name] : []),
            formatDate(p.at, timeZone),
            format(p.value),
            p.href ? <PageLink href={p.href}>{p.label ?? 'Results'}</PageLink> : (p.label ?? ''),
          ],
        })),
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
    const first = s.points[0];
    const last = s.points[s.points.length - 1];
    if (!first || !last) return `${s.name}: no data`;
    return `${s.name}: ${format(first.value)} to ${format(last.value)} over ${s.points.length} points`;
  });
  return `${valueName} over time. ${parts.join('; ')}.`;
}
