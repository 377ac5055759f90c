"use client";

import { FORMATS, type LowQualitySegment, QUALITY_REASONS, formatOfFilename } from "@tolk/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";

import { DataTable } from "../data-table";
import { LanguagePickers, canTranslate } from "../language-pickers";
import { QualityScore } from "../quality-score";
import { type ResourceChoice, ResourcePickers, forNewPair, noResources, resourceFields } from "../resource-pickers";
import { useTRPC } from "../trpc";
import { type RouterOutputs } from "../types";
import {
  Empty,
  ErrorState,
  FormError,
  Loading,
  countOf,
  formatBytes,
  formatDate,
  formatNumber,
  usePageReady,
} from "../ui";

type Job = RouterOutputs["documents"]["job"];
const running = (job: Pick<Job, "status">) => job.status === "created" || job.status === "processing";
const POLL_MS = 1_000;

/**
 * The browser's check of a chosen file, against the same table GET /v1/formats answers (the
 * contract's): an unknown extension or a file over its format's limit never leaves the page.
 */
export function checkFile(file: { name: string; size: number }): string | null {
  const format = formatOfFilename(file.name);
  if (!format)
    return `“${file.name}” is not a supported format. Supported: ${FORMATS.map((f) => `.${f.extension}`).join(", ")}.`;
  if (file.size > format.max_size_mb * 1024 * 1024) {
    return `“${file.name}” is ${formatBytes(file.size)}; ${format.name} files may be at most ${format.max_size_mb} MB.`;
  }
  if (file.size === 0) return `“${file.name}” is empty.`;
  return null;
}

export default function DocumentsPage() {
  const trpc = useTRPC();
  const languages = useQuery(trpc.translate.languages.queryOptions());
  // The recent jobs' first answer is awaited too: the upload form arriving above a list already
  // drawn would push it down.
  const ready = usePageReady(languages, useQuery(trpc.documents.list.queryOptions()));
  return (
    <>
      <h1>Documents</h1>
      {!ready ? (
        <Loading what="documents" lines={8} />
      ) : (
        <>
          {languages.isSuccess ? (
            <Upload languages={languages.data.languages} />
          ) : (
            <ErrorState error={languages.error} retry={() => void languages.refetch()} />
          )}
          <PastJobs />
        </>
      )}
    </>
  );
}

function Upload({ languages }: { languages: RouterOutputs["translate"]["languages"]["languages"] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [pair, setPair] = useState({ source: "en", target: "es" });
  const [resources, setResources] = useState<ResourceChoice>(noResources);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  // What the last submission was (file and pair): sending the same again bills again, so say so.
  const [submittedKey, setSubmittedKey] = useState<string | null>(null);
  const currentKey = file ? [file.name, file.size, file.lastModified, pair.source, pair.target].join("\u0000") : null;
  const again = currentKey !== null && currentKey === submittedKey;
  const submit = useMutation(
    trpc.documents.submit.mutationOptions({
      onSuccess: (job) => {
        setJobId(job.job_id);
        setSubmittedKey(currentKey);
        void queryClient.invalidateQueries({ queryKey: trpc.documents.list.queryKey() });
      },
    }),
  );
  const job = useQuery({
    ...trpc.documents.job.queryOptions({ jobId: jobId ?? "" }),
    enabled: jobId !== null,
    // Live progress: poll while the job runs, stop once it has ended.
    refetchInterval: (q) => (q.state.data && !running(q.state.data) ? false : POLL_MS),
  });
  const endedJob = job.data && !running(job.data) ? job.data.job_id : null;
  useEffect(() => {
    // The job list shows the final state (and credits) as soon as the job ends.
    if (!endedJob) return;
    void queryClient.invalidateQueries({ queryKey: trpc.documents.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.dashboard.quota.queryKey() });
  }, [endedJob, queryClient, trpc]);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const refused = checkFile(chosen);
    setProblem(refused);
    setFile(refused ? null : chosen);
  };

  return (
    <section className="card" aria-labelledby="upload-h">
      <h2 id="upload-h">Translate a document</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!file) return;
          const form = new FormData();
          form.set("file", file);
          form.set("source_lang", pair.source);
          form.set("target_lang", pair.target);
          const fields = resourceFields(resources);
          if (fields.glossary_ids) form.set("glossary_ids", JSON.stringify(fields.glossary_ids));
          if (fields.tm_id) form.set("tm_id", fields.tm_id);
          if (fields.brand_voice_id) form.set("brand_voice_id", fields.brand_voice_id);
          if (fields.localization_terms !== undefined)
            form.set("localization_terms", String(fields.localization_terms));
          setJobId(null);
          submit.mutate(form);
        }}
      >
        <div
          className={over ? "dropzone over" : "dropzone"}
          data-testid="dropzone"
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={(e) => {
            e.preventDefault();
            setOver(false);
            choose(e.dataTransfer.files[0]);
          }}
        >
          <p>Drop a file here, or choose one.</p>
          <div className="field file-field">
            <label htmlFor="document-file">File</label>
            <input
              id="document-file"
              type="file"
              accept={FORMATS.map((f) => `.${f.extension}`).join(",")}
              onChange={(e) => choose(e.target.files?.[0])}
              aria-describedby="document-file-help"
            />
          </div>
          <p id="document-file-help" className="muted">
            {FORMATS.map((f) => `.${f.extension}`).join(" ")} · up to {Math.max(...FORMATS.map((f) => f.max_size_mb))}{" "}
            MB depending on the format
          </p>
          {file && (
            <p role="status">
              Ready: <strong>{file.name}</strong> ({formatBytes(file.size)})
            </p>
          )}
        </div>
        {problem && (
          <p role="alert" className="alert error">
            {problem}
          </p>
        )}
        <LanguagePickers
          idPrefix="doc-"
          languages={languages}
          source={pair.source}
          target={pair.target}
          onChange={(next) => {
            setPair(next);
            setResources(forNewPair(resources));
          }}
        />
        <ResourcePickers source={pair.source} target={pair.target} value={resources} onChange={setResources} />
        <FormError error={submit.error} />
        {again && (
          <p className="alert warn" data-testid="bills-again">
            You have just sent this file for this language pair. Translating it again bills it again; download the
            result below instead if you only need another copy.
          </p>
        )}
        <button
          type="submit"
          className="primary"
          disabled={!file || submit.isPending || !canTranslate(languages, pair.source, pair.target)}
          aria-busy={submit.isPending}
        >
          {submit.isPending ? "Uploading…" : again ? "Translate again (billed again)" : "Translate document"}
        </button>
      </form>
      {jobId && <JobProgress job={job.data} error={job.error} />}
    </section>
  );
}

