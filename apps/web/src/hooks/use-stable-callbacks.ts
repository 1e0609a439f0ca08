import { useLayoutEffect, useMemo, useRef } from 'react';

/**
 * The same object of callbacks from one render to the next, each calling the latest one given:
 * memoised cards and rows then skip the re-render their page's own re-render would cause
 * (issue 20: selecting one card re-renders that card only). The object changes only when a
 * callback appears or goes away, or when one of its other values changes.
 */
export function useStableCallbacks<T extends object>(value: T): T {
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  const shape = Object.entries(value)
    .map(([key, entry]) =>
      entry === undefined ? '' : typeof entry === 'function' ? `${key}()` : `${key}=${JSON.stringify(entry)}`,
    )
    .join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the shape stands for the value; its callbacks are read through the ref.
  return useMemo(() => {
    const stable: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) {
      stable[key] =
        typeof entry === 'function'
          ? (...args: unknown[]) =>
              (latest.current as Record<string, (...a: unknown[]) => unknown>)[key]?.(...args)
          : entry;
    }
    return stable as T;
  }, [shape]);
}
