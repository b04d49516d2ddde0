import { Head, Link } from '@inertiajs/react';
import { Construction } from 'lucide-react';
import { buttonClasses } from '../../components/Button.tsx';
import { GoHomeLink } from '../../components/ErrorPage.tsx';
import { route } from '../../generated/routes.ts';

export interface Props {
  /** The area the address belongs to, as a reader would name it ("Series", "World records"). */
  area: string;
  /** The page that will live here ("Series schedule"). */
  title: string;
}

/**
 * The honest placeholder for a route that exists in the route table but whose page is not
 * built yet: it names the page and says plainly that it is not there.
 */
export default function ComingSoon({ area, title }: Props) {
  return (
    <>
      <Head title={title} />
      <section
        className="mx-auto max-w-xl py-12 text-center"
        aria-labelledby="coming-soon-title"
        data-test="coming-soon"
      >
        <Construction aria-hidden="true" className="mx-auto size-10 text-warning" />
        {area !== title && (
          <p className="mt-4 text-sm font-semibold tracking-wide text-ink-muted uppercase">
            {area}
          </p>
        )}
        <h1 id="coming-soon-title" className="mt-3 text-3xl font-bold tracking-tight text-ink">
          {title}
        </h1>
        <p className="mt-3 text-ink-muted">
          This part of Pitwall is not built yet. The address is reserved for it, but there is
          nothing to show here today.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <GoHomeLink />
          <Link
            href={route('changelog')}
            className={buttonClasses('secondary')}
            data-test="go-changelog"
          >
            See what&rsquo;s new
          </Link>
        </div>
      </section>
    </>
  );
}
