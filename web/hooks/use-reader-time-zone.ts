import { useSyncExternalStore } from 'react';
import { SERVER_TIME_ZONE } from '../lib/racing-format.ts';

const noSubscription = () => () => {};
const readerTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || SERVER_TIME_ZONE;
  } catch {
    return SERVER_TIME_ZONE;
  }
};
const serverTimeZone = () => SERVER_TIME_ZONE;

/**
 * The reader's time zone (IANA name). The server and the hydrating render see UTC, then React
 * re-renders with the reader's zone: the server's HTML is matched exactly (no hydration
 * mismatch) and dates end up in the reader's zone.
 */
export function useReaderTimeZone(): string {
  return useSyncExternalStore(noSubscription, readerTimeZone, serverTimeZone);
}
