/**
 * Last-resort cleanup. Benches clean up in try/finally, but an uncaught error, a watchdog
 * timeout or Ctrl-C can skip that; these tasks then run from process 'exit', which cannot
 * await, so every task must be synchronous.
 */
const tasks = new Set<() => void>();
let installed = false;

function runAll(): void {
  for (const task of tasks) {
    try {
      task();
    } catch {
      // Keep going: one failed cleanup must not leave the other children running.
    }
  }
  tasks.clear();
}

function install(): void {
  if (installed) return;
  installed = true;
  process.on('exit', runAll);
  // Without listeners these signals kill the process without emitting 'exit'.
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    process.once(signal, () => process.exit(code));
  }
}

/** Registers a synchronous task for exit; returns a function that unregisters it once cleaned up normally. */
export function onExit(task: () => void): () => void {
  install();
  tasks.add(task);
  return () => {
    tasks.delete(task);
  };
}
