import { Head, Link } from '@inertiajs/react';
import { LicenceBadge } from '../../components/Badge.tsx';
import { Card } from '../../components/Card.tsx';
import { ExternalLinks } from '../../components/ExternalLinks.tsx';
import { route } from '../../generated/routes.ts';
import { articleBodyClasses } from '../../lib/article-format.ts';
import { countryName } from '../../lib/country.ts';
import { NONE, formatCategory, formatIrating, licenceClassOf } from '../../lib/racing-format.ts';
import { GEAR_TYPE_NAMES } from '../Gears/types.ts';
import type { ProDto } from '../../generated/dtos.ts';

export interface Props {
  pro: ProDto;
}

/** `/pros/{id}`: a pro's story, links and live iRacing licences, linked to their driver page. */
export default function ProsShow({ pro }: Props) {
  return (
    <>
      <Head title={pro.name}>
        <meta
          name="description"
          content={pro.background ?? `${pro.name}: live iRating and licences on iRacing.`}
        />
      </Head>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-ink-muted">
        <Link href={route('pros.index')} className="hover:underline">
          Pro drivers
        </Link>
      </nav>
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-ink" data-test="pro-name">
          {pro.name}
        </h1>
        <p className="mt-1 text-ink-muted">
          {[pro.countryCode ? countryName(pro.countryCode) : null, pro.teamName, pro.background]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <ExternalLinks links={pro.links} label="Links" />
      </header>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card title="Biography">
          {pro.bioHtml ? (
            <div
              className={articleBodyClasses}
              data-test="pro-bio"
              dangerouslySetInnerHTML={{ __html: pro.bioHtml }}
            />
          ) : (
            <p className="text-sm text-ink-muted">No biography yet.</p>
          )}
        </Card>
        <Card title="On iRacing" flush>
          {pro.custId === null ? (
            <p className="p-4 text-sm text-ink-muted">Not linked to an iRacing account.</p>
          ) : (
            <div className="grid gap-3 p-4">
              <p className="text-sm">
                <Link
                  href={route('drivers.show', { id: pro.custId })}
                  className="font-medium text-accent hover:underline"
                  data-test="pro-driver-link"
                >
                  {pro.iracingName ?? `Driver #${pro.custId}`}: full racing profile
                </Link>
              </p>
              {pro.licenses.length === 0 ? (
                <p className="text-sm text-ink-muted">No racing data yet.</p>
              ) : (
                <table className="w-full text-sm tabular-nums" data-test="pro-licences">
                  <caption className="sr-only">Licences and iRating per category</caption>
                  <thead className="text-left text-xs tracking-wide text-ink-muted uppercase">
                    <tr>
                      <th scope="col" className="py-1">
                        Category
                      </th>
                      <th scope="col" className="py-1">
                        Licence
                      </th>
                      <th scope="col" className="py-1 text-right">
                        iRating
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {pro.licenses.map((l) => {
                      const cls = licenceClassOf(l.licenseClass);
                      return (
                        <tr key={l.category} className="border-t border-line">
                          <td className="py-1.5">{formatCategory(l.category)}</td>
                          <td className="py-1.5">
                            {cls ? (
                              <LicenceBadge licence={cls} safetyRating={l.safetyRating} />
                            ) : (
                              NONE
                            )}
                          </td>
                          <td className="py-1.5 text-right">{formatIrating(l.irating)}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              )}
            </div>
          )}
        </Card>
      </div>
      <Card title="Gear used" className="mt-6" flush>
        {pro.gear.length === 0 ? (
          <p className="p-4 text-sm text-ink-muted">No gear listed yet.</p>
        ) : (
          <ul className="divide-y divide-line" data-test="pro-gear">
            {pro.gear.map((g) => (
              <li
                key={g.id}
                className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-2 text-sm"
              >
                <span className="font-medium text-ink">
                  {g.brand} {g.model}
                </span>
                <Link
                  href={route('gears.types.index', { type: g.typeSlug })}
                  className="text-accent hover:underline"
                >
                  {GEAR_TYPE_NAMES[g.type]}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
