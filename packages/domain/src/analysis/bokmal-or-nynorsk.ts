/**
 * Bokmål and Nynorsk are two written standards of Norwegian that share most words; their
 * letters (cluster-model.ts) tell them apart well on prose and less well on a short string.
 * These lists hold only the forms one standard writes and the other does not: pronouns and
 * question words (jeg/eg, hva/kva, hvordan/korleis), negation and particles (ikke/ikkje,
 * bare/berre, fra/frå, nå/no), the verbs whose forms differ (er blitt/vart, kommer/kjem,
 * gjør/gjer, vet/veit), and the endings -lig/-leg, -inger/-ingar, -ende/-ande. A word both
 * standards write (skal, han, gjennom, fordi) is not listed.
 */
const ONLY_NB = new Set([
  "jeg",
  "hva",
  "hvor",
  "hvordan",
  "hvorfor",
  "hvilken",
  "hvilket",
  "hvilke",
  "hvem",
  "hvis",
  "ikke",
  "bare",
  "fra",
  "nå",
  "noe",
  "noen",
  "mye",
  "hele",
  "flere",
  "selv",
  "ble",
  "være",
  "vært",
  "kommer",
  "gjør",
  "sier",
  "vet",
  "fikk",
  "gikk",
  "hjem",
  "samme",
  "mens",
  "hun",
  "dem",
  "deres",
  "uten",
  "sammen",
  "siden",
  "derfor",
  "hos",
  "en",
  "et",
  "mulig",
  "nødvendig",
  "åpne",
  "åpner",
  "åpnet",
  "lagre",
  "lagrer",
  "lagret",
  "valgte",
  "oppsto",
  "vinduet",
  "vindu",
  "følgende",
  "enhver",
  "ethvert",
  "menneskerettigheter",
]);

const ONLY_NN = new Set([
  "eg",
  "kva",
  "kvar",
  "korleis",
  "kvifor",
  "kven",
  "kvart",
  "viss",
  "ikkje",
  "berre",
  "frå",
  "no",
  "noko",
  "nokon",
  "nokre",
  "mykje",
  "heile",
  "fleire",
  "sjølv",
  "vart",
  "vere",
  "vore",
  "kjem",
  "gjer",
  "seier",
  "veit",
  "fekk",
  "gjekk",
  "heim",
  "same",
  "medan",
  "ho",
  "dei",
  "deira",
  "dykk",
  "dykkar",
  "utan",
  "saman",
  "sidan",
  "difor",
  "hjå",
  "ein",
  "eit",
  "eitt",
  "mogleg",
  "mogeleg",
  "naudsynt",
  "opne",
  "opnar",
  "opna",
  "lagra",
  "lagrar",
  "valde",
  "oppstod",
  "vindauge",
  "vindauget",
  "følgjande",
  "òg",
  "meir",
  "allereie",
  "framleis",
  "korkje",
  "kvarandre",
  "fridom",
  "menneskerettar",
]);

const NB_ENDING = /\p{L}{3}(?:lig|lige|ligt|inger|ingene|ende)$/u;
const NN_ENDING = /\p{L}{3}(?:leg|lege|legt|ingar|ingane|ande)$/u;

/**
 * The standard the text's words name; the letters' answer (`modelCode`) where they name
 * neither or both equally.
 */
export function bokmalOrNynorsk(text: string, modelCode: "nb" | "nn"): "nb" | "nn" {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  let nb = 0;
  let nn = 0;
  for (const w of words) {
    if (ONLY_NB.has(w) || NB_ENDING.test(w)) nb++;
    else if (ONLY_NN.has(w) || NN_ENDING.test(w)) nn++;
  }
  if (nb !== nn) return nb > nn ? "nb" : "nn";
  return modelCode;
}
