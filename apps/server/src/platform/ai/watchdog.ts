/**
 * A time limit on one upstream request (ai.md: nothing stays stuck on a hung AI server). Its
 * signal aborts when the caller's does or when the time runs out; fetch takes it, so running
 * out closes the connection. `timedOut` tells a timeout from the caller's own cancel.
 */
export class Watchdog {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private fired = false;

  constructor(
    private readonly parent: AbortSignal,
    ms: number,
  ) {
    if (parent.aborted) this.controller.abort(parent.reason);
    else parent.addEventListener('abort', this.onParentAbort, { once: true });
    this.start(ms);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get timedOut(): boolean {
    return this.fired;
  }

  /** Counts `ms` from now, dropping what was left of the last count. */
  start(ms: number): void {
    clearTimeout(this.timer);
    if (this.controller.signal.aborted) return;
    this.timer = setTimeout(() => {
      this.fired = true;
      this.controller.abort(new Error(`timed out after ${ms} ms`));
    }, ms);
  }

  /** Stops counting (the wait is over, or the time is the caller's, not the server's). */
  pause(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Done with it: no timer, no listener left on the caller's signal. */
  clear(): void {
    this.pause();
    this.parent.removeEventListener('abort', this.onParentAbort);
  }

  private readonly onParentAbort = () => {
    this.pause();
    this.controller.abort(this.parent.reason);
  };
}

/**
 * A stream's items with its silences limited: the first item within what is left of the
 * watchdog's current count (time to first byte), each later one within `idleMs`. The count
 * stops while the consumer holds an item: a slow reader is not a silent server.
 */
export async function* watchedStream<T>(
  items: AsyncIterable<T>,
  watchdog: Watchdog,
  idleMs: number,
  onFirst: () => void,
): AsyncGenerator<T> {
  const iterator = items[Symbol.asyncIterator]();
  let first = true;
  try {
    for (;;) {
      if (!first) watchdog.start(idleMs);
      const next = await iterator.next();
      watchdog.pause();
      if (next.done) return;
      if (first) {
        first = false;
        onFirst();
      }
      yield next.value;
    }
  } finally {
    // Stopped early: closing the source cancels the body, which closes the connection.
    await iterator.return?.();
  }
}
