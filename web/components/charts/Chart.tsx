import { router } from '@inertiajs/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useAppearance } from '../../hooks/use-appearance.ts';
import { cn } from '../../lib/cn.ts';
import type { ChartOption } from './option.ts';
import { chartTheme, type ChartTheme } from './theme.ts';

/** The numbers behind a chart, as a table (built only when the reader opens it). */
export interface ChartTable {
  columns: readonly { header: string; numeric?: boolean }[];
  rows: readonly { key: string | number; cells: readonly ReactNode[] }[];
}

export interface ChartProps {
  /** `data-chart` of the container: the name tests and probes find the chart by. */
  name: string;
  /** The question the chart answers ("iRating over time"); the figure's caption. */
  title: ReactNode;
  /** What it shows in words, for screen readers (the canvas itself is an image). */
  summary: string;
  /** Height in px, reserved in the server's HTML so nothing moves when the chart draws. */
  height?: number;
  /** Builds the ECharts option for the theme shown (called in the browser only). */
  option: (theme: ChartTheme) => ChartOption;
  /** The chart's numbers; offered as a table under it ("Show the numbers"). */
  table: () => ChartTable;
  /** A click on a data point with an `href` (in its ECharts data item) visits that page. */
  linkPoints?: boolean;
  /** Controls shown under the title (a category switch, a legend note). */
  actions?: ReactNode;
  className?: string;
}

interface EChartsLike {
  setOption(option: ChartOption, opts?: { notMerge?: boolean }): void;
  resize(): void;
  dispose(): void;
  on(event: 'click', handler: (params: { data?: unknown }) => void): void;
}

/**
 * One chart: a `<figure data-chart=name>` with its title, a box of fixed height that the server
 * renders empty (so the chart takes its place without moving anything) and a disclosure with
 * its numbers as a table. After hydration the box loads the chart library (./runtime.ts, a lazy
 * chunk) and draws on a canvas in the theme's colours; it redraws when the theme or the data
 * change and resizes with its box. `data-chart-state` is `pending` until the first draw, then
 * `drawn`.
 */
export function Chart({
  name,
  title,
  summary,
  height = 280,
  option,
  table,
  linkPoints = false,
  actions,
  className,
}: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsLike | null>(null);
  const [drawn, setDrawn] = useState(false);
  /** Counts chart creations, so the drawing effect runs once the library has loaded. */
  const [ready, setReady] = useState(0);
  const { resolved } = useAppearance();

  // Create the chart once, in the browser; dispose of it with the component.
  useEffect(() => {
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    void import('./runtime.ts').then(({ init }) => {
      if (cancelled || !box.current) return;
      const instance = init(box.current, null, { renderer: 'canvas' }) as unknown as EChartsLike;
      chart.current = instance;
      if (linkPoints) {
        instance.on('click', (params) => {
          const href = (params.data as { href?: unknown } | undefined)?.href;
          if (typeof href === 'string') router.visit(href);
        });
      }
      observer = new ResizeObserver(() => instance.resize());
      observer.observe(box.current);
      setDrawn(false);
      setReady((n) => n + 1);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [linkPoints]);

  // Draw (again) when the chart exists, the theme changes or the option builder changes.
  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    instance.setOption(option(chartTheme(resolved)), { notMerge: true });
    setDrawn(true);
  }, [ready, option, resolved]);

  return (
    <figure
      className={cn('min-w-0', className)}
      data-chart={name}
      data-chart-state={drawn ? 'drawn' : 'pending'}
    >
      <figcaption className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm font-semibold text-ink">{title}</span>
        {actions}
      </figcaption>
      <div
        ref={box}
        role="img"
        aria-label={summary}
        style={{ height }}
        className={cn('w-full rounded-md', !drawn && 'animate-pulse bg-surface-muted')}
      />
      <ChartNumbers caption={summary} table={table} />
    </figure>
  );
}

/** The chart's numbers behind a disclosure; the table is built only once it is opened. */
function ChartNumbers({ caption, table }: { caption: string; table: () => ChartTable }) {
  const [open, setOpen] = useState(false);
  const data = open ? table() : null;
  return (
    <details className="mt-2 text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-ink-muted hover:text-ink">
        Show the numbers as a table
      </summary>
      {data && (
        <div className="mt-2 max-h-80 overflow-auto rounded-md border border-line">
          <table className="w-full border-collapse text-sm tabular-nums">
            <caption className="sr-only">{caption}</caption>
            <thead className="sticky top-0 bg-surface-muted text-xs text-ink-muted uppercase">
              <tr>
                {data.columns.map((column) => (
                  <th
                    key={column.header}
                    scope="col"
                    className={cn('px-3 py-1.5', column.numeric ? 'text-right' : 'text-left')}
                  >
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.key} className="border-t border-line">
                  {row.cells.map((cell, i) => (
                    <td
                      key={i}
                      className={cn(
                        'px-3 py-1',
                        data.columns[i]?.numeric ? 'text-right' : 'text-left',
                      )}
                    >
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}
