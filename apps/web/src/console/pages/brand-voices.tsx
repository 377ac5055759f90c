"use client";

import { brandVoice, formalities } from "@tolk/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";

import { ResourceList, RowButton, useRefreshResources } from "../resource-list";
import { useTRPC } from "../trpc";
import { type RouterOutputs } from "../types";
import { FormError, formatDate, saveFile } from "../ui";

type Voice = RouterOutputs["brandVoices"]["list"]["items"][number];
type Formality = (typeof formalities)[number];

/** The form's text: lists are one item a line, pairs written `term = replacement`. */
interface VoiceForm {
  name: string;
  tone: string;
  formality: Formality;
  instructions: string;
  preferred: string;
  forbidden: string;
  doNotTranslate: string;
}

const emptyForm: VoiceForm = {
  name: "",
  tone: "",
  formality: "Neutral",
  instructions: "",
  preferred: "",
  forbidden: "",
  doNotTranslate: "",
};

const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
const pair = (line: string): [string, string | undefined] => {
  const at = line.indexOf("=");
  return at < 0 ? [line, undefined] : [line.slice(0, at).trim(), line.slice(at + 1).trim() || undefined];
};

function toRequest(form: VoiceForm) {
  return {
    name: form.name,
    tone: form.tone.trim() || null,
    formality: form.formality,
    instructions: form.instructions.trim() || null,
    preferred_terms: lines(form.preferred).map((l) => {
      const [source, target] = pair(l);
      // A line without "=" keeps the term as it is (the server refuses an empty target).
      return { source, target: target ?? source };
    }),
    forbidden_terms: lines(form.forbidden).map((l) => {
      const [term, replacement] = pair(l);
      return replacement ? { term, replacement } : { term };
    }),
    do_not_translate: lines(form.doNotTranslate),
  };
}

const toForm = (v: Voice): VoiceForm => ({
  name: v.name,
  tone: v.tone ?? "",
  formality: v.formality,
  instructions: v.instructions ?? "",
  preferred: v.preferred_terms.map((t) => `${t.source} = ${t.target}`).join("\n"),
  forbidden: v.forbidden_terms.map((t) => (t.replacement ? `${t.term} = ${t.replacement}` : t.term)).join("\n"),
  doNotTranslate: v.do_not_translate.join("\n"),
});

export default function BrandVoicesPage() {
  const trpc = useTRPC();
  const list = useQuery(trpc.brandVoices.list.queryOptions());
  const refresh = useRefreshResources(trpc.brandVoices.list.queryKey());
  const [editing, setEditing] = useState<Voice | null>(null);
  return (
    <>
      <h1>Brand voices</h1>
      {editing ? (
        <VoiceEditor key={editing.id} voice={editing} onDone={() => setEditing(null)} refresh={refresh} />
      ) : (
        <VoiceEditor key="new" voice={null} onDone={() => undefined} refresh={refresh} />
      )}
      <ResourceList
        headingId="voices-h"
        heading="Your brand voices"
        list={list}
        what="brand voices"
        empty="No brand voices yet. A brand voice sets formality, preferred and forbidden terms, and words never to translate."
        columns={["Name", "Formality", "Tone", "Terms", "Updated"]}
        cells={(v) => (
          <>
            <td>{v.name}</td>
            <td>{v.formality}</td>
            <td>{v.tone ?? "–"}</td>
            <td>
              {v.preferred_terms.length} preferred, {v.forbidden_terms.length} forbidden, {v.do_not_translate.length}{" "}
              kept
            </td>
            <td>{formatDate(v.updated_at)}</td>
          </>
        )}
        actions={(v) => (
          <>
            <RowButton label="Edit" name={v.name} onClick={() => setEditing(v)} />
            <RowButton
              label="Export"
              name={v.name}
              onClick={() =>
                saveFile({
                  body: JSON.stringify(v, null, 2),
                  contentType: "application/json",
                  filename: `${v.id}.json`,
                })
              }
            />
          </>
        )}
        remove={{
          body: () => "Requests naming this brand voice are refused from now on. This cannot be undone.",
          confirmLabel: "Delete brand voice",
          options: trpc.brandVoices.delete.mutationOptions(),
          onDeleted: (v) => {
            if (editing?.id === v.id) setEditing(null);
            refresh();
          },
        }}
      />
    </>
  );
}

