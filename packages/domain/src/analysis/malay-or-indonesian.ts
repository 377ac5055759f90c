/**
 * The language-identification model has one class, "ms", for the Malay macrolanguage, which
 * covers standard Malay and Indonesian. Both are in GET /v1/languages and need different
 * engines, so the class is split here by words whose spelling or choice differs between the
 * two standards (Indonesian "bisa/karena/berkas", Malay "boleh/kerana/fail"...).
 * Without such a word the text is reported as Indonesian, by far the more written of the two.
 */
const ONLY_ID = new Set([
  "bisa",
  "karena",
  "silakan",
  "silahkan",
  "berkas",
  "perangkat",
  "coba",
  "hapus",
  "pengaturan",
  "apakah",
  "kesalahan",
  "uang",
  "sandi",
  "unduh",
  "mengunduh",
  "situs",
  "nomor",
  "kantor",
  "sedangkan",
  "saja",
]);
const ONLY_MS = new Set([
  "boleh",
  "kerana",
  "sila",
  "fail",
  "perisian",
  "cuba",
  "baharu",
  "padam",
  "tetapan",
  "adakah",
  "ralat",
  "wang",
  "sahaja",
  "iaitu",
  "ialah",
  "nombor",
  "pejabat",
  "laluan",
  "muat",
  "semasa",
]);

export function malayOrIndonesian(text: string): "ms" | "id" {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  let id = 0;
  let ms = 0;
  for (const w of words) {
    if (ONLY_ID.has(w)) id++;
    else if (ONLY_MS.has(w)) ms++;
  }
  return ms > id ? "ms" : "id";
}
