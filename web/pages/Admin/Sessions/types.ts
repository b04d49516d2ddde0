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
