"use client";

import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";

import { useTRPC } from "./trpc";
import { FormError } from "./ui";

/**
 * Source and target language selects for a glossary or memory. Pairs this deployment translates
 * come first; the others stay choosable (a resource can be prepared before its engine is added),
 * under their own heading and with a note that the pair cannot be translated yet.
 */
export function PairSelects({
  source,
  target,
  onChange,
}: {
  source: string;
  target: string;
  onChange: (pair: { source: string; target: string }) => void;
}) {
  const trpc = useTRPC();
  const languages = useQuery(trpc.translate.languages.queryOptions());
  const id = useId();
  const all = languages.data?.languages ?? [
    { code: source, name: source, targets: [] as string[] },
    ...(source === target ? [] : [{ code: target, name: target, targets: [] as string[] }]),
  ];
  const reachable = all.find((l) => l.code === source)?.targets ?? [];
  const sources = split(all, (l) => l.targets.length > 0);
  const targets = split(
    all.filter((l) => l.code !== source),
    (l) => reachable.includes(l.code),
  );
  const nameOf = (code: string) => all.find((l) => l.code === code)?.name ?? code;
  const translatable = !languages.data || reachable.includes(target);
  return (
    <>
      <div className="row">
        <div className="field">
          <label htmlFor={`${id}-source`}>Source language</label>
          <select
            id={`${id}-source`}
            value={source}
            onChange={(e) => {
              const next = all.find((l) => l.code === e.target.value)?.targets ?? [];
              const fallback =
                target === e.target.value ? (all.find((l) => l.code !== e.target.value)?.code ?? target) : target;
              onChange({ source: e.target.value, target: next.includes(target) ? target : (next[0] ?? fallback) });
            }}
          >
            <LanguageGroups groups={sources} labels={["Translatable here", "Not translatable here yet"]} />
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-target`}>Target language</label>
          <select
            id={`${id}-target`}
            value={target}
            onChange={(e) => onChange({ source, target: e.target.value })}
            aria-describedby={`${id}-pair-note`}
          >
            <LanguageGroups
              groups={targets}
              labels={[`Translatable from ${nameOf(source)}`, "Not translatable here yet"]}
            />
          </select>
        </div>
      </div>
      <p
        id={`${id}-pair-note`}
        className={translatable ? "visually-hidden" : "alert warn"}
        role="status"
        data-testid="pair-note"
      >
        {translatable
          ? ""
          : `This server cannot translate ${nameOf(source)} → ${nameOf(target)} yet: you can create and fill it, but translations use it only once an engine serves this pair.`}
      </p>
    </>
  );
}

type PairLanguage = { code: string; name: string; targets: string[] };

function split(languages: PairLanguage[], served: (l: PairLanguage) => boolean): [PairLanguage[], PairLanguage[]] {
  return [languages.filter(served), languages.filter((l) => !served(l))];
}

function LanguageGroups({ groups, labels }: { groups: [PairLanguage[], PairLanguage[]]; labels: [string, string] }) {
  return (
    <>
      {groups.map((group, i) =>
        group.length === 0 ? null : (
          <optgroup key={labels[i]} label={labels[i]}>
            {group.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name} ({l.code})
              </option>
            ))}
          </optgroup>
        ),
      )}
    </>
  );
}

/** A select's options for file formats, by their upper-case names ("CSV"). */
export function FormatOptions({ formats }: { formats: readonly string[] }) {
  return formats.map((f) => (
    <option key={f} value={f}>
      {f.toUpperCase()}
    </option>
  ));
}

/** A file import into one resource: the file, and its format (by default the file name's extension). */
export function ImportForm({
  resourceId,
  accept,
  formats,
  pending,
  error,
  result,
  onImport,
}: {
  resourceId: string;
  accept: string;
  formats: readonly string[];
  pending: boolean;
  error: unknown;
  result: { imported: number; skipped: number } | undefined;
  onImport: (form: FormData) => void;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState("");
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!file) return;
        const form = new FormData();
        form.set("id", resourceId);
        form.set("file", file);
        if (format) form.set("format", format);
        onImport(form);
      }}
    >
      <div className="row">
        <div className="field file-field">
          <label htmlFor={`${id}-file`}>Import file</label>
          <input id={`${id}-file`} type="file" accept={accept} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-format`}>Import format</label>
          <select id={`${id}-format`} value={format} onChange={(e) => setFormat(e.target.value)}>
            <option value="">From the file name</option>
            <FormatOptions formats={formats} />
          </select>
        </div>
        <div className="field">
          <button type="submit" disabled={!file || pending}>
            {pending ? "Importing…" : "Import"}
          </button>
        </div>
      </div>
      <FormError error={error} />
      {result && (
        <p role="status" className="alert ok">
          Imported {result.imported}, skipped {result.skipped}.
        </p>
      )}
    </form>
  );
}
