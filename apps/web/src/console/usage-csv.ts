/** One CSV row per day, target language and API key; RFC 4180 quoting so any cell survives a spreadsheet. */
export function usageCsv(
  rows: {
    day: string;
    targetLang: string;
    keyId: string | null;
    keyName: string | null;
    characters: number;
    credits: number;
    translations: number;
  }[],
): string {
  const cell = (v: string | number) => {
    // A key name is the user's text: it must not run as a spreadsheet formula.
    const s = typeof v === "string" && /^[=+\-@\t\r]/.test(v) ? `'${v}` : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  const lines = [
    ["date", "target_lang", "api_key_id", "api_key_name", "characters", "credits", "translations"].join(","),
  ];
  for (const r of rows)
    lines.push(
      [r.day, r.targetLang, r.keyId ?? "", r.keyName ?? "", r.characters, r.credits, r.translations]
        .map(cell)
        .join(","),
    );
  return lines.join("\r\n") + "\r\n";
}
