import { router } from '@inertiajs/react';
import { PageLink } from './PageLink.tsx';
import { useId, useState, type FormEvent } from 'react';
import { formatDay, formatKnown } from '../../src/domain/as-of.ts';
import { Button } from './Button.tsx';
import { inputClasses } from './Input.tsx';
import { cn } from '../lib/cn.ts';

/**
 * The as-of state of a page (docs/as-of.md), as the server resolved `?asOf=&known=`.
 * `day`: the race-time day shown (null: today); `known`: the learned time (null: as known now);
 * `min`/`max`: the days the picker offers (first race Pitwall holds, today); `notice`: why a
 * requested date was not shown (in the future, before the data: the page shows today) or a
 * `known` not applied (a list follows race time only), as sentences for the reader.
 */
export interface AsOfView {
  day: string | null;
  known: string | null;
  min: string | null;
  max: string;
  notice: string | null;
}

/** `path?query` with the as-of parameters set (and the others of `keep`). */
export function asOfHref(
  path: string,
  keep: Readonly<Record<string, string>>,
  asOf: { day?: string | null; known?: string | null } = {},
): string {
  const q = new URLSearchParams(keep);
  if (asOf.day) q.set('asOf', asOf.day);
  if (asOf.known) q.set('known', asOf.known);
  const text = q.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The date picker and, while the page shows the past, the banner naming both clocks: "Viewing
 * Pitwall as of 1 May 2026 (race time), as known now (learned time) — back to today". The picker
 * is a GET form (works without JavaScript; hydrated, an Inertia visit) whose date input is
 * bounded by the data's first day and today. `path` is the page's path and `keep` the query
 * parameters a new date keeps (a category, not a page cursor). `data-test`: `as-of-banner`,
 * `as-of-today`, `as-of-notice`, `as-of-form`, `as-of-input`, `as-of-submit`.
 */
export function AsOfBar({
  view,
  path,
  keep = {},
  className,
}: {
  view: AsOfView;
  path: string;
  keep?: Readonly<Record<string, string>>;
  className?: string;
}) {
  const inputId = useId();
  const hintId = useId();
  const [value, setValue] = useState(view.day ?? '');
  const past = view.day !== null || view.known !== null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    router.get(asOfHref(path, keep, { day: value || null }));
  };
  return (
    <div className={cn('grid gap-3', className)}>
      {past && (
        <section
          aria-label="Viewing Pitwall in the past"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-info/40 bg-info-soft px-4 py-3 text-sm text-info"
          data-test="as-of-banner"
        >
          <p>
            Viewing Pitwall as of <strong>{view.day ? formatDay(view.day) : 'today'}</strong> (race
            time),{' '}
            {view.known ? (
              <>
                as Pitwall knew it on <strong>{formatKnown(view.known)}</strong> (learned time)
              </>
            ) : (
              <>as known now (learned time)</>
            )}
          </p>
          <PageLink
            href={asOfHref(path, keep)}
            className="font-medium underline underline-offset-2"
            data-test="as-of-today"
          >
            Back to today
          </PageLink>
        </section>
      )}
      {view.notice && (
        <p
          role="status"
          className="rounded-md border border-warning/40 bg-warning-soft px-4 py-3 text-sm text-warning"
          data-test="as-of-notice"
        >
          {view.notice}
        </p>
      )}
      <form
        method="get"
        action={path}
        onSubmit={submit}
        className="flex flex-wrap items-end gap-2"
        data-test="as-of-form"
      >
        {Object.entries(keep).map(([name, v]) => (
          <input key={name} type="hidden" name={name} value={v} />
        ))}
        <div>
          <label htmlFor={inputId} className="block text-xs font-medium text-ink-muted">
            Show as of (race date)
          </label>
          <input
            id={inputId}
            type="date"
            name="asOf"
            value={value}
            min={view.min ?? undefined}
            max={view.max}
            onChange={(event) => setValue(event.target.value)}
            aria-describedby={hintId}
            className={cn(inputClasses, 'h-9 w-auto')}
            data-test="as-of-input"
          />
        </div>
        <Button type="submit" variant="secondary" size="sm" data-test="as-of-submit">
          Show
        </Button>
        <p id={hintId} className="basis-full text-xs text-ink-muted">
          {view.min
            ? `Any day from ${formatDay(view.min)} to today (${formatDay(view.max)}), in UTC.`
            : 'Pitwall holds no races yet.'}
        </p>
      </form>
    </div>
  );
}
