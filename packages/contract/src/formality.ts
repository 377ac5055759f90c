/** Register of a text or a brand voice: what analysis reports and what a brand voice asks for. */
export const formalities = ["Formal", "Neutral", "Informal"] as const;
export type Formality = (typeof formalities)[number];
