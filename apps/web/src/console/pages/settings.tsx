"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

import { useTRPC } from "../trpc";
import { type RouterOutputs } from "../types";
import { ErrorState, FormError, Loading, usePageReady } from "../ui";
import { AlertSettingsSection } from "./alert-settings";
import { DeeplKeySection } from "./deepl-settings";

export default function SettingsPage() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.settings.get.queryOptions());
  // The sections' own first answers are awaited here too.
  const ready = usePageReady(
    settings,
    useQuery(trpc.alerts.get.queryOptions()),
    useQuery(trpc.alerts.deliveries.queryOptions()),
    useQuery(trpc.deeplKey.get.queryOptions()),
  );
  return (
    <>
      <h1>Settings</h1>
      {!ready ? (
        <Loading what="settings" lines={12} />
      ) : (
        <>
          {settings.isSuccess ? (
            <SettingsForm initial={settings.data} />
          ) : (
            <ErrorState error={settings.error} retry={() => void settings.refetch()} />
          )}
          <AlertSettingsSection />
          <DeeplKeySection />
        </>
      )}
    </>
  );
}

function SettingsForm({ initial }: { initial: RouterOutputs["settings"]["get"] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState(initial.name);
  const [idp, setIdp] = useState(initial.idpOrgId ?? "");
  const [sourceLang, setSourceLang] = useState(initial.defaultSourceLang ?? "");
  const [terms, setTerms] = useState(initial.localizationTerms);
  const update = useMutation(
    trpc.settings.update.mutationOptions({
      // The name shows in the switcher too.
      onSuccess: () => void queryClient.invalidateQueries(),
    }),
  );
  return (
    <form
      className="card"
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate({
          name,
          idpOrgId: idp.trim() || null,
          defaultSourceLang: sourceLang.trim() || null,
          localizationTerms: terms,
        });
      }}
    >
      <FormError error={update.error} />
      {update.isSuccess && (
        <p role="status" className="alert ok">
          Saved.
        </p>
      )}
      <div className="field">
        <label htmlFor="org-id">Organization id</label>
        <input id="org-id" type="text" readOnly value={initial.id} />
      </div>
      <div className="field">
        <label htmlFor="org-name">Organization name</label>
        <input
          id="org-name"
          type="text"
          required
          maxLength={200}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="plan">Plan</label>
        <input id="plan" type="text" readOnly value={initial.plan} aria-describedby="plan-help" />
        <span id="plan-help" className="muted">
          The operator changes plans with <code>tolk org set-plan</code>.
        </span>
      </div>
      <div className="field">
        <label htmlFor="idp">Identity-provider organization id</label>
        <input
          id="idp"
          type="text"
          maxLength={200}
          value={idp}
          onChange={(e) => setIdp(e.target.value)}
          aria-describedby="idp-help"
        />
        <span id="idp-help" className="muted">
          Session tokens from your identity provider may name this organization by this id (claim <code>org_id</code> by
          default). Leave empty for none.
        </span>
      </div>
      <div className="field">
        <label htmlFor="default-source-lang">Default source language</label>
        <input
          id="default-source-lang"
          type="text"
          maxLength={20}
          value={sourceLang}
          placeholder={initial.deploymentDefaultSourceLang}
          onChange={(e) => setSourceLang(e.target.value)}
          aria-describedby="default-source-lang-help"
        />
        <span id="default-source-lang-help" className="muted">
          Taken for a text whose language cannot be detected (&ldquo;OK&rdquo;), and said so in the response. A code
          such as <code>en</code>, or <code>none</code> to refuse such texts with a 400. Leave empty for this
          deployment&rsquo;s default ({initial.deploymentDefaultSourceLang}).
        </span>
      </div>
      <div className="field">
        <div>
          <input
            id="localization-terms"
            type="checkbox"
            checked={terms}
            onChange={(e) => setTerms(e.target.checked)}
            aria-describedby="localization-terms-help"
          />{" "}
          <label htmlFor="localization-terms">Built-in software terminology by default</label>
        </div>
        <span id="localization-terms-help" className="muted">
          Software words in their software sense (<code>Open file</code> → <code>Abrir archivo</code>) for localization
          files and technical text, from English. Your glossaries win over it; a request&apos;s{" "}
          <code>localization_terms</code> decides for itself.
        </span>
      </div>
      <button type="submit" className="primary" disabled={update.isPending}>
        Save
      </button>
    </form>
  );
}
