/**
 * Malay and Indonesian are two standards of one language; the language model confuses them
 * (mostly calling Malay Indonesian). They are told apart by words whose spelling or choice
 * differs between the two standards (Indonesian "bisa/karena/berkas/bahwa/informasi", Malay
 * "boleh/kerana/fail/bahawa/maklumat"...), counted in the text; without such a word the model's
 * own answer stands.
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
  "bahwa",
  "informasi",
  "gratis",
  "akun",
  "pesan",
  "fitur",
  "tampilkan",
  "menampilkan",
  "jendela",
  "dukungan",
  "didukung",
  "tautan",
  "bawaan",
  "perbarui",
  "memperbarui",
  "pembaruan",
  "ketika",
  "bagian",
  "nol",
  "peringatan",
  "jangkauan",
  "kolom",
  "tabel",
  "kunci",
  "larik",
  "percobaan",
  "sebuah",
  "tersebut",
  "terhadap",
  "internasional",
  "pengadilan",
  "konstitusi",
  "siapa pun",
  "apa pun",
  "mana pun",
  "setiap",
  "dapatkan",
  "aplikasi",
  "sistem",
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
  "bahawa",
  "maklumat",
  "percuma",
  "akaun",
  "mesej",
  "ciri",
  "papar",
  "paparkan",
  "tetingkap",
  "sokongan",
  "disokong",
  "pautan",
  "lalai",
  "kemaskini",
  "kemas",
  "apabila",
  "bahagian",
  "sifar",
  "amaran",
  "julat",
  "lajur",
  "jadual",
  "kekunci",
  "tatasusunan",
  "cubaan",
  "tiada",
  "sesiapa",
  "mana-mana",
  "apa-apa",
  "tiap-tiap",
  "antarabangsa",
  "mahkamah",
  "perlembagaan",
  "hendaklah",
  "berkenaan",
  "seseorang",
  "daripada",
  "gagal",
  "capai",
  "aplikasi",
]);
// A word listed on both sides says nothing.
for (const w of ONLY_ID) {
  if (ONLY_MS.has(w)) {
    ONLY_ID.delete(w);
    ONLY_MS.delete(w);
  }
}

export function malayOrIndonesian(text: string, modelCode: string): "ms" | "id" {
  const words = text.toLowerCase().match(/\p{L}+(?:-\p{L}+)*/gu) ?? [];
  let id = 0;
  let ms = 0;
  for (const w of words) {
    if (ONLY_ID.has(w)) id++;
    else if (ONLY_MS.has(w)) ms++;
  }
  if (ms !== id) return ms > id ? "ms" : "id";
  return modelCode === "ms" ? "ms" : "id";
}
