import { Head, Link } from '@inertiajs/react';
import { route } from '../../generated/routes.ts';
import type { GearTypeCountDto } from '../../generated/dtos.ts';
import { GEAR_TYPE_NAMES } from './types.ts';

export interface Props {
  types: GearTypeCountDto[];
}

/** `/gears`: every kind of sim-racing hardware with how many items the catalog lists. */
export default function GearsIndex({ types }: Props) {
  return (
    <>
      <Head title="Gear">
        <meta
          name="description"
          content="Sim-racing hardware: wheel bases, pedals, rigs and more, and the pros who use them."
        />
      </Head>
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-ink">Gear</h1>
        <p className="mt-2 text-ink-muted">
          Wheel bases, pedals, cockpits and everything else on a sim rig, with price ranges and the
          pro drivers who race with them.
        </p>
      </header>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-test="gear-types">
        {types.map((t) => (
          <li key={t.type}>
            <Link
              href={route('gears.types.index', { type: t.slug })}
              className="flex items-center justify-between rounded-lg border border-line bg-surface p-4 shadow-xs hover:border-line-strong hover:text-accent"
              data-test={`gear-type-${t.slug}`}
            >
              <span className="font-semibold text-ink">{GEAR_TYPE_NAMES[t.type]}</span>
              <span className="text-sm text-ink-muted tabular-nums">
                {t.count === 1 ? '1 item' : `${t.count} items`}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
