import { Head, Link } from '@inertiajs/react';
import { Card } from '../../components/Card.tsx';
import { StarToggle } from '../../components/StarToggle.tsx';
import { route } from '../../generated/routes.ts';

export interface DriverProfile {
  id: string;
  name: string;
  countryCode: string | null;
  clubName: string | null;
  /** YYYY-MM-DD. */
  memberSince: string | null;
  licences: { category: string; irating: number | null; licence: string | null }[];
}

export interface Props {
  driver: DriverProfile;
  /** Whether the signed-in member follows this driver (false for guests). */
  isFavorite: boolean;
}

const categoryNames: Record<string, string> = {
  oval: 'Oval',
  road: 'Road',
  sports_car: 'Sports car',
  formula_car: 'Formula car',
  dirt_oval: 'Dirt oval',
  dirt_road: 'Dirt road',
};

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A driver's profile: who they are, their licence and iRating per category, and the favorite star. */
export default function DriversShow({ driver, isFavorite }: Props) {
  return (
    <>
      <Head title={driver.name} />
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-ink-muted">
        <Link href={route('drivers')} className="hover:underline">
          Drivers
        </Link>
      </nav>
      <div className="flex items-center gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-ink" data-test="driver-name">
          {driver.name}
        </h1>
        <StarToggle driverId={driver.id} driverName={driver.name} initial={isFavorite} />
      </div>
      <p className="mt-1 text-ink-muted">
        {[
          driver.countryCode ? countryName(driver.countryCode) : null,
          driver.clubName,
          driver.memberSince ? `member since ${driver.memberSince.slice(0, 4)}` : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <Card title="Licences" className="mt-6 max-w-2xl" flush>
        {driver.licences.length === 0 ? (
          <p className="p-4 text-sm text-ink-muted">No licence data yet.</p>
        ) : (
          <table className="w-full text-sm tabular-nums" data-test="driver-licences">
            <thead className="bg-surface-muted text-left text-xs tracking-wide text-ink-muted uppercase">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Category
                </th>
                <th scope="col" className="px-4 py-2">
                  Licence
                </th>
                <th scope="col" className="px-4 py-2 text-right">
                  iRating
                </th>
              </tr>
            </thead>
            <tbody>
              {driver.licences.map((l) => (
                <tr key={l.category} className="border-t border-line">
                  <td className="px-4 py-2">{categoryNames[l.category] ?? l.category}</td>
                  <td className="px-4 py-2">{l.licence ?? '—'}</td>
                  <td className="px-4 py-2 text-right">{l.irating ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </>
  );
}
