import pg from 'pg';
import type { Logger } from '../../logger.ts';
import { LocalWakeSource, type WakeSource } from '../catch-up.ts';

/** The LISTEN/NOTIFY channel of the event store (per database). */
export const EVENTS_CHANNEL = 'pitwall_es_appended';
const LISTENER_APPLICATION_NAME = 'pitwall-eventstore-listen';

/**
 * Wake-ups for subscriptions across processes.
 *
 * Appends do NOT notify inside their own transaction: NOTIFY takes a cluster-wide lock at
 * commit that would serialise every appending commit (and its WAL flush) behind each other.
 * Instead, `appended()` wakes this process's subscribers at once and sends a NOTIFY after the
 * commit, coalesced: at most one is in flight, and one more is sent after it when further
 * appends completed meanwhile, so every committed append is followed by a NOTIFY. That next one
 * leaves at least `minNotifyIntervalMs` (default 5 ms) after the previous one: under a stream of
 * appends, back-to-back NOTIFY transactions cost the server about as much as the appends did, for
 * wake-ups that a few milliseconds later serve as well. NOTIFYs go
 * through their own connection (`notify`), so they never take a writer's pool connection.
 * Listening uses one dedicated connection, opened while at least one subscription runs and
 * reopened after an error; the subscriptions' poll interval covers the gaps.
 */
export class PgWakeSource implements WakeSource {
  readonly #local = new LocalWakeSource();
  #users = 0;
  #listener: pg.Client | undefined;
  #reconnectTimer: NodeJS.Timeout | undefined;
  #notifyInFlight = false;
  #notifyPending = false;
  #lastNotifyAt = -Infinity;
  #notifyTimer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(
    private readonly deps: {
      connectionString: string;
      notify: (sql: string) => Promise<unknown>;
      logger: Logger;
      minNotifyIntervalMs?: number;
    },
  ) {}

  generation(): number {
    return this.#local.generation();
  }

  waitFor(seen: number, timeoutMs: number, signal: AbortSignal): Promise<void> {
    return this.#local.waitFor(seen, timeoutMs, signal);
  }

  retain(): () => void {
    this.#users += 1;
    if (this.#users === 1) this.#listen();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#users -= 1;
      if (this.#users === 0) this.#unlisten();
    };
  }

  /** Called after an append committed (or failed: a rollback can unblock readers too). */
  appended(): void {
    this.#local.bump();
    if (this.#closed) return;
    if (this.#notifyInFlight) {
      this.#notifyPending = true;
      return;
    }
    this.#sendNotify();
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#users = 0;
    this.#unlisten();
    this.#local.bump();
    // A NOTIFY still waiting for its interval goes now: the appends before it committed.
    if (this.#notifyTimer !== undefined) {
      clearTimeout(this.#notifyTimer);
      this.#notifyTimer = undefined;
      await this.deps
        .notify(`NOTIFY ${EVENTS_CHANNEL}`)
        .catch((err: unknown) => this.deps.logger.warn({ err }, 'event store NOTIFY failed'));
    }
  }

  #sendNotify(): void {
    this.#notifyInFlight = true;
    this.#notifyPending = false;
    const wait = this.#lastNotifyAt + (this.deps.minNotifyIntervalMs ?? 5) - performance.now();
    if (wait > 0) {
      this.#notifyTimer = setTimeout(() => this.#notifyNow(), wait);
      return;
    }
    this.#notifyNow();
  }

  #notifyNow(): void {
    this.#notifyTimer = undefined;
    this.#lastNotifyAt = performance.now();
    this.deps
      .notify(`NOTIFY ${EVENTS_CHANNEL}`)
      .catch((err: unknown) => this.deps.logger.warn({ err }, 'event store NOTIFY failed'))
      .finally(() => {
        this.#notifyInFlight = false;
        if (this.#notifyPending && !this.#closed) this.#sendNotify();
      });
  }

  #listen(): void {
    if (this.#closed || this.#listener) return;
    const client = new pg.Client({
      connectionString: this.deps.connectionString,
      application_name: LISTENER_APPLICATION_NAME,
    });
    this.#listener = client;
    client.on('notification', () => this.#local.bump());
    client.on('error', (err) => this.#lost(client, err));
    client.on('end', () => this.#lost(client, undefined));
    client
      .connect()
      .then(() => client.query(`LISTEN ${EVENTS_CHANNEL}`))
      // Anything appended while the listener connected would not be notified to it.
      .then(() => this.#local.bump())
      .catch((err: unknown) => this.#lost(client, err));
  }

  #lost(client: pg.Client, err: unknown): void {
    if (this.#listener !== client) return;
    this.#listener = undefined;
    client.end().catch(() => {});
    if (this.#closed || this.#users === 0) return;
    this.deps.logger.warn({ err }, 'event store LISTEN connection lost; polling until it is back');
    clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = setTimeout(() => {
      if (this.#users > 0) this.#listen();
    }, 1000);
    this.#reconnectTimer.unref();
  }

  #unlisten(): void {
    clearTimeout(this.#reconnectTimer);
    const client = this.#listener;
    this.#listener = undefined;
    if (client) client.end().catch(() => {});
  }
}
