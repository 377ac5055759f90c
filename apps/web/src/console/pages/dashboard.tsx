"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo } from "react";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { useTRPC } from "../trpc";
import { type RouterOutputs } from "../types";
import { CopyButton, ErrorState, Loading, formatDate, formatNumber, usePageReady } from "../ui";
import { dailyTotals, lastDays } from "../usage-days";

export default function DashboardPage() {
  const trpc = useTRPC();
  const q = useQuery(trpc.dashboard.quota.queryOptions());
  const progress = useQuery(trpc.dashboard.firstRun.queryOptions());
  const range = useMemo(() => lastDays(30, Date.now()), []);
  const usage = useQuery(trpc.usage.daily.queryOptions(range));
  const ready = usePageReady(q, progress, usage);
  return (
    <>
      <h1>Dashboard</h1>
      <p className="lead">
        Tolk translates text, keyed strings and documents through its API and this console. Every translation spends
        credits from your organization&apos;s plan; this page shows what is left and how it was spent.
      </p>
      {!ready ? (
        <Loading what="your dashboard" lines={8} />
      ) : (
        <>
          <FirstRunChecklist />
          {q.error ? (
            <ErrorState error={q.error} retry={() => void q.refetch()} />
          ) : (
            q.data && <QuotaView data={q.data} />
          )}
          <UsageChart range={range} />
        </>
      )}
    </>
  );
}

/**
 * The three first steps of a new organization, shown until all are done. Rendered only once the
 * answer is known, so a finished organization never sees it flash in and push the page down.
 */
function FirstRunChecklist() {
  const trpc = useTRPC();
  const progress = useQuery(trpc.dashboard.firstRun.queryOptions());
  const session = useQuery(trpc.session.current.queryOptions());
  if (!progress.data) return null;
  const { createdKey, translated, uploadedDocument } = progress.data;
  if (createdKey && translated && uploadedDocument) return null;
  const role = session.data?.active?.role;
  const isAdmin = role === "owner" || role === "admin";
  const origin = typeof window === "undefined" ? "http://localhost:3000" : window.location.origin;
  const curl = `curl -X POST ${origin}/v1/translate -H "Authorization: Bearer $TOLK_API_KEY" -H "Content-Type: application/json" -d '{"text":"Hello, world!","source_lang":"en","target_lang":"es"}'`;
  return (
    <section className="card" aria-labelledby="first-run-h" data-testid="first-run">
      <h2 id="first-run-h">Get started</h2>
      <ol className="checklist">
        <li data-done={createdKey}>
          <span className="visually-hidden">{createdKey ? "Done: " : "To do: "}</span>
          {isAdmin ? <Link href="/keys">Create an API key</Link> : "Ask an admin for an API key"} for your integration;
          it is shown once, so store it in your secrets manager. Then call the API with it:
          <div className="secret">
            <code data-testid="first-run-curl">{curl}</code>
            <CopyButton text={curl} label="Copy command" />
          </div>
        </li>
        <li data-done={translated}>
          <span className="visually-hidden">{translated ? "Done: " : "To do: "}</span>
          <Link href="/translate">Try the playground</Link>: translate a sentence and see what it costs before you send
          it.
        </li>
        <li data-done={uploadedDocument}>
          <span className="visually-hidden">{uploadedDocument ? "Done: " : "To do: "}</span>
          <Link href="/documents">Upload a document</Link> (Word, PowerPoint, HTML, XLIFF, PO and more) and download it
          translated with its layout kept.
        </li>
      </ol>
    </section>
  );
}

type Quota = RouterOutputs["dashboard"]["quota"];

