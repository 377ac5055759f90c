"use client";

import { type ReactNode, useId, useRef, useState } from "react";

import { errorMessage } from "./trpc";

export function Loading({ what }: { what: string }) {
  return (
    <p role="status" aria-live="polite" className="muted">
      Loading {what}…
    </p>
  );
}

export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  return (
    <div role="alert" className="alert error">
      <strong>Could not load this.</strong> {errorMessage(error)}{" "}
      {retry && (
        <button type="button" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <div className="empty">{children}</div>;
}

export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="alert error">
      {errorMessage(error)}
    </p>
  );
}

/** Copies text to the clipboard and says so; falls back to selecting it where clipboard access is refused. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <>
      <button
        type="button"
        onClick={() => {
          navigator.clipboard.writeText(text).then(
            () => setState("copied"),
            () => setState("failed"),
          );
        }}
      >
        {label}
      </button>
      <span role="status" aria-live="polite" className="muted">
        {state === "copied" ? "Copied." : state === "failed" ? "Copy failed: select the text and copy it." : ""}
      </span>
    </>
  );
}

export function formatDate(value: Date | string | null): string {
  if (!value) return "never";
  return new Date(value).toISOString().slice(0, 16).replace("T", " ") + " UTC";
}

const numberFormat = new Intl.NumberFormat("en-US");
export const formatNumber = (n: number) => numberFormat.format(n);

/** A destructive action behind a confirmation dialog (Escape or Cancel closes it). */
export function ConfirmButton({
  label,
  title,
  body,
  confirmLabel,
  pending,
  error,
  onConfirm,
}: {
  label: string;
  title: string;
  body: string;
  confirmLabel: string;
  pending: boolean;
  error: unknown;
  onConfirm: (close: () => void) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = () => dialog.current?.close();
  return (
    <>
      <button type="button" className="danger" onClick={() => dialog.current?.showModal()}>
        {label}
      </button>
      <dialog ref={dialog} aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        <p>{body}</p>
        <FormError error={error} />
        <div className="row">
          <button type="button" className="danger" disabled={pending} onClick={() => onConfirm(close)}>
            {confirmLabel}
          </button>
          <button type="button" onClick={close}>
            Cancel
          </button>
        </div>
      </dialog>
    </>
  );
}

/** Hands the browser a file made on the page (an export) as a download. */
export function saveFile(file: { body: string; contentType: string; filename: string }): void {
  const url = URL.createObjectURL(new Blob([file.body], { type: file.contentType }));
  const a = document.createElement("a");
  a.href = url;
  a.download = file.filename;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has started the download; the object URL is no longer needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const formatBytes = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : n >= 1024 ? `${Math.round(n / 1024)} KB` : `${n} bytes`);
