import { TOAST_MS } from '@souk/domain/limits';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { CloseIcon } from './icons';

export type ToastTone = 'success' | 'error' | 'info';

/** More than this and the oldest goes: a pile of toasts would hide the page it reports on. */
const MAX_TOASTS = 3;

export type ToastOptions = {
  message: string;
  tone?: ToastTone;
  /** TOAST_MS (5000 ms) unless told; Infinity keeps it until it is closed. */
  durationMs?: number;
};
type Toast = { id: number; message: string; tone: ToastTone; durationMs: number };

// A module store rather than a context provider: any code (an action's outcome, a fetcher's effect)
// can call showToast without being under a provider, and the server never holds a toast (SSR safe).
// Written here rather than with lib/module-store: sharing that module with the cart badge would make
// it a chunk of its own on every storefront page (docs/decisions/0014, bundle).
let current: readonly Toast[] = [];
const listeners = new Set<() => void>();
const none: readonly Toast[] = [];
const toasts = {
  get: () => current,
  set(next: readonly Toast[]) {
    current = next;
    for (const listener of listeners) listener();
  },
  use: () =>
    useSyncExternalStore(
      (listener) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      () => current,
      () => none,
    ),
};
let nextId = 1;

/** Shows a message in the toast region; returns its id, for dismissToast. */
export function showToast({ message, tone = 'info', durationMs = TOAST_MS }: ToastOptions): number {
  const id = nextId++;
  // On the server there is nobody to show it to, and module state would leak between requests.
  if (typeof window === 'undefined') return id;
  toasts.set([...toasts.get(), { id, message, tone, durationMs }].slice(-MAX_TOASTS));
  return id;
}

export function dismissToast(id: number) {
  const shown = toasts.get();
  if (shown.some((toast) => toast.id === id)) toasts.set(shown.filter((toast) => toast.id !== id));
}

const TONES: Record<ToastTone, string> = {
  success: 'border-emerald-200 bg-emerald-50 text-emerald-950',
  error: 'border-red-200 bg-red-50 text-red-900',
  info: 'border-stone-200 bg-white text-stone-900',
};

/**
 * Where toasts appear: rendered once (by the admin shell), always in the DOM, so that screen readers announce
 * each toast added to the polite live region; an error is an alert, announced at once.
 */
export function ToastRegion() {
  const shown = toasts.use();
  return (
    // A plain live region (a list), not a landmark: an empty 'Notifications' region would sit in
    // every page's landmark list.
    <ul
      aria-live="polite"
      // Above the storefront's header and bottom nav, clear of the add-to-cart toast at the bottom.
      className="pointer-events-none fixed inset-x-3 top-3 z-[60] flex flex-col gap-2 md:right-4 md:left-auto md:w-96"
    >
      {shown.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </ul>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const { id, message, tone, durationMs } = toast;
  // Hovering or focusing a toast holds it, so nobody loses a message while reading or reaching it.
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held || !Number.isFinite(durationMs)) return;
    const timer = setTimeout(() => dismissToast(id), durationMs);
    return () => clearTimeout(timer);
  }, [id, durationMs, held]);
  return (
    <li
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
      className="pointer-events-auto"
    >
      <div
        role={tone === 'error' ? 'alert' : undefined}
        className={`flex items-start gap-3 rounded-xl border px-4 py-3 text-sm font-medium shadow-lg ${TONES[tone]}`}
      >
        <p className="flex-1">{message}</p>
        <button
          type="button"
          aria-label="Fermer"
          onClick={() => dismissToast(id)}
          className="-m-1 shrink-0 rounded-full p-1 opacity-80 hover:bg-black/5 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
        >
          <CloseIcon className="h-4 w-4" />
        </button>
      </div>
    </li>
  );
}
