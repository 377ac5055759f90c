"use client";

import { useQuery } from "@tanstack/react-query";

import { useTRPC } from "../trpc";
import { type RouterOutputs } from "../types";
import { ErrorState, Loading, formatDate, formatNumber } from "../ui";

export default function DashboardPage() {
  const trpc = useTRPC();
  const q = useQuery(trpc.dashboard.quota.queryOptions());
  return (
    <>
      <h1>Dashboard</h1>
      {q.isPending ? <Loading what="your quota" /> : q.error ? <ErrorState error={q.error} retry={() => void q.refetch()} /> : <QuotaView data={q.data} />}
    </>
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
        <div className="grid stats">
          <Stat label="Allowance" value={credits.allowance} />
          <Stat label="Consumed" value={credits.consumed} />
          <Stat label="Top-ups" value={credits.top_up_balance} />
          <Stat label="Remaining" value={credits.remaining} />
        </div>
        <p id="usage-label" className="muted">
          {percent.toFixed(1)} % used this period
          {` (${formatDate(credits.period_start)} to ${formatDate(credits.period_end)})`}
        </p>
        <div className="bar" role="progressbar" aria-labelledby="usage-label" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(percent)}>
          <span style={{ width: `${percent}%` }} />
        </div>
      </section>
      <section className="card" aria-labelledby="rl-h">
        <h2 id="rl-h">Rate limits (requests per minute)</h2>
        <div className="grid stats">
          <Stat label="Translate" value={rl.translate_per_min} />
          <Stat label="Segment (batch, documents)" value={rl.segment_per_min} />
          <Stat label="Analyze" value={rl.analyze_per_min} />
          <Stat label="API (every request)" value={rl.api_per_min} />
        </div>
      </section>
      <section className="card" aria-labelledby="limits-h">
        <h2 id="limits-h">Plan limits</h2>
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

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <div className="muted">{label}</div>
      <div className="stat">{formatNumber(value)}</div>
    </div>
  );
}
