import type { PayloadEvent, Position, ReadAllResult } from '../../eventstore/port.ts';

/** A page as the runner reads it (full or payload events, by the projection's `reads`). */
type Page = ReadAllResult<PayloadEvent>;

/**
 * Pages of the log read ahead of the batch being applied (the runner's catch-up, runner.ts).
 *
 * Up to `depth` pages are held or in flight: each read starts from the previous page's `next`
 * as soon as that page has arrived, so reading runs on the event store's pool side by side with
 * the batch transactions instead of between them. Nothing read ahead is trusted: `take(from)`
 * hands out a page only if it was read from exactly `from` (else it drops everything and reads
 * from `from`), and the caller still commits a page only by compare-and-set from `from`.
 * No read goes past a page that reached the end of the log, nor beyond `mayRead` (the caller's
 * batch budget, shutdown). A read's failure surfaces only if its page is taken.
 *
 * `cued`: after each `take`, no read starts until the caller calls `cue()`. The runner cues once
 * its batch holds the runner lock, right before `apply`: the next page is then read while the
 * batch's own statements run on the server, instead of competing with the short BEGIN and lock
 * round trips that start the batch (measured: the lock's answer waited for the read's server work
 * on a busy 2-core machine; docs/benchmarks.md, "Core").
 */
export class ReadAhead {
  readonly #read: (from: Position) => Promise<Page>;
  readonly #depth: number;
  readonly #mayRead: (pagesAhead: number) => boolean;
  readonly #cued: boolean;
  /** Cued mode: reads wait for cue() (set by take, cleared by cue). */
  #waiting = false;
  /** The page taken last: the one to read on from when nothing is held. */
  #lastTaken: Page | undefined;
  #pages: PendingPage[] = [];
  /** Reads dropped while in flight: settle() still waits for them. */
  #dropped = new Set<Promise<unknown>>();

  constructor(opts: {
    read: (from: Position) => Promise<Page>;
    /** Pages held or in flight at most (≥ 1). */
    depth: number;
    /** Whether one more page may be read while `pagesAhead` pages are held or in flight. */
    mayRead: (pagesAhead: number) => boolean;
    /** After each take, start no read until cue(). Default false. */
    cued?: boolean;
  }) {
    this.#read = opts.read;
    this.#depth = Math.max(1, opts.depth);
    this.#mayRead = opts.mayRead;
    this.#cued = opts.cued === true;
  }

  /**
   * The page that starts at `from`; afterwards the following pages are (being) read ahead.
   */
  async take(from: Position): Promise<Page> {
    let head = this.#pages[0];
    if (head?.from !== from) {
      this.clear();
      head = this.#start(from);
    }
    this.#pages.shift();
    if (this.#cued) this.#waiting = true;
    const result = await head.result;
    this.#lastTaken = result;
    this.#readOn();
    return result;
  }

  /** Cued mode: reads may start again (up to `depth` pages ahead of the page taken last). */
  cue(): void {
    if (!this.#waiting) return;
    this.#waiting = false;
    this.#readOn();
  }

  #readOn(): void {
    if (this.#pages.length > 0) this.#extend();
    else if (this.#lastTaken) this.#follow(this.#lastTaken);
  }

  /** Forgets every page read ahead (after a batch that did not commit). */
  clear(): void {
    for (const page of this.#pages) {
      if (page.arrived) continue;
      const settled = page.result.catch(() => undefined);
      this.#dropped.add(settled);
      void settled.then(() => this.#dropped.delete(settled));
    }
    this.#pages = [];
    this.#lastTaken = undefined;
  }

  /** Waits for reads still in flight and forgets them: nothing runs behind the caller's back. */
  async settle(): Promise<void> {
    this.clear();
    await Promise.all([...this.#dropped]);
  }

  #start(from: Position): PendingPage {
    const page: PendingPage = { from, result: this.#read(from), arrived: undefined };
    page.result.then(
      (r) => {
        page.arrived = r;
        this.#extend();
      },
      () => undefined,
    );
    this.#pages.push(page);
    return page;
  }

  /** Reads on after the last page held, once it has arrived. */
  #extend(): void {
    const last = this.#pages.at(-1);
    if (last?.arrived) this.#follow(last.arrived);
  }

  /** Starts reading after `page` unless it is the end of the log or there is no room. */
  #follow(page: Page): void {
    if (this.#waiting || page.isEnd || this.#pages.length >= this.#depth) return;
    if (!this.#mayRead(this.#pages.length)) return;
    this.#start(page.next);
  }
}

interface PendingPage {
  from: Position;
  result: Promise<Page>;
  /** Set once the read resolved. */
  arrived: Page | undefined;
}
