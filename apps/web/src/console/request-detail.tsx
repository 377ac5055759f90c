"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";

import { useTRPC } from "./trpc";
import { type RouterOutputs } from "./types";
import { ErrorState, Loading, formatNumber } from "./ui";

type Detail = RouterOutputs["requests"]["get"];

const timeFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

/** Who made a request, as a person recognizes it: the key by name and hint, or the member. */
export function callerLabel(r: {
  source: string;
  keyId: string | null;
  keyName: string | null;
  keyHint: string | null;
  userEmail: string | null;
}): string {
  if (r.keyId) return `API key ${r.keyName ?? "?"} (${r.keyHint ?? r.keyId})`;
  const who = r.userEmail ?? "a removed user";
  return r.source === "console" ? `Console (${who})` : `Session token (${who})`;
}

/** The start of a request id: enough to tell rows apart; the full id is in the detail and copied whole. */
export const requestIdStart = (id: string) => (id.length > 13 ? `${id.slice(0, 8)}…` : id);

/** Which request's detail is open, and the button that opened it (focus goes back there on close). */
export function useRequestDetail() {
  const [id, setId] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  return {
    id,
    open: (requestId: string, from: HTMLButtonElement) => {
      opener.current = from;
      setId(requestId);
    },
    closed: () => {
      setId(null);
      opener.current?.focus();
    },
  };
}

/**
 * A request's detail in a modal dialog: everything the log holds, the error and the parameters
 * wrapped and scrolled in their own boxes (a refusal can list hundreds of language pairs).
 * Escape or Close shuts it, and focus returns to the row's button.
 */
export function RequestDetail({ state }: { state: ReturnType<typeof useRequestDetail> }) {
  const trpc = useTRPC();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const detail = useQuery({ ...trpc.requests.get.queryOptions({ id: state.id ?? "" }), enabled: state.id !== null });
  useEffect(() => {
    const d = dialog.current;
    if (state.id && d && !d.open) d.showModal();
  }, [state.id]);
  return (
    <dialog
      ref={dialog}
      className="req-detail"
      aria-labelledby={titleId}
      onClose={state.closed}
      data-testid="request-detail"
    >
      <div className="row req-detail-head">
        <h2 id={titleId}>{detail.data ? `${detail.data.method} ${detail.data.route}` : "Request"}</h2>
        <button type="button" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
      {state.id === null ? null : detail.isPending ? (
        <Loading what="the request" />
      ) : detail.error ? (
        <ErrorState error={detail.error} />
      ) : (
        <DetailBody d={detail.data} />
      )}
    </dialog>
  );
}

function DetailBody({ d }: { d: Detail }) {
  return (
    <>
      <dl className="req-facts">
        <dt>Status</dt>
        <dd>
          <span className={`status s${String(d.status)[0]}`}>{d.status}</span>
        </dd>
        <dt>Time (UTC)</dt>
        <dd>{timeFormat.format(new Date(d.createdAt))}</dd>
        <dt>Method</dt>
        <dd>
          <code>{d.method}</code>
        </dd>
        <dt>Route</dt>
        <dd>
          <code>{d.route}</code> {d.source === "console" ? "(the console)" : "(the API)"}
        </dd>
        <dt>Caller</dt>
        <dd>{callerLabel(d)}</dd>
        <dt>Duration</dt>
        <dd>{formatNumber(d.durationMs)} ms</dd>
        <dt>Credits charged</dt>
        <dd>{formatNumber(d.credits)}</dd>
        <dt>Request id</dt>
        <dd className="req-id-full">
          <code>{d.requestId}</code> <CopyText text={d.requestId} what="request id" />
        </dd>
        {d.operationKey && (
          <>
            <dt>Billed under</dt>
            <dd>
              <code>{d.operationKey}</code> (a retry with the same Idempotency-Key)
            </dd>
          </>
        )}
      </dl>
      {d.errorCode && (
        <section aria-label="Error">
          <h3>
            Error <code>{d.errorCode}</code>
          </h3>
          <pre className="req-box" tabIndex={0} role="region" aria-label="Error message">
            {d.errorMessage ?? "(no message)"}
          </pre>
        </section>
      )}
      <section aria-label="Request parameters">
        <h3>Request parameters</h3>
        {d.requestSummary ? (
          <pre className="req-box" tabIndex={0} role="region" aria-label="Request parameters as recorded">
            {JSON.stringify(d.requestSummary, null, 2)}
          </pre>
        ) : (
          <p className="muted">
            None recorded (a request without a body, or one made before parameters were recorded).
          </p>
        )}
        <p className="muted">
          Texts are kept as their first 40 characters and their length; keys, tokens and passwords are never kept.
        </p>
      </section>
    </>
  );
}

/** Copies a value and says so, next to it. */
export function CopyText({ text, what }: { text: string; what: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <>
      <button
        type="button"
        className="req-copy"
        onClick={() => {
          navigator.clipboard.writeText(text).then(
            () => setState("copied"),
            () => setState("failed"),
          );
        }}
      >
        Copy<span className="visually-hidden"> {what}</span>
      </button>
      <span role="status" aria-live="polite" className="muted">
        {state === "copied" ? "Copied." : state === "failed" ? "Copy failed: select it and copy." : ""}
      </span>
    </>
  );
}
