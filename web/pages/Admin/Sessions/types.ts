/**
 * The shapes the admin sessions page receives; they mirror src/queries/replays.ts (web/ never
 * imports src/), and the server's typed `render(name, props)` checks that the two agree.
 */
export type ReplayStatus = 'queued' | 'running' | 'done' | 'failed';
export type ReplayStatusFilter = 'all' | ReplayStatus;

/** One replay run of a session. Dates are ISO-8601. */
export interface SessionReplay {
  sessionId: number;
  run: number;
  status: ReplayStatus;
  requestedAt: string;
  /** Opaque user id of the admin who asked, or null for the system. */
  requestedBy: string | null;
  startedAt: string | null;
  attempts: number;
  finishedAt: string | null;
  /** done: subsessions re-fetched, events appended, of which corrections. */
  subsessions: number | null;
  appended: number | null;
  corrected: number | null;
  failedSubsessions: { subsessionId: number; reason: string }[];
  /** failed: why. */
  reason: string | null;
}

/** One ingested session (a race time slot), newest first, with its latest replay. */
export interface IngestedSession {
  sessionId: number;
  seriesId: number;
  seriesName: string;
  /** ISO-8601. */
  startTime: string;
  track: { trackId: number; trackName: string; configName: string | null };
  raceWeekNum: number;
  numSubsessions: number;
  numDrivers: number;
  maxStrengthOfField: number | null;
  lastReplay: { run: number; status: string; requestedAt: string } | null;
}

export interface IngestedSessions {
  items: IngestedSession[];
  /** The next page's `cursor`, null on the last. */
  nextCursor: string | null;
  /** The search as sent ('' = any). */
  search: { series: string; track: string; date: string };
  isFirstPage: boolean;
}
