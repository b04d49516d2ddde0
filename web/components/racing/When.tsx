import { useReaderTimeZone } from '../../hooks/use-reader-time-zone.ts';
import { formatDate, formatDateTime, formatTime, NONE } from '../../lib/racing-format.ts';

/**
 * An instant as a `<time>` in the reader's time zone: `date` ("3 Mar 2026"), `dateTime`
 * ("3 Mar 2026, 19:45", the default) or `time` ("19:45"). Server-rendered in UTC, switched to
 * the reader's zone after hydration (useReaderTimeZone).
 */
export function When({
  iso,
  show = 'dateTime',
  className,
}: {
  iso: string | null | undefined;
  show?: 'date' | 'dateTime' | 'time';
  className?: string;
}) {
  const timeZone = useReaderTimeZone();
  if (!iso) return <span className="text-ink-muted">{NONE}</span>;
  const text =
    show === 'date'
      ? formatDate(iso, timeZone)
      : show === 'time'
        ? formatTime(iso, timeZone)
        : formatDateTime(iso, timeZone);
  return (
    <time dateTime={iso} className={className}>
      {text}
    </time>
  );
}
