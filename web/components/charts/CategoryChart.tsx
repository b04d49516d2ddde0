import { useCallback, type ReactNode } from 'react';
import { Chart, type ChartTable } from './Chart.tsx';
import { escapeHtml, type ChartOption } from './option.ts';
import type { ChartTheme } from './theme.ts';

/** One series over the categories: a value per category (null: none there). */
export interface CategorySeries {
  name: string;
  values: readonly (number | null)[];
  /** Bars (counts) or a line (rates, times); default bars. */
  kind?: 'bar' | 'line';
}

export interface CategoryChartProps {
  name: string;
  title: ReactNode;
  /** The category axis ("Week", "iRating"). */
  categoryName: string;
  /** The value axis ("Entries", "Lap time"). */
  valueName: string;
  categories: readonly string[];
  series: readonly CategorySeries[];
  format: (value: number) => string;
  height?: number;
  /** Start the value axis at the data rather than at 0 (lap times, SoF). */
  scaleToData?: boolean;
  summary?: string;
  actions?: ReactNode;
  className?: string;
}

/**
 * Several series over the same categories (weeks, iRating bands, time slots), as grouped bars
 * or lines, with a legend when there are several and one tooltip per category; the table lists
 * every category with a column per series.
 */
export function CategoryChart({
  name,
  title,
  categoryName,
  valueName,
  categories,
  series,
  format,
  height = 300,
  scaleToData = false,
  summary,
  actions,
  className,
}: CategoryChartProps) {
  const several = series.length > 1;
  const option = useCallback(
    (theme: ChartTheme): ChartOption => ({
      animation: false,
      textStyle: { color: theme.inkMuted },
      grid: { left: 8, right: 16, top: several ? 36 : 12, bottom: 8, containLabel: true },
      legend: several
        ? { top: 0, textStyle: { color: theme.ink }, inactiveColor: theme.lineStrong }
        : { show: false },
      tooltip: {
        trigger: 'axis',
        confine: true,
        backgroundColor: theme.surface,
        borderColor: theme.lineStrong,
        textStyle: { color: theme.ink },
        formatter: (params) => {
          const items = (Array.isArray(params) ? params : [params]) as {
            seriesName?: string;
            marker?: unknown;
            dataIndex?: number;
            value?: unknown;
          }[];
          const index = items[0]?.dataIndex;
          if (index === undefined) return '';
          const lines = items
            .filter((i) => typeof i.value === 'number')
            .map(
              (i) =>
                `<div>${typeof i.marker === 'string' ? i.marker : ''}${escapeHtml(i.seriesName ?? '')}: ${escapeHtml(format(i.value as number))}</div>`,
            );
          return [
            `<div><strong>${escapeHtml(categoryName)} ${escapeHtml(categories[index] ?? '')}</strong></div>`,
            ...lines,
          ].join('');
        },
      },
      xAxis: {
        type: 'category',
        data: [...categories],
        axisLine: { lineStyle: { color: theme.lineStrong } },
        axisLabel: { color: theme.inkMuted, hideOverlap: true },
      },
      yAxis: {
        type: 'value',
        name: valueName,
        scale: scaleToData,
        nameTextStyle: { color: theme.inkMuted },
        axisLabel: { color: theme.inkMuted, formatter: (v: number) => format(v) },
        splitLine: { lineStyle: { color: theme.line } },
      },
      series: series.map((s, i) =>
        s.kind === 'line'
          ? {
              type: 'line' as const,
              name: s.name,
              connectNulls: true,
              showSymbol: true,
              symbolSize: 6,
              itemStyle: { color: theme.series[i % theme.series.length] },
              lineStyle: { color: theme.series[i % theme.series.length], width: 2 },
              data: s.values.map((v) => v ?? null),
            }
          : {
              type: 'bar' as const,
              name: s.name,
              itemStyle: { color: theme.series[i % theme.series.length] },
              data: s.values.map((v) => v ?? null),
            },
      ),
    }),
    [categories, series, format, categoryName, valueName, several, scaleToData],
  );

  const table = useCallback(
    (): ChartTable => ({
      columns: [
        { header: categoryName },
        ...series.map((s) => ({ header: s.name, numeric: true })),
      ],
      rows: categories.map((c, index) => ({
        key: c,
        cells: [
          c,
          ...series.map((s) => {
            const v = s.values[index];
            return v === null || v === undefined ? '—' : format(v);
          }),
        ],
      })),
    }),
    [categories, series, format, categoryName],
  );

  return (
    <Chart
      name={name}
      title={title}
      summary={
        summary ??
        (categories.length > 0
          ? `${series.map((s) => s.name).join(', ')} per ${categoryName.toLowerCase()}, over ${categories.length} ${categories.length === 1 ? 'value' : 'values'}.`
          : `${valueName} per ${categoryName.toLowerCase()}: no data.`)
      }
      height={height}
      option={option}
      table={table}
      actions={actions}
      className={className}
    />
  );
}
