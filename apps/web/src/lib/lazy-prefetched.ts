import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A lazily loaded component whose code can be fetched ahead (when idle, on hover). Once the
 * code is here, the component resolves in the same render: a thenable that calls back at once
 * lets React skip the suspense, whose reveal React holds back for ~300 ms.
 */
// biome-ignore lint/suspicious/noExplicitAny: any component's props, as React's own lazy() takes them.
export function lazyPrefetched<T extends ComponentType<any>>(
  load: () => Promise<T>,
): { Component: LazyExoticComponent<T>; prefetch: () => Promise<T>; loaded: () => boolean } {
  let component: T | undefined;
  let pending: Promise<T> | undefined;
  const prefetch = () => {
    pending ??= load().then(
      (loaded) => {
        component = loaded;
        return loaded;
      },
      (error: unknown) => {
        pending = undefined; // a later attempt may succeed (the network is back)
        throw error;
      },
    );
    return pending;
  };
  const Component = lazy(() => {
    const loaded = component;
    if (loaded)
      return {
        // biome-ignore lint/suspicious/noThenProperty: a thenable that resolves at once is the point (see above).
        then: (resolve: (module: { default: T }) => void) => resolve({ default: loaded }),
      } as unknown as Promise<{ default: T }>;
    return prefetch().then((loaded) => ({ default: loaded }));
  });
  return { Component, prefetch, loaded: () => component !== undefined };
}
