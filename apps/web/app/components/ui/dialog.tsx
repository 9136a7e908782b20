import { type ReactNode, useEffect, useId, useRef } from 'react';
import { CloseIcon } from './icons';

export type DialogSize = 'sm' | 'md' | 'lg' | 'full';

const SIZES: Record<DialogSize, string> = {
  sm: 'm-auto w-[calc(100%-2rem)] max-w-sm rounded-2xl',
  md: 'm-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl',
  lg: 'm-auto w-[calc(100%-2rem)] max-w-3xl rounded-2xl',
  // The whole screen, for forms too long for a phone's modal (product edit): no margin, no corners.
  full: 'm-0 h-dvh max-h-none w-full max-w-none rounded-none',
};

/**
 * A modal built on the native <dialog> (focus trap, Escape and inert background for free).
 * `onClose` runs when the dialog closes itself (Escape, 'Fermer'), so the parent's state stays the
 * source of truth. When it closes,
 * focus goes back to whatever had it when it opened (the button that opened it), so a keyboard or
 * screen-reader user carries on where they were.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  role = 'dialog',
  size = 'sm',
  closeButton = false,
  describedBy,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  size?: DialogSize;
  /** Adds a 'Fermer' button in the header (an alert that needs an answer goes without one). */
  closeButton?: boolean;
  /** Id of the text that explains the dialog, read out with the title when it opens. */
  describedBy?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    }
    if (!open) {
      if (dialog.open) dialog.close();
      restoreFocus(opener);
    }
  }, [open]);

  // Unmounted while open (the page moved on): still give focus back rather than drop it on <body>.
  useEffect(() => () => restoreFocus(opener), []);

  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      // Only a close the dialog made itself (Escape, 'Fermer') is news to the parent: when `open`
      // turned false, the parent already knows, and a confirmed ConfirmDialog must not also cancel.
      // React hands a nested dialog's close to its parents too: only this one's own close counts.
      onClose={(event) => {
        if (open && event.target === event.currentTarget) onClose();
      }}
      className={`${SIZES[size]} bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-stone-950/50`}
    >
      {open && (
        <div className="flex flex-col gap-4 p-5">
          <div className="flex items-start justify-between gap-3">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {closeButton && (
              <button
                type="button"
                aria-label="Fermer"
                // Closing the element (not calling onClose) takes the same path as Escape.
                onClick={() => ref.current?.close()}
                className="-m-1.5 shrink-0 rounded-full p-1.5 text-stone-600 hover:bg-stone-100 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
              >
                <CloseIcon />
              </button>
            )}
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}

function restoreFocus(opener: { current: HTMLElement | null }) {
  const element = opener.current;
  opener.current = null;
  // The opener may be gone (the row whose 'Supprimer' opened the dialog was removed, or the dialog
  // that opened this one closed meanwhile): the page's main region then takes the focus rather
  // than the document's body, where a screen reader would start again from the top.
  if (element?.isConnected) element.focus();
  else if (element) document.getElementById('main')?.focus();
}
