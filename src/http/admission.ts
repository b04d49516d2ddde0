import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '../logger.ts';
import { isApiRequest, sendJsonError } from './errors.ts';

/**
 * Admission control of the web process (docs/reliability.md, "Load"): which requests the event
 * loop works on first when it cannot keep up with all of them.
 *
 * One Node process renders every page and JSON answer on one thread, and with workers on it
 * runs the projections there too. Under a crowd of readers every step of an account request
 * (a sign-up has a dozen: session, rate-limit counters, claims, hash, append, the users
 * projection, the read-your-writes wait) queues behind every reader's work, so a sign-up took
 * seconds while each page view stayed cheap. So requests go through one of two lanes:
 *
 *  - **reads** (GET and HEAD of pages and of /api, signed in or not, outside /auth): at most
 *    `reads` run at once; the others wait in order, at most `queue` of them. A read that finds
 *    the queue full is answered 503 with `Retry-After` at once: shedding costs the process
 *    nothing, a queue without a bound would cost memory and answers nobody waits for any more.
 *  - **accounts** (every other method — sign-in, registration, every form and mutation — and
 *    every page under /auth): never wait here. While one is running, reads may run only
 *    `readsDuringAccounts` at once, so the loop, the database pool and the cores go to the
 *    account work first; reads already running finish. That priority is bounded in time: once
 *    the read at the head of the queue has waited `priorityMs`, waiting reads run up to `reads`
 *    again (each one that waited that long), so a stream of account requests slows readers by
 *    at most `priorityMs` and never starves them.
 *
 * CORS preflights (OPTIONS) pass without a lane. Static assets and /healthz, /readyz are served
 * before this layer. Limits are per web process (WEB_CONCURRENCY processes have one each).
 */
export interface AdmissionOptions {
  /** Reads that may run at once. */
  reads: number;
  /** Reads that may run at once while an account request runs (at least 1). */
  readsDuringAccounts: number;
  /** Reads that may wait; one more is answered 503 at once. */
  queue: number;
  /**
   * The longest account work holds a read back: a read that has waited this long may run up to
   * `reads` again, account work or not.
   */
  priorityMs: number;
}

/** Seconds a shed read is asked to wait before it tries again. */
export const SHED_RETRY_AFTER_SECONDS = 2;

/** The share of `reads` left to readers while account work runs. */
const READS_DURING_ACCOUNTS_SHARE = 1 / 32;

/** The options of `ADMISSION_READS`, `ADMISSION_QUEUE`, `ADMISSION_PRIORITY_MS`. */
export function admissionOptions(
  reads: number,
  queue: number,
  priorityMs: number,
): AdmissionOptions {
  return {
    reads,
    readsDuringAccounts: Math.max(1, Math.floor(reads * READS_DURING_ACCOUNTS_SHARE)),
    queue,
    priorityMs,
  };
}

export type Lane = 'read' | 'account' | 'free';

const AUTH_PREFIX = /^\/auth(?:\/|$)/i;

/** The lane of a request, from its method and path alone (nothing a handler decides later). */
export function laneOf(method: string, path: string): Lane {
  if (method === 'OPTIONS') return 'free';
  if (method !== 'GET' && method !== 'HEAD') return 'account';
  return AUTH_PREFIX.test(path) ? 'account' : 'read';
}

export interface AdmissionStats {
  /** Reads that may run at once now (`reads`, or `readsDuringAccounts` while accounts run). */
  limit: number;
  readsRunning: number;
  readsWaiting: number;
  accountsRunning: number;
  /** Since the process started. */
  totals: {
    reads: number;
    accounts: number;
    /** Reads that waited before they ran (the others ran at once). */
    queued: number;
    /** Reads answered 503 because the queue was full. */
    shed: number;
    /** Reads that ran beside account work because they had waited `priorityMs`. */
    overdue: number;
    /** Reads whose client went away while they waited. */
    abandoned: number;
    /** The longest and the summed wait of the reads that waited, in ms. */
    maxWaitMs: number;
    waitMs: number;
  };
}

/** What became of a read that asked to run. */
export type ReadOutcome = 'run' | 'full';

export interface Admission {
  /**
   * Asks for a read slot. `decided` is called exactly once: with 'run' (at once or after a
   * wait; the caller must then call `done()` when the read ends) or 'full' (the queue was full:
   * the read must not run). `cancel()` withdraws a read still waiting (its client went away);
   * after 'run' it is the same as `done()`.
   */
  read(decided: (outcome: ReadOutcome) => void): { done: () => void; cancel: () => void };
  /** An account request starts; the returned function ends it (idempotent). */
  account(): () => void;
  stats(): AdmissionStats;
}

interface Waiter {
  decided: (outcome: ReadOutcome) => void;
  since: number;
  state: 'waiting' | 'running' | 'over';
}

