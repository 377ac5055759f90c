"use client";

import { type ReactNode, useEffect, useId, useRef, useState } from "react";

/**
 * A button that opens a modal dialog whose content exists only while it is open: a form starts
 * afresh each time, a secret shown in it is gone once it closes, and a closed dialog's fields do
 * not add to the page's labels. Focus goes to the element marked `data-autofocus` (else the
 * dialog's first control) and, on close, back to the button, or to `onClosed`'s choice.
 */
export function DialogButton({
  label,
  hiddenName,
  title,
  showButton = true,
  onClosed,
  children,
}: {
  label: string;
  /** Read after the label by screen readers, so each row's button has its own name. */
  hiddenName?: string;
  title: string;
  /** false hides the button (the dialog stays while open): for an action its own result makes moot. */
  showButton?: boolean;
  onClosed?: () => void;
  children: (close: () => void) => ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  useEffect(() => {
    const d = dialog.current;
    if (!open || !d || d.open) return;
    d.showModal();
    d.querySelector<HTMLElement>("[data-autofocus]")?.focus();
  }, [open]);
  return (
    <>
      {showButton && (
        <button type="button" onClick={() => setOpen(true)}>
          {label}
          {hiddenName && <span className="visually-hidden"> {hiddenName}</span>}
        </button>
      )}
      <dialog
        ref={dialog}
        aria-labelledby={open ? titleId : undefined}
        onClose={() => {
          setOpen(false);
          onClosed?.();
        }}
      >
        {open && (
          <>
            <h2 id={titleId}>{title}</h2>
            {children(() => dialog.current?.close())}
          </>
        )}
      </dialog>
    </>
  );
}
