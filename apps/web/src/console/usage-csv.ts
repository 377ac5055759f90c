/** One CSV row per day and target language; RFC 4180 quoting so any cell survives a spreadsheet. */
export function usageCsv(rows: { day: string; targetLang: string; characters: number; credits: number; translations: number }[]): string {
  const cell = (v: string | number) => (/[",\r\n]/.test(String(v)) ? `"${String(v).replaceAll('"', '""')}"` : String(v));
  const lines = [["date", "target_lang", "characters", "credits", "translations"].join(",")];
  for (const r of rows) lines.push([r.day, r.targetLang, r.characters, r.credits, r.translations].map(cell).join(","));
  return lines.join("\r\n") + "\r\n";
}
