import { FORMATS } from "./formats";

/**
 * The examples of /openapi.json: one request and one response per operation. The contract's
 * tests parse each with the operation's schemas, so they stay true as the schemas change.
 */

const ID = "3fK9pQ2xLm8ZtR4vW7nB1c";
const CREATED = "2026-11-20T09:30:00.000Z";
const meta = { request_id: "6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f" };

export const envelope = (data: unknown, extra: Record<string, unknown> = {}) => ({ data, meta: { ...meta, ...extra } });
export const list = (item: unknown) => envelope({ items: [item], has_more: false });
export const deleted = (id: string) => envelope({ id, deleted: true });

export const translateRequest = { text: "The house is big.", source_lang: "en", target_lang: "es" };
export const translateResponse = envelope(
  {
    translation: "La casa es grande.",
    source_lang: "en",
    target_lang: "es",
    quality_score: 92,
    credits_used: 17,
    character_count: 17,
  },
  { credits_used: 17, processing_time_ms: 41 },
);

export const batchRequest = {
  strings: { title: "Welcome", cta: "Sign up" },
  source_lang: "en",
  target_langs: ["es", "fr"],
};
export const batchResponse = envelope(
  {
    translations: { es: { title: "Bienvenido", cta: "Regístrate" }, fr: { title: "Bienvenue", cta: "Inscrivez-vous" } },
    total_credits_used: 28,
    total_characters: 28,
  },
  { credits_used: 28, processing_time_ms: 63 },
);

export const analyzeRequest = { text: "Please sign the attached agreement by Friday." };
export const analyzeResponse = envelope({
  detected_language: "en",
  domain: "Legal",
  formality: "Formal",
  model_tier: "standard",
  routing_confidence: 0.82,
  risks: {
    semanticRisk: "Low",
    implicitMeaningLoad: "Low",
    discourseComplexity: "Low",
    constraintSaturation: "Medium",
    crossCulturalRisk: "Low",
  },
  tags: ["contract", "deadline"],
  title: "Request to sign an agreement",
});

export const documentRequest = { file: "(the file: Hello, world.)", source_lang: "en", target_lang: "es" };
export const documentResponse = envelope(
  {
    job_id: `job_${ID}`,
    download_url: `/v1/documents/job_${ID}/download?expires=1798761600&signature=kq2n4M8r0wYb6c5d3e1f7g9h`,
    filename: "hello.es.txt",
    source_lang: "en",
    target_lang: "es",
    character_count: 13,
    credits_used: 13,
    quality_score: 90,
    file_data: "SG9sYSwgbXVuZG8uCg==",
  },
  { credits_used: 13, processing_time_ms: 120 },
);
export const documentJobResponse = envelope({
  job_id: `job_${ID}`,
  status: "completed",
  progress: 1,
  result_url: `/v1/documents/job_${ID}/download?expires=1798761600&signature=kq2n4M8r0wYb6c5d3e1f7g9h`,
  error: null,
  filename: "hello.txt",
  source_lang: "en",
  target_lang: "es",
  character_count: 13,
  credits_used: 13,
  created_at: CREATED,
  completed_at: "2026-11-20T09:30:01.000Z",
  expires_at: "2026-11-27T09:30:00.000Z",
});

export const meResponse = envelope({
  user_id: `usr_${ID}`,
  org_id: `org_${ID}`,
  source: "api_key",
  plan: "starter",
  scopes: ["translate", "read", "write"],
});
export const quotaResponse = envelope({
  plan: "starter",
  credits: {
    allowance: 500000,
    consumed: 12500,
    top_up_balance: 0,
    remaining: 487500,
    usage_percent: 2.5,
    top_up_remaining: 0,
    period_start: "2026-11-01T00:00:00.000Z",
    period_end: "2026-12-01T00:00:00.000Z",
  },
  rate_limits: { translate_per_min: 60, segment_per_min: 30, analyze_per_min: 120, api_per_min: 600 },
  limits: { translation_memories_max: 5, glossaries_max: 10, brandvoice_profiles_max: 3, projects_max: 10 },
});
export const usageResponse = envelope({
  from: "2026-11-01",
  to: "2026-11-25",
  total_characters: 12500,
  total_documents: 2,
  by_language: [{ target_lang: "es", characters: 12500, documents: 2 }],
});
export const languagesResponse = envelope({
  languages: [
    {
      code: "en",
      name: "English",
      direction: "ltr",
      script: "Latn",
      credit_weight: 1,
      targets: ["es"],
      routes: [{ target: "es", engine: "apertium", pivot: null, pivots: [], script: "Latn" }],
    },
  ],
  total: 1,
});
export const formatsResponse = envelope({ formats: FORMATS.slice(0, 2), total: 2 });

export const glossary = {
  id: `gls_${ID}`,
  name: "UI terms",
  source_lang: "en",
  target_lang: "es",
  entry_count: 1,
  created_at: CREATED,
  updated_at: CREATED,
};
export const createGlossaryRequest = {
  name: "UI terms",
  source_lang: "en",
  target_lang: "es",
  entries: [{ source: "house", target: "casa" }],
};
export const glossaryEntry = { id: `gle_${ID}`, source: "house", target: "casa", created_at: CREATED };

export const memory = {
  id: `tm_${ID}`,
  name: "Website",
  source_lang: "en",
  target_lang: "es",
  unit_count: 1,
  created_at: CREATED,
};
export const memoryUnit = { id: `tmu_${ID}`, source: "Good morning.", target: "¡Buenos días!", created_at: CREATED };
export const tmx =
  '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>Good morning.</seg></tuv><tuv xml:lang="es"><seg>¡Buenos días!</seg></tuv></tu></body></tmx>\n';

export const createBrandVoiceRequest = {
  name: "Friendly",
  tone: "warm",
  formality: "Informal",
  preferred_terms: [{ source: "sign up", target: "regístrate" }],
  forbidden_terms: [{ term: "usted" }],
  do_not_translate: ["Tolk"],
};
export const brandVoice = {
  id: `bv_${ID}`,
  name: "Friendly",
  tone: "warm",
  formality: "Informal",
  instructions: null,
  preferred_terms: [{ source: "sign up", target: "regístrate" }],
  forbidden_terms: [{ term: "usted" }],
  do_not_translate: ["Tolk"],
  created_at: CREATED,
  updated_at: CREATED,
};

export const project = {
  id: `prj_${ID}`,
  name: "Website relaunch",
  description: "Spring release",
  status: "active",
  created_at: CREATED,
  archived_at: null,
};
