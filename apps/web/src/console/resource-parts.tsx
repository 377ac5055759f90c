"use client";

import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";

import { useTRPC } from "./trpc";
import { FormError } from "./ui";

/** Source and target language selects over every language this server knows. */
export function PairSelects({ source, target, onChange }: { source: string; target: string; onChange: (pair: { source: string; target: string }) => void }) {
  const trpc = useTRPC();
  const languages = useQuery(trpc.translate.languages.queryOptions());
  const id = useId();
  const options = languages.data?.languages ?? [
    { code: source, name: source, targets: [] },
    ...(source === target ? [] : [{ code: target, name: target, targets: [] }]),
  ];
  return (
    <div className="row">
      <div className="field">
        <label htmlFor={`${id}-source`}>Source language</label>
        <select id={`${id}-source`} value={source} onChange={(e) => onChange({ source: e.target.value, target })}>
          {options.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name} ({l.code})
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-target`}>Target language</label>
        <select id={`${id}-target`} value={target} onChange={(e) => onChange({ source, target: e.target.value })}>
          {options.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name} ({l.code})
            </option>
          ))}
        </select>
      </div>
    </div>
  );
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
            {formats.map((f) => (
              <option key={f} value={f}>
                {f.toUpperCase()}
              </option>
            ))}
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
