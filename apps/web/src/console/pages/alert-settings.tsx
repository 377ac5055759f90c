"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

import { useTRPC } from "../trpc";
import { type RouterOutputs } from "../types";
import { CopyButton, Empty, ErrorState, FormError, Loading, formatDate } from "../ui";

/** The settings page's low-credit alert: threshold, webhook URL, signing secret, test event, delivery log. */
export function AlertSettingsSection() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.alerts.get.queryOptions());
  return (
    <section className="card" aria-labelledby="alerts-h">
      <h2 id="alerts-h">Low-credit alert</h2>
      {settings.isPending ? (
        <Loading what="alert settings" />
      ) : settings.error ? (
        <ErrorState error={settings.error} retry={() => void settings.refetch()} />
      ) : (
        <AlertForm initial={settings.data} />
      )}
    </section>
  );
}

function AlertForm({ initial }: { initial: RouterOutputs["alerts"]["get"] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [threshold, setThreshold] = useState(initial.thresholdPercent === null ? "" : String(initial.thresholdPercent));
  const [url, setUrl] = useState(initial.webhookUrl ?? "");
  const invalidate = () => void queryClient.invalidateQueries({ queryKey: trpc.alerts.pathKey() });
  const update = useMutation(trpc.alerts.update.mutationOptions({ onSuccess: invalidate }));
  const sendTest = useMutation(trpc.alerts.sendTest.mutationOptions({ onSuccess: invalidate }));
  const rotate = useMutation(trpc.alerts.rotateSecret.mutationOptions({ onSuccess: invalidate }));
  return (
    <>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate({
            thresholdPercent: threshold === "" ? null : Number(threshold),
            webhookUrl: url.trim() || null,
          });
        }}
      >
        <FormError error={update.error} />
        {update.isSuccess && (
          <p role="status" className="alert ok">
            Alert saved.
          </p>
        )}
        <div className="field">
          <label htmlFor="alert-threshold">Alert when this much of the period&apos;s credits is used (%)</label>
          <input
            id="alert-threshold"
            type="number"
            min={1}
            max={100}
            step={1}
            inputMode="numeric"
            value={threshold}
            onChange={(e) => setThreshold(e.target.value)}
            aria-describedby="alert-threshold-help"
          />
          <span id="alert-threshold-help" className="muted">
            Every member sees a banner once usage reaches it. Leave empty to turn the alert off.
          </span>
        </div>
        <div className="field">
          <label htmlFor="alert-url">Webhook URL</label>
          <input
            id="alert-url"
            type="url"
            maxLength={2000}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            aria-describedby="alert-url-help"
          />
          <span id="alert-url-help" className="muted">
            Tolk posts a signed <code>credits.low</code> event here once per billing period when usage reaches the
            threshold. Leave empty for none.
          </span>
        </div>
        <div className="field">
          <span className="field-title" id="alert-secret-label">
            Signing secret
          </span>
          {rotate.data ? (
            <div role="status" className="alert ok">
              <p>New signing secret, in force now. Copy it: it is shown this once.</p>
              <div className="secret">
                <code data-testid="webhook-secret">{rotate.data.webhookSecret}</code>
                <CopyButton text={rotate.data.webhookSecret} label="Copy secret" />
              </div>
            </div>
          ) : (
            <p>
              <code aria-describedby="alert-secret-label">{initial.secretHint}</code>
            </p>
          )}
          <FormError error={rotate.error} />
          <div className="row">
            <button type="button" disabled={rotate.isPending} onClick={() => rotate.mutate()}>
              Rotate signing secret
            </button>
          </div>
          <span className="muted">
            Verify the <code>Tolk-Signature</code> header with it: HMAC-SHA256 of <code>timestamp.body</code>. Rotating
            replaces the secret at once; events already queued are signed with the new one.
          </span>
        </div>
        <div className="row">
          <button type="submit" className="primary" disabled={update.isPending}>
            Save alert
          </button>
          <button type="button" disabled={sendTest.isPending || !initial.webhookUrl} onClick={() => sendTest.mutate()}>
            Send test event
          </button>
        </div>
        <FormError error={sendTest.error} />
        {sendTest.isSuccess && (
          <p role="status" className="muted">
            Test event queued; its delivery shows below.
          </p>
        )}
      </form>
      <h3>Deliveries</h3>
      <Deliveries />
    </>
  );
}

function Deliveries() {
  const trpc = useTRPC();
  const deliveries = useQuery({
    ...trpc.alerts.deliveries.queryOptions(),
    // While one is waiting for the worker, follow it.
    refetchInterval: (q) => (q.state.data?.some((d) => d.status === "pending") ? 2_000 : false),
  });
  if (deliveries.isPending) return <Loading what="deliveries" />;
  if (deliveries.error) return <ErrorState error={deliveries.error} retry={() => void deliveries.refetch()} />;
  if (deliveries.data.length === 0) return <Empty>No events sent yet.</Empty>;
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Webhook deliveries (scrolls sideways)">
      <table>
        <thead>
          <tr>
            <th scope="col">Created</th>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">Last attempt</th>
            <th scope="col">Response</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.data.map((d) => (
            <tr key={d.id} data-testid="delivery-row">
              <td>{formatDate(d.createdAt)}</td>
              <td>
                <code>{d.event}</code>
                {d.test && <span className="muted"> (test)</span>}
              </td>
              <td>{d.status}</td>
              <td>{d.attempts}</td>
              <td>{d.lastAttemptAt ? formatDate(d.lastAttemptAt) : "not yet"}</td>
              <td>{d.lastStatusCode ?? d.lastError ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Shown on every console page once this period's usage reached the alert threshold. */
export function LowCreditBanner() {
  const trpc = useTRPC();
  const status = useQuery({ ...trpc.alerts.status.queryOptions(), refetchInterval: 60_000 });
  if (!status.data?.crossed) return null;
  return (
    <div className="alert warn" role="status" data-testid="low-credit-banner">
      <strong>Credits running low:</strong> {status.data.usagePercent} % of this period&apos;s credits are used (alert
      threshold {status.data.thresholdPercent} %).
    </div>
  );
}
