import { useSyncExternalStore } from 'react';

/**
 * A value shared by the whole page outside React's tree (the optimistic cart badge, the toasts), so
 * any code can set it without a provider. The server always reads `serverValue`: module state is
 * shared by every request there, so it must never hold one visitor's data.
 */
export function createModuleStore<T>(initial: T, serverValue: T = initial) {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const get = () => value;
  const getServer = () => serverValue;
  return {
    get,
    set(next: T) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    /** The current value, re-rendering the component when it changes. */
    use: () => useSyncExternalStore(subscribe, get, getServer),
  };
}
