import { Head, router } from '@inertiajs/react';
import { useId, type FormEvent } from 'react';
import { Button } from '../../components/Button.tsx';
import { inputClasses } from '../../components/Input.tsx';
import { SetupsTable, formatSetupCount } from '../../components/setups/SetupsTable.tsx';
import { route } from '../../generated/routes.ts';
import { SETUP_TYPE_NAMES, type SetupFilters } from '../../components/setups/types.ts';
import type { SetupDto, SetupOption, SetupSort, SetupType } from '../../generated/dtos.ts';

export interface Props {
  setups: SetupDto[];
  meta: { page: number; perPage: number; total: number; lastPage: number };
  filters: SetupFilters;
  options: { cars: SetupOption[]; tracks: SetupOption[]; series: SetupOption[] };
}

const SORT_LABELS: Record<SetupSort, string> = {
  newest: 'Newest',
  lapTime: 'Fastest lap',
  downloads: 'Most downloaded',
  car: 'Car (A–Z)',
  track: 'Track (A–Z)',
};

/** The query of a list URL: defaults are left out, so the plain list is plain `/setups`. */
function listQuery(filters: SetupFilters, page = 1): Record<string, string | number> {
  return {
    ...(filters.car !== null ? { car: filters.car } : {}),
    ...(filters.track !== null ? { track: filters.track } : {}),
    ...(filters.series !== null ? { series: filters.series } : {}),
    ...(filters.type !== null ? { type: filters.type } : {}),
    ...(filters.sort !== 'newest' ? { sort: filters.sort } : {}),
    ...(page > 1 ? { page } : {}),
  };
}

/** `/setups`: every shared setup, filtered by car, track, series and type, sorted, paged. */
export default function SetupsIndex({ setups, meta, filters, options }: Props) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const num = (name: string) => {
      const v = form.get(name);
      return typeof v === 'string' && v !== '' ? Number(v) : null;
    };
    const type = form.get('type');
    const sort = form.get('sort');
    const next: SetupFilters = {
      car: num('car'),
      track: num('track'),
      series: num('series'),
      type: typeof type === 'string' && type !== '' ? (type as SetupType) : null,
      sort: typeof sort === 'string' && sort !== '' ? (sort as SetupSort) : 'newest',
    };
    router.get(route('setups'), listQuery(next));
  };
  const select = (
    name: keyof SetupFilters,
    label: string,
    choices: { value: string; label: string }[],
    all: string | null,
  ) => (
    <div className="grid gap-1.5">
      <label htmlFor={`${id}-${name}`} className="text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={`${id}-${name}`}
        name={name}
        defaultValue={filters[name] === null ? '' : String(filters[name])}
        className={inputClasses}
        data-test={`setups-${name}`}
      >
        {all !== null && <option value="">{all}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
  const asChoices = (list: SetupOption[]) =>
    list.map((o) => ({ value: String(o.id), label: o.name }));
  const filtered =
    filters.car !== null ||
    filters.track !== null ||
    filters.series !== null ||
    filters.type !== null;
  return (
    <>
      <Head title={meta.page > 1 ? `Car setups, page ${meta.page}` : 'Car setups'}>
        <meta
          name="description"
          content="iRacing car setups for race, qualifying and time trial, by car, track and series."
        />
      </Head>
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-ink">Car setups</h1>
        <p className="mt-2 text-ink-muted">
          Setup files for this week&apos;s car and track, with the lap time they were driven to.
          Download a <code>.sto</code> file into your iRacing setups folder for the car.
        </p>
      </header>
      <form
        role="search"
        action={route('setups')}
        method="get"
        onSubmit={submit}
        className="mb-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto_auto_auto] lg:items-end"
        key={JSON.stringify(filters)}
        data-test="setups-filters"
      >
        {select('car', 'Car', asChoices(options.cars), 'Any car')}
        {select('track', 'Track', asChoices(options.tracks), 'Any track')}
        {select('series', 'Series', asChoices(options.series), 'Any series')}
        {select(
          'type',
          'Type',
          (Object.keys(SETUP_TYPE_NAMES) as SetupType[]).map((t) => ({
            value: t,
            label: SETUP_TYPE_NAMES[t],
          })),
          'Any type',
        )}
        {select(
          'sort',
          'Sort by',
          (Object.keys(SORT_LABELS) as SetupSort[]).map((s) => ({
            value: s,
            label: SORT_LABELS[s],
          })),
          null,
        )}
        <Button type="submit" data-test="setups-apply">
          Apply
        </Button>
      </form>
      <p className="mb-3 text-sm text-ink-muted" aria-live="polite">
        {formatSetupCount(meta.total)}
        {filtered ? ' matching the filters' : ''}, {SORT_LABELS[filters.sort].toLowerCase()}.
      </p>
      <SetupsTable
        setups={setups}
        meta={meta}
        pageHref={(page) => route('setups', {}, listQuery(filters, page))}
        empty={filtered ? 'No setup matches these filters.' : 'No setups yet.'}
      />
    </>
  );
}
