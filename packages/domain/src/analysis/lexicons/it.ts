import { type Lexicon } from "./lexicon";

export const it: Lexicon = {
  domains: {
    Legal: [
      "contratt*", "clausol*", "accordo", "accordi", "locator*", "conduttor*", "tribunal*", "giudic*", "attore", "convenut*",
      "giurisdizion*", "legge", "leggi", "legal*", "giuridic*", "statut*", "regolament*", "responsabilita", "risarcimento",
      "inadempimento", "recesso", "risoluzione", "le parti", "la parte", "obbligh*", "obbligazion*", "diritt*",
      "ai sensi", "sentenza*", "ricorso*", "avvocat*", "notai*", "proprieta intellettuale", "riservat*", "gdpr",
      "consenso", "licenz*", "sottoscritt*", "arbitrato", "controversi*", "penal*", "codice civile", "foro", "termine*",
      "decreto*", "d.lgs", "vigente", "comma", "articolo*",
    ],
    Medical: [
      "paziente*", "clinic*", "diagnos*", "sintom*", "trattament*", "terapi*", "dose*", "posologia", "farmac*",
      "medicinal*", "compress*", "capsul*", "mg", "ml", "medic*", "infermier*", "ospedal*", "chirurg*", "cronic*", "acut*",
      "infezion*", "infiammat*", "cardi*", "sangue", "sanguign*", "pressione arteriosa", "renal*", "epatic*",
      "effetti indesiderati", "effetti collaterali", "effetto collaterale", "controindica*", "ricetta*", "vaccin*",
      "allergi*", "malattia*", "malattie", "sindrom*", "dolore*", "febbre", "tumor*", "oncolog*", "insulina", "diabet*",
      "gravidanza", "salute", "pronto soccorso", "emergenz*", "esami del sangue", "colesterolo", "asma", "emicrania*",
      "endovenos*",
    ],
    Marketing: [
      "marchio*", "brand", "sconto*", "sconti", "offert*", "saldi", "promozion*", "esclusiv*", "tempo limitato", "negozio*",
      "acquist*", "compra", "spedizione gratuita", "client*", "iscriv*", "abbonat*", "campagna*", "lancio*", "collezion*",
      "coupon", "novita", "premium", "scopri", "esperienza*", "incredibil*", "perfett*", "stile*", "tendenz*",
      "pubblico", "social", "influencer*", "fedelta", "premi*", "registrati", "non perdere", "affrettati", "risparmia",
      "regalo*", "garanzia*", "preferit*", "marketing", "pubblicit*", "annunci*",
    ],
    Technical: [
      "server*", "database", "api", "configura*", "install*", "distribuzione", "repository", "funzion*", "parametr*",
      "variabil*", "compila*", "debug*", "log", "cache", "query", "richiest*", "rispost*", "http", "json", "xml", "sql",
      "processore", "cpu", "memoria", "rete", "reti", "protocoll*", "larghezza di banda", "latenza", "firmware", "software",
      "hardware", "kernel", "driver", "aggiorna*", "version*", "error*", "eccezion*", "process*", "script*", "comand*",
      "terminale", "directory", "file", "cartell*", "modul*", "librer*", "autentica*", "crittograf*", "cifra*", "backup",
      "tensione", "sensor*", "dispositiv*", "interfacc*", "clicca*", "browser", "riavvi*", "password", "utent*",
    ],
    Finance: [
      "investiment*", "invest*", "portafoglio*", "attivi*", "attivita finanziarie", "dividend*", "ricav*", "fatturato",
      "utile", "utili", "perdit*", "ebitda", "fiscal*", "trimestr*", "bilancio*", "flusso di cassa", "liquidita",
      "tasso di interesse", "tassi di interesse", "inflazione", "obbligazion*", "azion*", "azionist*", "capitalizzazione",
      "valutazion*", "prestit*", "credit*", "debit*", "mutu*", "banca", "banche", "bancari*", "conto", "conti",
      "pagament*", "fattur*", "impost*", "tasse", "iva", "revision*", "finanz*", "capitale", "fondo", "fondi", "budget",
      "spes*", "previsio*", "rendiment*", "valut*", "tasso di cambio", "euro", "dollari", "borsa", "mercat*", "margin*",
      "cost*", "esercizio",
    ],
  },
  tPronouns: ["tu", "te", "ti", "tuo", "tua", "tuoi", "tue", "voi", "vostro", "vostra"],
  vPronouns: [],
  vPronounsCapitalised: ["Lei", "La", "Le", "Suo", "Sua", "Suoi", "Sue"],
  formal: [
    "gentile", "gentili", "egregio", "egregia", "spettabile", "spett.le", "cordiali saluti", "distinti saluti",
    "ai sensi", "in conformita", "pertanto", "tuttavia", "inoltre", "altresi", "qualora", "la preghiamo", "si prega",
    "le comunichiamo", "siamo lieti", "in merito a", "relativamente", "suddetto", "suddetta", "codesto", "vogliate",
    "la ringraziamo", "si informa", "in allegato",
  ],
  informal: [
    "ciao", "ehi", "ehila", "raga", "ragazzi", "figo", "fico", "bello", "mitico", "dai", "boh", "mah", "vabbe", "tipo",
    "troppo", "un sacco", "baci", "bacioni", "un abbraccio", "ci vediamo", "a dopo", "haha", "ahah", "cmq", "xche", "tvb",
    "grazie mille", "amico", "amici", "roba", "ok", "okay", "super",
  ],
  imperatives: [
    "clicca", "cliccate", "fare clic", "premi", "premere", "seleziona", "selezionare", "apri", "aprire", "chiudi",
    "inserisci", "inserire", "esegui", "eseguire", "installa", "installare", "riavvia", "riavviare", "controlla",
    "verificare", "assicurati", "assicurarsi", "compra", "acquista", "scopri", "prova", "provate", "iscriviti", "approfitta",
    "risparmia", "chiama", "contatta", "contattaci", "visita", "leggi", "usa", "utilizza", "aggiungi", "evita", "prendi",
  ],
  idioms: [
    "in bocca al lupo", "acqua in bocca", "costa un occhio della testa", "costare un occhio della testa", "non vedo l'ora",
    "prendere un granchio", "essere al verde", "avere le mani in pasta", "fare il ponte", "tagliare la corda",
    "rompere il ghiaccio", "a quattr'occhi", "in un batter d'occhio", "alla lettera", "prendere due piccioni",
    "due piccioni con una fava", "menare il can per l'aia", "avere la testa fra le nuvole", "piove sul bagnato",
    "toccare ferro", "non tutte le ciambelle", "fare orecchie da mercante",
  ],
  cultureRefs: [
    "natale", "capodanno", "pasqua", "pasquetta", "ferragosto", "befana", "carnevale", "serie a", "sanremo", "aperitivo",
    "maturita", "agenzia delle entrate", "inps", "asl", "codice fiscale", "presepe", "palio", "tredicesima",
  ],
  subordinators: [
    "che", "cui", "il quale", "la quale", "i quali", "le quali", "dove", "quando", "mentre", "sebbene", "benche",
    "perche", "poiche", "siccome", "se", "qualora", "affinche", "finche", "prima che", "dopo che", "purche", "nonostante",
  ],
};
