import type { ComponentProps } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md';

// Pill-shaped like the storefront's existing buttons (cart, error pages, dialogs), so both sides of
// the shop read as one app.
const BASE =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-emerald-800 text-white shadow-sm hover:bg-emerald-900 focus-visible:outline-emerald-800',
  secondary:
    'border border-stone-300 bg-white text-stone-800 hover:bg-stone-50 focus-visible:outline-emerald-800',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800 focus-visible:outline-red-700',
  ghost: 'text-stone-700 hover:bg-stone-100 hover:text-stone-900 focus-visible:outline-emerald-800',
};

// md keeps the 44 px touch target; sm is for dense rows (tables, toolbars) where space is short.
const SIZES: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3.5 py-1.5 text-sm',
  md: 'min-h-11 px-5 py-2.5 text-sm',
};

/** The classes of a button, for a `<Link>` or `<a>` that must look like one. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]}`;
}

/**
 * A button that is not a submit unless asked: `type` defaults to "button", so a button added inside a
 * form never sends it by accident. Every native prop is forwarded (ref included, React 19). While
 * `pending`, it is disabled and shows a spinner beside its label.
 */
export function Button({
  variant = 'primary',
  size = 'md',
  type = 'button',
  pending = false,
  disabled,
  className,
  children,
  ...native
}: ComponentProps<'button'> & { variant?: ButtonVariant; size?: ButtonSize; pending?: boolean }) {
  return (
    <button
      {...native}
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={className ? `${buttonClass(variant, size)} ${className}` : buttonClass(variant, size)}
    >
      {pending && <Spinner />}
      {children}
    </button>
  );
}

/** The small spinner of a pending button; it keeps still when the visitor asked for reduced motion. */
export function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-current/40 border-t-current motion-reduce:animate-none"
    />
  );
}