function VoiceEditor({ voice, onDone, refresh }: { voice: Voice | null; onDone: () => void; refresh: () => void }) {
  const trpc = useTRPC();
  const [form, setForm] = useState<VoiceForm>(voice ? toForm(voice) : emptyForm);
  const [importError, setImportError] = useState<string | null>(null);
  const create = useMutation(
    trpc.brandVoices.create.mutationOptions({
      onSuccess: () => {
        setForm(emptyForm);
        refresh();
      },
    }),
  );
  const update = useMutation(
    trpc.brandVoices.update.mutationOptions({
      onSuccess: () => {
        refresh();
        onDone();
      },
    }),
  );
  const set = (field: keyof VoiceForm) => (e: { target: { value: string } }) =>
    setForm({ ...form, [field]: e.target.value });
  return (
    <section className="card" aria-labelledby="voice-form-h">
      <h2 id="voice-form-h">{voice ? `Edit “${voice.name}”` : "Create a brand voice"}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (voice) update.mutate({ id: voice.id, request: toRequest(form) });
          else create.mutate(toRequest(form));
        }}
      >
        <div className="row">
          <div className="field">
            <label htmlFor="voice-name">Voice name</label>
            <input id="voice-name" type="text" required maxLength={200} value={form.name} onChange={set("name")} />
          </div>
          <div className="field">
            <label htmlFor="voice-formality">Formality</label>
            <select id="voice-formality" value={form.formality} onChange={set("formality")}>
              {formalities.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="voice-tone">Tone</label>
            <input id="voice-tone" type="text" maxLength={200} value={form.tone} onChange={set("tone")} />
          </div>
        </div>
        <div className="field">
          <label htmlFor="voice-instructions">Instructions</label>
          <textarea
            id="voice-instructions"
            maxLength={2000}
            style={{ minHeight: "4rem" }}
            value={form.instructions}
            onChange={set("instructions")}
          />
        </div>
        <div className="grid">
          <div className="field">
            <label htmlFor="voice-preferred">Preferred terms</label>
            <textarea
              id="voice-preferred"
              aria-describedby="voice-preferred-help"
              value={form.preferred}
              onChange={set("preferred")}
            />
            <span id="voice-preferred-help" className="muted">
              One a line: <code>term = preferred translation</code>
            </span>
          </div>
          <div className="field">
            <label htmlFor="voice-forbidden">Forbidden terms</label>
            <textarea
              id="voice-forbidden"
              aria-describedby="voice-forbidden-help"
              value={form.forbidden}
              onChange={set("forbidden")}
            />
            <span id="voice-forbidden-help" className="muted">
              One a line: <code>term</code> or <code>term = replacement</code>
            </span>
          </div>
          <div className="field">
            <label htmlFor="voice-dnt">Do not translate</label>
            <textarea
              id="voice-dnt"
              aria-describedby="voice-dnt-help"
              value={form.doNotTranslate}
              onChange={set("doNotTranslate")}
            />
            <span id="voice-dnt-help" className="muted">
              One term a line (product names, brands).
            </span>
          </div>
        </div>
        {!voice && (
          <div className="field file-field">
            <label htmlFor="voice-import">Import a brand voice (JSON)</label>
            <input
              id="voice-import"
              type="file"
              accept=".json,application/json"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (!file) return;
                file.text().then(
                  (text) => {
                    let parsed: unknown = null;
                    try {
                      parsed = JSON.parse(text);
                    } catch {
                      // Not JSON: reported below like any other file that is not an export.
                    }
                    const voice = brandVoice.safeParse(parsed);
                    if (voice.success) {
                      setForm(toForm(voice.data));
                      setImportError(null);
                    } else {
                      setImportError(`“${file.name}” is not a brand voice exported from Tolk (JSON).`);
                    }
                  },
                  () => setImportError(`“${file.name}” could not be read.`),
                );
              }}
            />
            {importError && (
              <p role="alert" className="alert error">
                {importError}
              </p>
            )}
          </div>
        )}
        <FormError error={voice ? update.error : create.error} />
        <div className="row">
          <button type="submit" className="primary" disabled={create.isPending || update.isPending}>
            {voice ? "Save brand voice" : "Create brand voice"}
          </button>
          {voice && (
            <button type="button" onClick={onDone}>
              Cancel
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
