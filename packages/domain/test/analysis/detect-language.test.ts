import { execFileSync } from "node:child_process";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { findLanguage } from "@tolk/contract";

import { bokmalOrNynorsk } from "../../src/analysis/bokmal-or-nynorsk";
import { aragoneseOrDecided } from "../../src/analysis/aragonese";
import { AUTO, detectLanguage } from "../../src/analysis/detect-language";
import { malayOrIndonesian } from "../../src/analysis/malay-or-indonesian";
import { serboCroatian } from "../../src/analysis/serbo-croatian";

describe("detectLanguage", () => {
  it.each([
    ["en", "The committee will publish its final report on the new railway line next spring."],
    ["es", "El comité publicará su informe final sobre la nueva línea de ferrocarril la próxima primavera."],
    ["fr", "Le comité publiera son rapport final sur la nouvelle ligne de chemin de fer au printemps prochain."],
    [
      "de",
      "Der Ausschuss wird seinen Abschlussbericht über die neue Bahnstrecke im nächsten Frühjahr veröffentlichen.",
    ],
    ["pt", "O comitê publicará o seu relatório final sobre a nova linha ferroviária na próxima primavera."],
    ["it", "Il comitato pubblicherà la sua relazione finale sulla nuova linea ferroviaria la prossima primavera."],
    ["ru", "Комитет опубликует свой окончательный доклад о новой железнодорожной линии следующей весной."],
    ["ja", "委員会は新しい鉄道路線に関する最終報告書を来年の春に発表する予定です。"],
    ["zh", "委员会将于明年春天发布关于新铁路线的最终报告。"],
    [
      "gl",
      "O comité publicará o seu informe final sobre a nova liña de ferrocarril na próxima primavera, se non hai atrasos.",
    ],
    ["mk", "Комитетот ќе го објави својот конечен извештај за новата железничка линија следната пролет."],
    ["hi", "समिति अगले वसंत में नई रेलवे लाइन पर अपनी अंतिम रिपोर्ट प्रकाशित करेगी।"],
  ])("names %s", async (code, text) => {
    const result = await detectLanguage(text);
    expect(result.language).toBe(code);
    expect(result.confidence).toBeGreaterThan(0.1);
  });

  it("answers auto for texts too short to tell, and says why", async () => {
    for (const text of ["OK", "Hello", "Hello world", "12:30", "{name}", "<b></b>", "   "]) {
      expect(await detectLanguage(text)).toMatchObject({ language: AUTO, reason: "too_short" });
    }
  });

  it("reports the dominant language of a mixed text", async () => {
    const english =
      "Our engineers reviewed every report from the field last week. The new firmware fixes the battery drain and the " +
      "connection drops that several customers described. We will roll it out to all devices over the next ten days. ";
    expect((await detectLanguage(`${english}Merci beaucoup et à bientôt.`)).language).toBe("en");
    expect(
      (await detectLanguage(`Merci beaucoup pour votre message, nous revenons vers vous très vite. ${"OK. "}`))
        .language,
    ).toBe("fr");
  });

  it("reads a placeholder's empty quotes as nothing (guillemets alone read as French)", async () => {
    expect(["nb", "nn"]).toContain((await detectLanguage("Tagg «%s» er allereie definert")).language);
  });

  it("ignores markup, placeholders, URLs and numbers", async () => {
    const text =
      '<p class="note">Hola {name}, tu pedido #12345 ha sido enviado. Consulta https://example.com/track?id=1 para seguirlo.</p>';
    expect((await detectLanguage(text)).language).toBe("es");
  });

  it("reads a Markdown link or badge by its text, not by the brackets its address leaves", async () => {
    // The "[…](" left behind once the address was removed read as Chinese.
    expect((await detectLanguage("# [Markdown Editor](https://example.org/editor/)")).language).toBe("en");
    for (const text of [
      "# [Web Starter Kit](https://example.org/kit/)",
      "[![Boilerplate Template](https://example.org/badge.svg)](https://example.org/)",
    ])
      expect((await detectLanguage(text)).language).not.toBe("zh");
  });

  it("reads a text in capitals throughout as it would the same text in lower case", async () => {
    const shouted: [string, string][] = [
      ["en", "THE SOFTWARE IS PROVIDED AS IS WITHOUT WARRANTY OF ANY KIND"], // was Telugu
      ["es", "LEA ATENTAMENTE ESTAS CONDICIONES ANTES DE UTILIZAR EL SERVICIO"],
    ];
    for (const [code, text] of shouted) {
      expect((await detectLanguage(text)).language).toBe(code);
      expect((await detectLanguage(text)).language).toBe((await detectLanguage(text.toLowerCase())).language);
    }
  });

  it("tells Indonesian from Malay by the words only one standard uses", async () => {
    expect(
      (await detectLanguage("Silakan coba lagi nanti karena server sedang sibuk dan tidak bisa menerima permintaan."))
        .language,
    ).toBe("id");
    expect(
      (await detectLanguage("Sila cuba lagi kemudian kerana pelayan sedang sibuk dan tidak boleh menerima permintaan."))
        .language,
    ).toBe("ms");
    expect(
      (
        await detectLanguage(
          "Jawatankuasa akan menerbitkan laporan akhir mengenai laluan kereta api baharu itu pada musim bunga tahun hadapan.",
        )
      ).language,
    ).toBe("ms");
    // Prose whose letters lean Malay (the letter model's Malay text is mostly fuller sentences)
    // is Indonesian by one spelling only that standard uses (bahwa, karena, sepak bola).
    for (const text of [
      "Panitia menyatakan bahwa pertunjukan itu akan diadakan pada bulan Agustus di gedung utama.",
      "Kami memutuskan untuk pergi ke pantai karena cuaca sangat cerah pada hari Minggu.",
      "Para pemain klub itu berlatih setiap hari sebelum pertandingan sepak bola berikutnya.",
    ])
      expect((await detectLanguage(text)).language).toBe("id");
    expect(
      (
        await detectLanguage(
          "Beliau menyatakan bahawa persembahan itu akan diadakan pada bulan Ogos di bangunan utama.",
        )
      ).language,
    ).toBe("ms");
    // Official and everyday words spelt differently: resmi/rasmi, jadwal/jadual, kesehatan/kesihatan.
    expect(malayOrIndonesian("Jadwal resmi kunjungan ke rumah sakit diumumkan oleh petugas kesehatan.", "ms")).toBe(
      "id",
    );
    expect(malayOrIndonesian("Jadual rasmi lawatan ke hospital diumumkan oleh petugas kesihatan.", "id")).toBe("ms");
    // Indonesian capitalises the pronoun of address inside a sentence; Malay does not.
    expect(malayOrIndonesian("Pesan ini dikirim kepada Anda oleh pengelola sistem.", "ms")).toBe("id");
    expect(malayOrIndonesian("Apakah Anda ingin menyimpan perubahan ini?", "ms")).toBe("id");
    // At the start of a sentence or in a heading in title case both standards write the capital.
    expect(malayOrIndonesian("Sudah selesai. Anda boleh menutup halaman ini.", "ms")).toBe("ms");
    expect(malayOrIndonesian("Maklumat Untuk Anda Semua", "ms")).toBe("ms");
    // Its lower case is no sign of Malay: hasty Indonesian writes it too.
    expect(malayOrIndonesian("Buku ini tersedia di toko terdekat anda.", "id")).toBe("id");
  });

  it("tells Indonesian from Malay by the everyday words Apertium's dictionaries give one standard only", async () => {
    // delapan/lapan, taksi/teksi, tamu/tetamu: in no hand list; the letters read the first as Malay.
    expect((await detectLanguage("Kami memesan delapan taksi untuk para tamu.")).language).toBe("id");
    expect(malayOrIndonesian("Kami menempah lapan teksi untuk para tetamu.", "id")).toBe("ms");
  });

  it("keeps Slovenian prose Slovenian: words both languages write (je, se, da) are no evidence against it", async () => {
    for (const text of [
      "Vlada je sporočila, da se bodo cene energije v prihodnjem letu znižale.",
      "Direktor je dejal, da je podjetje lani ustvarilo rekordni dobiček.",
      "Datoteka je bila shranjena na strežnik, ker je disk poln.",
    ])
      expect((await detectLanguage(text)).language).toBe("sl");
    expect(
      (await detectLanguage("Vlada je objavila da se cijene energije iduće godine neće mijenjati.")).language,
    ).not.toBe("sl");
  });

  it("tells Nynorsk from Bokmål by the forms only one standard writes", async () => {
    // The letters read both as Bokmål; Nynorsk writes "now" as "no", Bokmål as "nå".
    expect((await detectLanguage("Tilkoblingen til serveren er stengt no.")).language).toBe("nn");
    expect((await detectLanguage("Tilkoblingen til serveren er stengt nå.")).language).toBe("nb");
    expect((await detectLanguage("Eg veit ikkje kvar dokumentet er lagra.")).language).toBe("nn");
    expect((await detectLanguage("Jeg vet ikke hvor dokumentet er lagret.")).language).toBe("nb");
    // -heit against -het, brukar against bruker, tenar against tjener.
    expect(bokmalOrNynorsk("Sikkerheita til brukarane er viktig for tenaren.", "nb")).toBe("nn");
    expect(bokmalOrNynorsk("Sikkerheten til brukerne er viktig for tjeneren.", "nn")).toBe("nb");
  });

  it("names Aragonese that shares its letters with Spanish by the words only Aragonese writes", async () => {
    // The letters alone read each of these as Spanish: ye, nomás, ta, ubrir, chestionar are
    // Aragonese, the rest of each string is written alike in both.
    for (const text of [
      "El archivo ye demasiado grande",
      "Instalar el programa nomás ta este usuario",
      "Ubrir en una nueva ventana",
      "Chestionar las cuentas de correo",
    ])
      expect((await detectLanguage(text)).language, text).toBe("an");
    expect(
      (await detectLanguage("La ventana principal muestra los archivos recientes y permite abrir una carpeta nueva."))
        .language,
    ).toBe("es");
    // A long Spanish text that quotes one Aragonese word stays Spanish.
    const words = "el programa guarda los cambios y vuelve a cargar los datos sin reiniciar el equipo".split(" ");
    expect(aragoneseOrDecided([...words, "ye", ...words], "es")).toBe("es");
    expect(aragoneseOrDecided([...words, "ye", "ubrir", ...words], "es")).toBe("an");
  });

  it("lets CLD3 name a close neighbour of a language fastText considered (Norwegian beside Danish)", async () => {
    // fastText: German 0.34, Finnish, French, English, Danish 0.05 and no Norwegian; CLD3: Norwegian 0.93.
    expect(["nb", "nn"]).toContain((await detectLanguage("Samansette virtuelle pakkar:")).language);
  });

  it("names Serbian in Cyrillic that the models read as Macedonian or Bulgarian", async () => {
    // Interface strings of the tuning split's Serbian catalogs: the Cyrillic cluster's model
    // knows Serbian's letters and words (уместо, захтева, подржава) as well as its neighbours'.
    for (const text of [
      "Излазни ток не подржава упис",
      "грешка синтаксе: очекивах ) уместо „%s“",
      "индиректан позив ка „%s“ захтева од два до четири аргумента",
    ])
      expect((await detectLanguage(text)).language, text).toBe("sr");
  });

  it("names a close neighbour when the models spread their evidence over its family, instead of auto", async () => {
    // Interface strings of the tuning split's Occitan and Aragonese catalogs that fastText reads as
    // a little of each Romance language: no single language stands out, the family does.
    expect((await detectLanguage("Especificacion de protocòl invalid")).language).toBe("oc");
    expect((await detectLanguage("Lo jaç accessible d'aqueste objècte")).language).toBe("oc");
    expect((await detectLanguage("Ya existe un fichero clamau «%s». Quiers substituir-lo?")).language).toBe("an");
    // fastText's first guess here is Lombard, a Romance language the API does not name.
    expect((await detectLanguage("Aramàicu ufitziale (700-300 AC); Aramàicu imperiale (700-300 AC)")).language).toBe(
      "sc",
    );
  });

  it("does not answer English for a string without English words, which the models guess for what they cannot place", async () => {
    // Interface strings of the tuning split's catalogs that fastText reads as English first.
    expect((await detectLanguage("Limbas islavas orientales")).language).toBe("sc");
    expect((await detectLanguage("Çiçevanisht; Çevanisht; Njanxhanisht")).language).toBe("sq");
    expect((await detectLanguage("Netaisyklinga ELFCLASS faile %s.")).language).toBe("lt");
    expect((await detectLanguage("Desconnectat, reconnexion...")).language).toBe("oc");
    // Where nothing else fits either, the answer is auto rather than English.
    expect((await detectLanguage("Kreol Galleg, Santez Lusi")).language).not.toBe("en");
    // English interface strings full of terms keep their English words.
    expect((await detectLanguage("Tar archive (LZMA-compressed)")).language).toBe("en");
    expect((await detectLanguage("Unrecognized operand/register")).language).toBe("en");
  });

  it("never names a language of another script for a text in Latin letters", async () => {
    // fastText's second guess for this Nynorsk string is Japanese.
    const { language } = await detectLanguage("Kryptert KSpread-rekneark");
    expect(language === AUTO || findLanguage(language)?.script === "latin").toBe(true);
    expect((await detectLanguage("Zdravo svete, kako ste danas prijatelji moji")).language).toMatch(/^(hr|bs|sr)$/);
  });

  it("tells Norwegian Bokmål from Nynorsk (never the bare 'no')", async () => {
    expect(
      (
        await detectLanguage(
          "Komiteen vil publisere sin endelige rapport om den nye jernbanelinjen neste vår, og den er ikke ferdig ennå.",
        )
      ).language,
    ).toBe("nb");
    expect(
      (
        await detectLanguage(
          "Komiteen vil publisera den endelege rapporten sin om den nye jernbanelina neste vår, men han er ikkje ferdig enno.",
        )
      ).language,
    ).toBe("nn");
  });

  it("names Serbian in both scripts, and tells Croatian and Bosnian by the words only their standard uses", async () => {
    expect(
      (await detectLanguage("Комитет ће објавити свој коначни извештај о новој железничкој прузи следећег пролећа."))
        .language,
    ).toBe("sr");
    expect(
      (
        await detectLanguage(
          "Komitet će objaviti svoj konačni izveštaj o novoj železničkoj pruzi sledećeg proleća, ako sve bude u redu.",
        )
      ).language,
    ).toBe("sr");
    expect(
      (
        await detectLanguage(
          "Odbor će sljedećeg proljeća objaviti svoje konačno izvješće o novoj željezničkoj pruzi, tko god bio predsjednik.",
        )
      ).language,
    ).toBe("hr");
    expect(
      (
        await detectLanguage(
          "Komisija će sljedeće sedmice objaviti konačni izvještaj o novoj željezničkoj pruzi, a historija projekta je duga.",
        )
      ).language,
    ).toBe("bs");
  });

  it("names Serbian by ekavian forms of prose the hand lists do not hold (Apertium's Serbian generator)", async () => {
    const text = "Savetodavac je istakao doslednost u radu odbora.";
    // The hand lists alone leave the letters' Croatian standing.
    expect(serboCroatian(text, "hr")).toBe("hr");
    expect((await detectLanguage(text)).language).toBe("sr");
  });

  it("leaves the letters' Croatian standing on words all three standards write (sa, neko, svako, vremena, smeta)", () => {
    for (const text of [
      "Nakon nekog vremena razgovarali smo sa svima o tome.",
      "Sveta misa održana je u crkvi, a svako dijete dobilo je dar.",
      "Prevoditelj je neko vrijeme radio na tom prijevodu.",
      "Ovaj tekst smeta mnogima jer govori o smeću.",
    ]) {
      expect(serboCroatian(text, "hr")).toBe("hr");
    }
  });

  it("keeps Slovenian that writes words the Croatian and Bosnian lists hold (ko, ponovno, računalnik, zaslon)", () => {
    expect(serboCroatian("Ko je računalnik ponovno zagnal, je zaslon ostal temen.", "sl")).toBe("sl");
    // "spreminjal" (changed) once matched Croatian "spremi" (save) as a stem.
    expect(serboCroatian("Od svojega predvajanja naprej je MTV močno spreminjal glasbeno industrijo.", "sl")).toBe(
      "sl",
    );
  });

  it("tells Croatian from Bosnian by the everyday words each writes (kazalište/pozorište, vlak/voz), not Slovenian's", () => {
    expect(serboCroatian("Nakon predstave u kazalištu otišli smo vlakom do zračne luke.", "bs")).toBe("hr");
    expect(serboCroatian("Poslije predstave u pozorištu otišli smo vozom do aerodroma.", "hr")).toBe("bs");
    // Slovenian writes kava, juha and nogomet too.
    expect(serboCroatian("Po tekmi smo šli na kavo in juho, nato na nogomet.", "sl")).toBe("sl");
  });

  it("takes a modal verb with 'da' and a present tense as Serbian, whichever letter the verb starts with", () => {
    // "želite da" is the only Serbian mark here; a word starting with "ž" once went unseen.
    expect(serboCroatian("Želite da pokrenete ovaj program sada?", "hr")).toBe("sr");
    expect(serboCroatian("Želite li pokrenuti ovaj program sada?", "hr")).toBe("hr");
  });

  it("reads a long text from evenly spaced samples, with the same answer", async () => {
    const german = "Die Anlage wird jedes Jahr im Herbst gewartet, damit sie im Winter zuverlässig läuft. ";
    expect((await detectLanguage(german.repeat(2_000))).language).toBe("de"); // ~170,000 characters
    // The samples come from the whole text: a long text that is French apart from its opening is French.
    const french = "Le service de maintenance passe chaque automne pour que tout fonctionne bien en hiver. ";
    expect((await detectLanguage(german + french.repeat(2_000))).language).toBe("fr");
  });

  it("is deterministic", async () => {
    const text = "Un texte assez long pour être reconnu sans hésitation par le détecteur de langue.";
    expect(await detectLanguage(text)).toEqual(await detectLanguage(text));
  });

  it("loads its model on the first detection, not when the package is imported", () => {
    const out = execFileSync(
      process.execPath,
      ["--import", "tsx", join(import.meta.dirname, "language-model-heap.ts")],
      {
        cwd: join(import.meta.dirname, "..", ".."),
        encoding: "utf8",
      },
    );
    const memory = JSON.parse(out) as { imported: number; detected: number; language: string };
    expect(memory.language).toBe("en");
    // The two models take tens of MB once loaded: a server that never detects does not carry them.
    expect(memory.detected - memory.imported).toBeGreaterThan(20e6);
  }, 60_000);
});
