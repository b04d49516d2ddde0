/**
 * Waiting at the end of the log for events the PostgreSQL store still holds back (committed,
 * but behind an older open transaction: the xid8 visibility bound). A growing pause, 5 ms
 * doubling to 250 ms, while the total stays under `maxMs` and `signal` is not aborted; `wait()`
 * answers false once the budget is spent (the caller stops and a later run picks them up).
 */
export interface HeldBackWaiter {
  wait(): Promise<boolean>;
  /** True once `wait()` has refused for lack of budget (not for an abort). */
  gaveUp(): boolean;
}

export function heldBackWaiter(maxMs: number, signal?: AbortSignal): HeldBackWaiter {
  let waited = 0;
  let delay = 5;
  let gaveUp = false;
  return {
    async wait() {
      if (signal?.aborted) return false;
      if (waited >= maxMs) {
        gaveUp = true;
        return false;
      }
      await new Promise((r) => setTimeout(r, delay));
      waited += delay;
      delay = Math.min(delay * 2, 250);
      return true;
    },
    gaveUp: () => gaveUp,
  };
}
