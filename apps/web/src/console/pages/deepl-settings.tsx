"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

import { useTRPC } from "../trpc";
import { type RouterOutputs } from "../types";
import { ConfirmButton, ErrorState, FormError, Loading, formatDate } from "../ui";

/** The settings page's DeepL card: the organization's own DeepL API key (shown as a hint only), its server and preference. */
export function DeeplKeySection() {
  const trpc = useTRPC();
  const view = useQuery(trpc.deeplKey.get.queryOptions());
  return (
    <section className="card" aria-labelledby="deepl-h">
      <h2 id="deepl-h">DeepL</h2>
      {view.isPending ? (
        <Loading what="DeepL settings" />
      ) : view.error ? (
        <ErrorState error={view.error} retry={() => void view.refetch()} />
      ) : (
        <DeeplKeyForm initial={view.data} />
      )}
    </section>
  );
}

function DeeplKeyForm({ initial }: { initial: RouterOutputs["deeplKey"]["get"] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [authKey, setAuthKey] = useState("");
  const [serverUrl, setServerUrl] = useState(initial.serverUrl ?? "");
  const [preferred, setPreferred] = useState(initial.preferred);
  // The language lists of the translate page change with the key.
  const invalidate = () => void queryClient.invalidateQueries();
  const save = useMutation(
    trpc.deeplKey.save.mutationOptions({
      onSuccess: () => {
        setAuthKey("");
        invalidate();
      },
    }),
  );
  const remove = useMutation(trpc.deeplKey.remove.mutationOptions({ onSuccess: invalidate }));
  if (!initial.canStore && !initial.configured) {
    return (
      <p className="muted">
        Your organization can translate with its own DeepL API key once this server&apos;s operator sets{" "}
        <code>TOLK_SECRETS_KEY</code>.
      </p>
    );
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({
          ...(authKey.trim() ? { authKey: authKey.trim() } : {}),
          serverUrl: serverUrl.trim() || null,
          preferred,
        });
      }}
    >
      <p className="muted">
        With your organization&apos;s own DeepL API key, the language pairs your DeepL account serves are translated
        with it for your requests, billed to your Tolk credits as any translation (and counted by DeepL on your DeepL
        account).
      </p>
      <FormError error={save.error} />
      {save.isSuccess && (
        <p role="status" className="alert ok">
          DeepL accepted the key; saved.
        </p>
      )}
      <div className="field">
        <label htmlFor="deepl-key">DeepL API key</label>
        <input
          id="deepl-key"
          type="password"
          autoComplete="off"
          maxLength={200}
          value={authKey}
          placeholder={initial.keyHint ?? ""}
          onChange={(e) => setAuthKey(e.target.value)}
          aria-describedby="deepl-key-help"
        />
        <span id="deepl-key-help" className="muted">
          {initial.configured ? (
            <>
              Saved key <code data-testid="deepl-key-hint">{initial.keyHint}</code>
              {initial.updatedAt ? `, ${formatDate(initial.updatedAt)}` : ""}; it is never shown again. Type a new key
              to replace it.
            </>
          ) : (
            <>Tried on DeepL before it is saved; stored encrypted and never shown again.</>
          )}
        </span>
      </div>
      <div className="field">
        <label htmlFor="deepl-url">Server URL</label>
        <input
          id="deepl-url"
          type="url"
          maxLength={2000}
          value={serverUrl}
          placeholder={initial.effectiveUrl ?? "https://api.deepl.com"}
          onChange={(e) => setServerUrl(e.target.value)}
          aria-describedby="deepl-url-help"
        />
        <span id="deepl-url-help" className="muted">
          Leave empty for DeepL&apos;s own: <code>https://api-free.deepl.com</code> for a Free key (ending in{" "}
          <code>:fx</code>), else <code>https://api.deepl.com</code>.
        </span>
      </div>
      <div className="field">
        <div>
          <input
            id="deepl-preferred"
            type="checkbox"
            checked={preferred}
            onChange={(e) => setPreferred(e.target.checked)}
            aria-describedby="deepl-preferred-help"
          />{" "}
          <label htmlFor="deepl-preferred">Prefer DeepL</label>
        </div>
        <span id="deepl-preferred-help" className="muted">
          Off: DeepL translates only the pairs this server&apos;s engines lack (English → German, for one). On: every
          pair DeepL serves goes to DeepL.
        </span>
      </div>
      <div className="row">
        <button type="submit" className="primary" disabled={save.isPending || (!initial.configured && !authKey.trim())}>
          {initial.configured ? "Save DeepL settings" : "Save DeepL key"}
        </button>
        {initial.configured && (
          <ConfirmButton
            label="Remove key"
            title="Remove the DeepL key?"
            body="Your requests go back to this server's engines at once: the pairs only DeepL served are refused until a key is saved again."
            confirmLabel="Remove"
            pending={remove.isPending}
            error={remove.error}
            onConfirm={(close) => remove.mutate(undefined, { onSuccess: close })}
          />
        )}
      </div>
    </form>
  );
}
