/**
 * The chart library, loaded only by pages that draw a chart: `ChartFrame` imports this module
 * dynamically after hydration, so ECharts lives in its own lazy chunk and never in the entry.
 * Tree-shaken: only the chart kinds, components and the canvas renderer registered here are
 * bundled. A chart kind or component a chart option uses must be registered here.
 */
import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import { init, use as register } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

register([
  LineChart,
  BarChart,
  ScatterChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  MarkLineComponent,
  CanvasRenderer,
]);

export { init };
