import { type Lexicon } from "./lexicon";

export const de: Lexicon = {
  domains: {
    Legal: [
      "vertrag*", "vertrags*", "vereinbarung*", "klausel*", "paragraph*", "gericht*", "klage*", "klager*", "beklagte*",
      "zustandigkeit*", "gesetz*", "rechtlich*", "recht", "rechte", "satzung*", "verordnung*", "haftung*", "haftet",
      "schadensersatz", "kundigung*", "vertragspartei*", "partei*", "verpflicht*", "gemass", "urteil*", "berufung",
      "rechtsanwalt*", "anwalt*", "notar*", "geistiges eigentum", "vertraulich*", "dsgvo", "einwilligung*", "lizenz*",
      "unterzeichne*", "schiedsverfahren", "streitigkeit*", "straf*", "nachstehend", "bgb", "mieter*", "vermieter*",
      "mietvertrag*", "gewahrleistung*", "anspruch*", "anspruche*", "frist*", "rechtsweg", "bestimmung*", "unwirksam*",
    ],
    Medical: [
      "patient*", "klinik*", "klinisch*", "diagnos*", "symptom*", "behandlung*", "therapie*", "dosis", "dosierung*",
      "medikament*", "arznei*", "tablette*", "kapsel*", "mg", "ml", "arzt", "arzte*", "arztin*", "arztlich*", "pflege*",
      "krankenhaus*", "klinikum", "operation*", "chirurg*", "chronisch*", "akut*", "infektion*", "entzundung*", "herz*",
      "blut*", "blutdruck", "niere*", "leber*", "nebenwirkung*", "gegenanzeige*", "rezept*", "impf*", "allergi*",
      "krankheit*", "erkrank*", "syndrom*", "schmerz*", "fieber", "tumor*", "onkolog*", "insulin", "diabet*",
      "schwanger*", "gesundheit*", "notfall*", "notaufnahme", "cholesterin", "asthma", "kopfschmerz*", "intraven*",
    ],
    Marketing: [
      "marke*", "rabatt*", "angebot*", "sale", "aktion*", "exklusiv*", "nur fur kurze zeit", "shop*", "kauf*", "kaufen",
      "versandkostenfrei", "gratis versand", "kunde*", "kunden*", "newsletter", "abonn*", "kampagne*", "neuheit*",
      "kollektion*", "gutschein*", "premium", "entdecke*", "erlebnis*", "unglaublich*", "perfekt*", "stil*", "trend*",
      "zielgruppe*", "soziale medien", "influencer*", "treue*", "pramie*", "jetzt", "melde dich an", "verpasse nicht",
      "sparen", "spare", "geschenk*", "garantie*", "lieblings*", "marketing", "werbung", "werbe*", "bestseller*",
    ],
    Technical: [
      "server*", "datenbank*", "api", "schnittstelle*", "konfigur*", "install*", "bereitstell*", "repository", "funktion*",
      "parameter*", "variable*", "kompil*", "debug*", "protokoll*", "cache*", "abfrage*", "anfrage*", "antwort*", "http",
      "json", "xml", "sql", "prozessor*", "cpu", "arbeitsspeicher", "speicher*", "netzwerk*", "bandbreite", "latenz",
      "firmware", "software", "hardware", "kernel", "treiber*", "aktualisier*", "update*", "version*", "fehler*",
      "ausnahme*", "prozess*", "skript*", "befehl*", "terminal", "verzeichnis*", "datei*", "ordner*", "modul*",
      "bibliothek*", "authentifiz*", "verschlussel*", "sicherung*", "spannung", "sensor*", "gerat*", "klicken",
      "einstellung*", "browser*", "neustart*", "passwort*", "benutzer*",
    ],
    Finance: [
      "invest*", "portfolio*", "vermogen*", "dividende*", "umsatz*", "gewinn*", "verlust*", "ergebnis*", "ebitda",
      "geschaftsjahr*", "quartal*", "bilanz*", "cashflow", "liquiditat*", "zins*", "inflation", "anleihe*", "aktie*",
      "aktionar*", "marktkapitalisierung", "bewertung*", "kredit*", "darlehen*", "schuld*", "hypothek*", "bank*",
      "konto*", "zahlung*", "rechnung*", "steuer*", "mehrwertsteuer", "mwst", "prufung*", "wirtschaftsprufer*",
      "finanz*", "kapital*", "fonds", "budget*", "ausgabe*", "prognose*", "rendite*", "wahrung*", "wechselkurs*", "euro",
      "dollar", "borse*", "markt*", "kurs*", "marge*", "kosten*", "vorjahr*",
    ],
  },
  tPronouns: ["du", "dich", "dir", "dein*", "ihr", "euch", "euer*", "eure*"],
  vPronouns: [],
  vPronounsCapitalised: ["Sie", "Ihnen", "Ihr", "Ihre", "Ihren", "Ihrem", "Ihrer", "Ihres"],
  formal: [
    "sehr geehrte", "sehr geehrter", "sehr geehrten", "mit freundlichen grussen", "hochachtungsvoll", "hiermit",
    "gemass", "bezuglich", "hinsichtlich", "demzufolge", "infolgedessen", "dementsprechend", "jedoch", "ferner",
    "des weiteren", "daruber hinaus", "im rahmen", "zwecks", "seitens", "beziehungsweise", "bzw", "gegebenenfalls", "ggf",
    "wir bitten", "wir erlauben uns", "wir teilen ihnen mit", "anbei", "beigefugt", "vorbehaltlich",
  ],
  informal: [
    "hallo", "hi", "hey", "moin", "servus", "tschuss", "ciao", "na", "ne", "nee", "jo", "krass", "geil", "cool", "super",
    "mega", "voll", "echt", "halt", "mal", "kumpel", "leute", "lg", "vg", "lol", "haha", "bock", "quatsch", "egal",
    "alter", "digga", "okay", "ok", "ach", "tja", "naja", "gell",
  ],
  imperatives: [
    "klicken sie", "klicke", "drucken sie", "drucke", "wahlen sie", "wahle", "offnen sie", "offne", "schliessen sie",
    "geben sie", "gib", "fuhren sie", "installieren sie", "installiere", "starten sie", "starte", "prufen sie", "prufe",
    "stellen sie sicher", "kaufen sie", "kauf", "entdecke", "entdecken sie", "probier", "probieren sie", "melde dich",
    "sichere dir", "sichern sie sich", "spare", "sparen sie", "ruf", "rufen sie", "kontaktieren sie", "besuche",
    "besuchen sie", "lies", "lesen sie", "nutze", "nutzen sie", "verwenden sie", "fugen sie", "vermeiden sie", "nehmen sie",
    "bitte",
  ],
  idioms: [
    "tomaten auf den augen", "ich verstehe nur bahnhof", "nur bahnhof", "den nagel auf den kopf", "auf dem schlauch",
    "ins gras beissen", "die daumen drucken", "daumen drucken", "hals- und beinbruch", "um den heissen brei",
    "schwein gehabt", "die katze im sack", "da steppt der bar", "das ist nicht mein bier", "nicht mein bier",
    "jemandem einen baren aufbinden", "auf wolke sieben", "ein kinderspiel", "kinderspiel", "alles in butter",
    "den kopf in den sand", "mit links", "ubers ohr hauen", "eine extrawurst",
  ],
  cultureRefs: [
    "weihnachten", "silvester", "ostern", "oktoberfest", "karneval", "fasching", "bundesliga", "abitur", "finanzamt",
    "krankenkasse", "rundfunkbeitrag", "feierabend", "brotzeit", "schutzenfest", "tag der deutschen einheit", "advent",
    "stammtisch", "kita", "hartz",
  ],
  subordinators: [
    "dass", "weil", "da", "wenn", "falls", "ob", "obwohl", "obgleich", "wahrend", "nachdem", "bevor", "bis", "damit",
    "sodass", "indem", "welche", "welcher", "welches", "deren", "dessen", "wo", "sofern", "soweit",
  ],
};