function JobProgress({ job, error }: { job: Job | undefined; error: unknown }) {
  if (error) return <ErrorState error={error} />;
  if (!job) return <Loading what="the job" />;
  const percent = Math.round((job.progress ?? 0) * 100);
  return (
    <div className="card" aria-labelledby="progress-h" data-testid="job-progress">
      <h3 id="progress-h">{job.filename}</h3>
      <p role="status" aria-live="polite">
        {statusText[job.status]} {running(job) && `${percent}%`}
      </p>
      <progress max={100} value={percent} aria-label={`Progress of ${job.filename}`} />
      {job.error && (
        <p role="alert" className="alert error">
          {job.error}
        </p>
      )}
      {job.download_path && (
        <p>
          <a className="button primary" href={job.download_path} download={job.download_name}>
            Download {job.download_name}
          </a>{" "}
          <span className="muted">
            {formatNumber(job.character_count ?? 0)} characters · {formatNumber(job.credits_used ?? 0)} credits
          </span>
        </p>
      )}
      {job.status === "completed" && job.quality_score !== undefined && (
        <div data-testid="document-quality">
          Quality score (length-weighted mean of its segments): <QualityScore score={job.quality_score} />
        </div>
      )}
      {job.lowest_segments && job.lowest_segments.length > 0 && <SegmentsToReview segments={job.lowest_segments} />}
    </div>
  );
}

/** The document's lowest-scoring segments, lowest first: where a reviewer should start. */
function SegmentsToReview({ segments }: { segments: readonly LowQualitySegment[] }) {
  return (
    <details className="segments-to-review" data-testid="segments-to-review">
      <summary>Review first: {countOf(segments.length, "segment", "segments")} with the lowest scores</summary>
      <DataTable columns={["Position", "Segment", "Score", "Why"]}>
        {segments.map((s) => (
          <tr key={`${s.position}:${s.segment_id}`}>
            <td>{s.position + 1}</td>
            <td>
              {s.source_excerpt}
              <div className="muted">{s.segment_id}</div>
            </td>
            <td>{s.quality_score}</td>
            <td>{s.quality_reasons.map((r) => QUALITY_REASONS[r] ?? r).join("; ") || "–"}</td>
          </tr>
        ))}
      </DataTable>
    </details>
  );
}

const statusText: Record<Job["status"], string> = {
  created: "Queued.",
  processing: "Translating…",
  completed: "Done.",
  error: "Could not be translated.",
  failed: "Failed.",
};

function PastJobs() {
  const trpc = useTRPC();
  const jobs = useQuery({
    ...trpc.documents.list.queryOptions(),
    refetchInterval: (q) => (q.state.data?.some(running) ? POLL_MS * 2 : false),
  });
  return (
    <section className="card" aria-labelledby="jobs-h">
      <h2 id="jobs-h">Recent documents</h2>
      {jobs.isPending ? (
        <Loading what="documents" />
      ) : jobs.error ? (
        <ErrorState error={jobs.error} retry={() => void jobs.refetch()} />
      ) : jobs.data.length === 0 ? (
        <Empty>No documents yet. Upload one above; translated files are kept for a few days.</Empty>
      ) : (
        <DataTable columns={["File", "Languages", "Status", "Credits", "Created", "Kept until"]}>
          {jobs.data.map((j) => (
            <tr key={j.job_id}>
              <td>{j.filename}</td>
              <td>
                {j.source_lang} → {j.target_lang}
              </td>
              <td>
                {j.status}
                {running(j) && ` (${Math.round((j.progress ?? 0) * 100)}%)`}
                {j.error && <div className="muted">{j.error}</div>}
              </td>
              <td>{j.credits_used === null ? "–" : formatNumber(j.credits_used)}</td>
              <td>{formatDate(j.created_at)}</td>
              <td>{formatDate(j.expires_at)}</td>
              <td>
                {j.download_path ? (
                  <a
                    href={j.download_path}
                    download={j.download_name}
                    aria-label={`Download ${j.download_name} (${j.job_id})`}
                  >
                    Download
                  </a>
                ) : (
                  <span className="muted">–</span>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
