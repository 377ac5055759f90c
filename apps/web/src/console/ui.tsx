"use client";

import { type ReactNode, useEffect, useId, useRef, useState } from "react";

import { errorMessage } from "./trpc";

/** Grey placeholder lines where content is coming; the status text is for screen readers. */
export function Loading({ what, lines = 3 }: { what: string; lines?: number }) {
  return (
    <div role="status" aria-live="polite" className="skeleton" aria-busy="true">
      <span className="visually-hidden">Loading {what}…</span>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="skeleton-line" aria-hidden="true" />
      ))}
    </div>
  );
}

/**
 * Whether every section of a page has its query's first answer. A page shows one skeleton until
 * then and draws the whole page at once: sections arriving one by one would push those below them
 * down (a layout shift on a phone).
 */
export function usePageReady(...sections: readonly { isPending: boolean }[]): boolean {
  return !sections.some((q) => q.isPending);
}

/** The HTTP status of a failed console call (500 when it did not come from the server). */
export function errorStatus(error: unknown): number {
  return (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus ?? 500;
}

export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  if (errorStatus(error) === 403) return <NeedsRole message={errorMessage(error)} />;
  return (
    <div role="alert" className="alert error">
      <strong>Could not load this.</strong> {errorMessage(error)}{" "}
      {/* Retrying helps only when the server failed; a refused or invalid request fails again. */}
      {retry && errorStatus(error) >= 500 && (
        <button type="button" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** A page the signed-in role may not use: says so and where to go, with nothing to retry. */
export function NeedsRole({ message, page }: { message?: string; page?: string }) {
  return (
    <section className="card" aria-labelledby="needs-role-h" data-testid="needs-admin">
      <h2 id="needs-role-h">{page ? `${page} needs an admin` : "This needs an admin"}</h2>
      <p>{message ?? "Only an owner or admin of this organization can open this page."}</p>
      <p>
        Ask an admin of your organization if you need this changed. <a href="/dashboard">Back to the dashboard</a>
      </p>
    </section>
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
const plurals = new Intl.PluralRules("en-US");
/** "1 entry", "2 entries": the number with the noun in the form English needs for it. */
export const countOf = (n: number, one: string, other: string) =>
  `${formatNumber(n)} ${plurals.select(n) === "one" ? one : other}`;

/**
 * A destructive action behind a confirmation dialog. The dialog opens on Cancel, so Enter or
 * Escape leaves things as they were; only a deliberate click or Tab then Enter confirms.
 */
export function ConfirmButton({
  label,
  hiddenName,
  ...dialog
}: {
  label: string;
  /** Read after the label by screen readers, so each row's button has its own name ("Delete hola"). */
  hiddenName?: string;
} & Omit<ConfirmDialogProps, "open" | "onCancel">) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" className="danger" ref={trigger} onClick={() => setOpen(true)}>
        {label}
        {hiddenName && <span className="visually-hidden"> {hiddenName}</span>}
      </button>
      <ConfirmDialog
        {...dialog}
        open={open}
        onCancel={() => {
          setOpen(false);
          trigger.current?.focus();
        }}
        onConfirm={(close) =>
          dialog.onConfirm(() => {
            setOpen(false);
            close();
          })
        }
      />
    </>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  pending: boolean;
  error: unknown;
  /** Called with `close` for after the action succeeded (the dialog stays open on an error). */
  onConfirm: (close: () => void) => void;
  onCancel: () => void;
  /** Not red: for a change that can be undone (a member's role). */
  safe?: boolean;
}

/** A modal question with Cancel focused first: the one confirmation every console action uses. */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onCancel,
  safe,
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  // Set when the action closes the dialog: its close event (a later task, perhaps before the
  // caller's re-render) is then no cancel, which would send focus back to a row being removed.
  const confirmed = useRef(false);
  const titleId = useId();
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      cancel.current?.focus();
    } else if (!open && d.open) d.close();
  }, [open]);
  return (
    // Escape closes a modal dialog natively; onClose keeps the caller's state in step.
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={() => {
        if (confirmed.current) confirmed.current = false;
        else if (open) onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <p>{body}</p>
      <FormError error={error} />
      <div className="row">
        <button type="button" ref={cancel} onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className={safe ? "primary" : "danger"}
          disabled={pending}
          aria-busy={pending}
          onClick={() =>
            onConfirm(() => {
              if (!dialog.current?.open) return;
              confirmed.current = true;
              dialog.current.close();
            })
          }
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
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

export const formatBytes = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : n >= 1024 ? `${Math.round(n / 1024)} KB` : `${n} bytes`;
