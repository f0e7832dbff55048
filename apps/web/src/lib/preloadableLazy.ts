import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface PreloadableLazy<P> {
  /** The component to render (React.lazy). */
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Fetches the module now (once; again after a failure); resolves when it is loaded. */
  preload: () => Promise<unknown>;
}

/**
 * A lazily loaded component whose module can be fetched before React first renders it. Once the
 * module has arrived, React.lazy gets it from a settled thenable and renders it in the same pass as
 * its parent; a plain `lazy(() => import(…))` suspends at least once (its promise settles a
 * microtask later), which shows the fallback and holds the screen back by React's fallback throttle.
 */
export function preloadableLazy<M, P>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): PreloadableLazy<P> {
  let loaded: { module: M } | null = null;
  let loading: Promise<M> | null = null;
  const preload = (): Promise<M> =>
    (loading ??= load().then(
      (module) => {
        loaded = { module };
        return module;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Component = lazy(() => {
    if (!loaded) return preload().then((module) => ({ default: pick(module) }));
    const value = { default: pick(loaded.module) };
    // React.lazy reads a thenable that calls back at once as already resolved: no suspension.
    const settled = { then: (onFulfilled: (v: typeof value) => unknown) => onFulfilled(value) };
    return settled as unknown as Promise<typeof value>;
  });
  return { Component, preload };
}

/** Resolves in a later task (a zero-delay timer): work started then is not part of the current long task. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