/** The two lanes' bookkeeping, without HTTP (`admissionControl` puts it in front of the app). */
export function createAdmission(
  opts: AdmissionOptions,
  now: () => number = () => performance.now(),
): Admission {
  const readsDuringAccounts = Math.max(1, Math.min(opts.readsDuringAccounts, opts.reads));
  let readsRunning = 0;
  let accountsRunning = 0;
  const waiting: Waiter[] = [];
  let timer: NodeJS.Timeout | null = null;
  const totals: AdmissionStats['totals'] = {
    reads: 0,
    accounts: 0,
    queued: 0,
    shed: 0,
    overdue: 0,
    abandoned: 0,
    maxWaitMs: 0,
    waitMs: 0,
  };
  /** The head of the queue has waited out the priority of account work. */
  const headOverdue = () => waiting.length > 0 && now() - waiting[0]!.since >= opts.priorityMs;
  const limit = () => (accountsRunning > 0 && !headOverdue() ? readsDuringAccounts : opts.reads);

  const start = (w: Waiter) => {
    readsRunning++;
    totals.reads++;
    w.state = 'running';
    w.decided('run');
  };
  /** Wakes the queue when its head will have waited `priorityMs` (account work still running). */
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (waiting.length === 0 || accountsRunning === 0) return;
    const due = waiting[0]!.since + opts.priorityMs - now();
    // Overdue already: the head runs as soon as a read ends (reads are at their normal limit).
    if (due <= 0) return;
    timer = setTimeout(pump, Math.ceil(due));
    timer.unref();
  };
  function pump(): void {
    while (waiting.length > 0 && readsRunning < limit()) {
      const overdue = accountsRunning > 0 && readsRunning >= readsDuringAccounts;
      const w = waiting.shift()!;
      const waited = now() - w.since;
      totals.waitMs += waited;
      totals.maxWaitMs = Math.max(totals.maxWaitMs, waited);
      if (overdue) totals.overdue++;
      start(w);
    }
    schedule();
  }
  const end = (w: Waiter) => {
    if (w.state === 'running') {
      w.state = 'over';
      readsRunning--;
      pump();
    } else if (w.state === 'waiting') {
      w.state = 'over';
      const i = waiting.indexOf(w);
      if (i >= 0) waiting.splice(i, 1);
      totals.abandoned++;
      schedule();
    }
  };

  return {
    read(decided) {
      const w: Waiter = { decided, since: now(), state: 'waiting' };
      const handle = { done: () => end(w), cancel: () => end(w) };
      if (waiting.length === 0 && readsRunning < limit()) {
        start(w);
        return handle;
      }
      if (waiting.length >= opts.queue) {
        w.state = 'over';
        totals.shed++;
        decided('full');
        return handle;
      }
      totals.queued++;
      waiting.push(w);
      if (waiting.length === 1) schedule();
      return handle;
    },
    account() {
      accountsRunning++;
      totals.accounts++;
      if (accountsRunning === 1) schedule();
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        accountsRunning--;
        pump();
      };
    },
    stats: () => ({
      limit: limit(),
      readsRunning,
      readsWaiting: waiting.length,
      accountsRunning,
      totals: {
        ...totals,
        maxWaitMs: Math.round(totals.maxWaitMs),
        waitMs: Math.round(totals.waitMs),
      },
    }),
  };
}

const BUSY_MESSAGE = 'Pitwall is busy right now. Nothing was changed; try again in a moment.';

function shed(req: Request, res: Response): void {
  res.setHeader('Retry-After', String(SHED_RETRY_AFTER_SECONDS));
  res.setHeader('Cache-Control', 'no-store');
  if (isApiRequest(req)) {
    sendJsonError(res, 503, { error: 'service_unavailable', message: BUSY_MESSAGE });
    return;
  }
  res.status(503).type('text').send(BUSY_MESSAGE);
}

/**
 * The middleware: puts every request in its lane (`laneOf`) and holds it until the lane lets
 * it run; a read's slot is given back when its answer is finished or its connection closes.
 */
export function admissionControl(admission: Admission, logger: Logger): RequestHandler {
  let lastShedLog = 0;
  return (req, res, next) => {
    const lane = laneOf(req.method, req.path);
    if (lane === 'free') {
      next();
      return;
    }
    if (lane === 'account') {
      res.once('close', admission.account());
      next();
      return;
    }
    const slot = admission.read((outcome) => {
      if (outcome === 'run') {
        next();
        return;
      }
      const at = Date.now();
      if (at - lastShedLog > 10_000) {
        lastShedLog = at;
        logger.warn(admission.stats(), 'reads shed: the queue is full, the process is overloaded');
      }
      if (!res.headersSent && !res.writableEnded) shed(req, res);
    });
    res.once('close', slot.cancel);
  };
}
