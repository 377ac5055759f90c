"use client";

import { type ReactNode, useEffect, useId, useRef, useState } from "react";

/**
 * A modal dialog whose content exists only while it is open: a form starts afresh each time, a
 * secret shown in it is gone once it closes, and a closed dialog's fields add nothing to the
 * page's labels. On opening, focus goes to the element marked `data-autofocus` (else the first
 * control); on closing, the browser returns it to where it was, and `onClosed` may move it on.
 */
export function Modal({
  open,
  title,
  onClosed,
  children,
}: {
  open: boolean;
  title: string;
  onClosed: () => void;
  children: (close: () => void) => ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = dialog.current;
    if (!open || !d || d.open) return;
    d.showModal();
    d.querySelector<HTMLElement>("[data-autofocus]")?.focus();
  }, [open]);
  return (
    <dialog ref={dialog} aria-labelledby={open ? titleId : undefined} onClose={onClosed}>
      {open && (
        <>
          <h2 id={titleId}>{title}</h2>
          {children(() => dialog.current?.close())}
        </>
      )}
    </dialog>
  );
}

/** A row's button and the Modal it opens. */
export function DialogButton({
  label,
  hiddenName,
  title,
  children,
}: {
  label: string;
  /** Read after the label by screen readers, so each row's button has its own name. */
  hiddenName?: string;
  title: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        {label}
        {hiddenName && <span className="visually-hidden"> {hiddenName}</span>}
      </button>
      <Modal open={open} title={title} onClosed={() => setOpen(false)}>
        {children}
      </Modal>
    </>
  );
}
