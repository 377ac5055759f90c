"use client";

import { type ReactNode, useState } from "react";

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

export const formatNumber = (n: number) => n.toLocaleString("en-US");
