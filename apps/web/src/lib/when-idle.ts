/**
 * Runs `task` once the browser is idle (within 5 s at the latest), or after 2 s where there is
 * no idle callback. Returns what cancels it.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(task, 2_000);
    return () => window.clearTimeout(timer);
  }
  const id = window.requestIdleCallback(task, { timeout: 5_000 });
  return () => window.cancelIdleCallback(id);
}
