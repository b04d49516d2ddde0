/**
 * What the admin sessions page declares: the status filter and a page of the ingested-sessions
 * search. Replay runs and sessions are the server's DTOs (web/generated/dtos.ts).
 */
import type { IngestedSessionDto, SessionReplayStatus } from '../../../generated/dtos.ts';

export type ReplayStatusFilter = 'all' | SessionReplayStatus;

export interface IngestedSessions {
  items: IngestedSessionDto[];
  /** The next page's `cursor`, null on the last. */
  nextCursor: string | null;
  /** The search as sent ('' = any). */
  search: { series: string; track: string; date: string };
  isFirstPage: boolean;
}
