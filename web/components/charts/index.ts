/**
 * The chart family (docs/ui.md, "Charts"): `Chart` is the frame every chart shares (figure,
 * reserved size, lazy library, theme, numbers as a table); `TimeSeriesChart` and `BarChart`
 * build its ECharts option for the two shapes the racing pages need.
 */
export { Chart, type ChartProps, type ChartTable } from './Chart.tsx';
export { TimeSeriesChart, type TimeSeries } from './TimeSeriesChart.tsx';
export { BarChart, type Bar, type BarMark } from './BarChart.tsx';
export { CategoryChart, type CategorySeries } from './CategoryChart.tsx';
export type { ChartOption } from './option.ts';
export type { ChartTheme } from './theme.ts';
