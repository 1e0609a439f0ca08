/** How long after start idle work waits at most for a page to say it has shown its content. */
const CONTENT_WAIT_MS = 4_000;

let contentShown = false;
const waitingForContent = new Set<() => void>();

/**
 * The page has shown what it was opened for (the library its first items): work put off with
 * `whenIdle` may start. Until then, code fetched "when idle" would compete with the page's own
 * first load. Pages that do not say so release it CONTENT_WAIT_MS after start.
 */
export function markContentShown(): void {
  if (contentShown) return;
  contentShown = true;
  for (const start of waitingForContent) start();
  waitingForContent.clear();
}

if (typeof window !== 'undefined') window.setTimeout(markContentShown, CONTENT_WAIT_MS);

function onIdle(task: () => void): () => void {
  // The start-up timer may fire after its page is gone (a test's document torn down): nothing to run.
  if (typeof window === 'undefined') return () => undefined;
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(task, 2_000);
    return () => window.clearTimeout(timer);
  }
  const id = window.requestIdleCallback(task, { timeout: 5_000 });
  return () => window.cancelIdleCallback(id);
}

/**
 * Runs `task` once the page has shown its content (markContentShown) and the browser is idle
 * (within 5 s of that at the latest, or after 2 s where there is no idle callback). Returns
 * what cancels it.
 */
export function whenIdle(task: () => void): () => void {
  let cancel: () => void = () => undefined;
  const start = () => {
    cancel = onIdle(task);
  };
  if (contentShown) start();
  else {
    waitingForContent.add(start);
    cancel = () => waitingForContent.delete(start);
  }
  return () => cancel();
}
