import { ExternalLink } from 'lucide-react';

/**
 * A profile's links to other sites (a team's, a pro driver's), each opening in a new tab and
 * saying so to screen readers; nothing when there are none.
 */
export function ExternalLinks({
  links,
  label,
}: {
  links: readonly { label: string; url: string }[];
  /** The list's accessible name. */
  label: string;
}) {
  if (links.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={label}>
      {links.map((link) => (
        <li key={link.url}>
          <a
            href={link.url}
            rel="noopener noreferrer nofollow"
            target="_blank"
            className="inline-flex items-center gap-1 text-accent hover:underline"
          >
            {link.label}
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