function QuotaView({ data }: { data: Quota }) {
  const { credits, rate_limits: rl, limits, plan } = data.quota;
  const percent = Math.min(100, Math.max(0, credits.usage_percent));
  const resources = [
    { label: "Translation memories", used: data.used.translation_memories, max: limits.translation_memories_max },
    { label: "Glossaries", used: data.used.glossaries, max: limits.glossaries_max },
    { label: "Brand voices", used: data.used.brandvoice_profiles, max: limits.brandvoice_profiles_max },
    { label: "Projects", used: data.used.projects, max: limits.projects_max },
  ];
  return (
    <>
      <section className="card" aria-labelledby="credits-h">
        <h2 id="credits-h">
          Credits <span className="muted">· plan {plan}</span>
        </h2>
        <p className="muted">
          A translation costs one credit per character of its output in a Latin, Cyrillic, Greek, Arabic or Hebrew
          script, two in scripts such as Devanagari or Thai, three in Chinese, Japanese or Korean. Analysis is free.
          Your plan gives an allowance each month; top-ups are spent after it, oldest first.
        </p>
        <div className="grid stats">
          <Stat label="Allowance this period" value={credits.allowance} />
          <Stat label="Consumed this period" value={credits.consumed} />
          <Stat label="Top-up credits" value={credits.top_up_balance} />
          <Stat label="Remaining to spend" value={credits.remaining} />
        </div>
        <p id="usage-label" className="muted">
          {percent.toFixed(1)} % used this period
          {` (${formatDate(credits.period_start)} to ${formatDate(credits.period_end)})`}
        </p>
        <div
          className="bar"
          role="progressbar"
          aria-labelledby="usage-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(percent)}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
      </section>
      <section className="card" aria-labelledby="rl-h">
        <h2 id="rl-h">Rate limits (requests per minute)</h2>
        <p className="muted">
          How many requests your organization may make each minute, for all its keys together; beyond that the API
          answers 429 and says when to retry. One text may have at most {formatNumber(data.maxTextChars)} characters.
        </p>
        <div className="grid stats">
          <Stat label="Translate" value={rl.translate_per_min} />
          <Stat label="Segment (batch, documents)" value={rl.segment_per_min} />
          <Stat label="Analyze" value={rl.analyze_per_min} />
          <Stat label="API (every request)" value={rl.api_per_min} />
        </div>
      </section>
      <section className="card" aria-labelledby="limits-h">
        <h2 id="limits-h">Plan limits</h2>
        <p className="muted">How many of each resource your plan lets the organization keep at once.</p>
        <div className="grid stats">
          {resources.map((r) => (
            <div key={r.label}>
              <div className="muted">{r.label}</div>
              <div className="stat">
                {formatNumber(r.used)} of {formatNumber(r.max)}
              </div>
            </div>
          ))}
        </div>
      </section>
    </>
  );
}

/** Credits per day over the last 30 days, all languages and keys together (the Usage page splits them). */
function UsageChart({ range }: { range: { from: string; to: string } }) {
  const trpc = useTRPC();
  const usage = useQuery(trpc.usage.daily.queryOptions(range));
  const days = useMemo(() => (usage.data ? dailyTotals(usage.data.rows, range) : []), [usage.data, range]);
  const total = days.reduce((s, d) => s + d.credits, 0);
  return (
    <section className="card" aria-labelledby="chart-h">
      <h2 id="chart-h">Credits spent, last 30 days</h2>
      {usage.isPending ? (
        <Loading what="usage" lines={6} />
      ) : usage.error ? (
        <ErrorState error={usage.error} retry={() => void usage.refetch()} />
      ) : (
        <>
          <p className="muted">
            {formatNumber(total)} credits from {range.from} to {range.to} (UTC days). <Link href="/usage">Usage</Link>{" "}
            splits them by language and key.
          </p>
          <div
            className="chart"
            data-testid="chart-30-days"
            role="img"
            aria-label={`Bar chart of credits spent per day: ${formatNumber(total)} in 30 days`}
          >
            <ResponsiveContainer>
              <BarChart data={days}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} />
                <YAxis allowDecimals={false} tickFormatter={formatNumber} />
                <Tooltip formatter={(v) => [formatNumber(Number(v)), "credits"]} />
                <Bar dataKey="credits" fill="#0b5cad" maxBarSize={32} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </>
      )}
    </section>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <div className="muted">{label}</div>
      <div className="stat">{formatNumber(value)}</div>
    </div>
  );
}
