import pluralForms from "@tannin/plural-forms";

/**
 * gettext Plural-Forms per language (the expressions gettext's own documentation and the
 * Unicode CLDR-derived tables of Weblate/Pootle use). The target language decides how many
 * `msgstr[n]` a plural entry gets.
 */
const TABLE: Record<string, string> = {};
const add = (langs: string, rule: string) => langs.split(" ").forEach((l) => (TABLE[l] = rule));

add("ja zh ko vi th id ms lo my km jv su bo dz ka", "nplurals=1; plural=0;");
add(
  "en de nl sv da no nb nn fi et it es ca gl eu el hu bg sq eo af he ast fy ur hi bn ta te ml mr gu kn pa ne si sw az kk ky uz mn ps so zu xh nso st tn ts ve yo ha ig lb rm fo pt",
  "nplurals=2; plural=(n != 1);",
);
add("fr oc br tr fa am fil tl ln mg wa ti pt_BR hy", "nplurals=2; plural=(n > 1);");
add("is", "nplurals=2; plural=(n%10!=1 || n%100==11);");
add("mk", "nplurals=2; plural=(n==1 || n%10==1 ? 0 : 1);");
add("lv", "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2);");
add("lt", "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2);");
add(
  "ru uk be sr hr bs sh",
  "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
);
add("cs sk", "nplurals=3; plural=((n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2);");
add("pl", "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);");
add("ro", "nplurals=3; plural=(n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2);");
add("sl", "nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);");
add("cy", "nplurals=4; plural=((n==1) ? 0 : (n==2) ? 1 : (n != 8 && n != 11) ? 2 : 3);");
add("mt", "nplurals=4; plural=(n==1 ? 0 : n==0 || (n%100>1 && n%100<11) ? 1 : (n%100>10 && n%100<20) ? 2 : 3);");
add("ga", "nplurals=5; plural=(n==1 ? 0 : n==2 ? 1 : n<7 ? 2 : n<11 ? 3 : 4);");
add("ar", "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);");

export interface PluralRule {
  header: string;
  count: number;
  /** The form used for n = 1 (-1 when one form serves every n): it gets the singular translation, every other form the plural. */
  singularForm: number;
}

/** gettext's spelling of a language tag: `pt-BR` → `pt_BR`. */
export function gettextLanguage(tag: string): string {
  const [lang = "", region] = tag.split(/[-_]/);
  return region ? `${lang.toLowerCase()}_${region.toUpperCase()}` : lang.toLowerCase();
}

/** The table's rule for a language (region first, then the base language). */
export function pluralRuleFor(tag: string): PluralRule | undefined {
  const lang = gettextLanguage(tag);
  const header = TABLE[lang] ?? TABLE[lang.split("_")[0] ?? ""];
  return header === undefined ? undefined : parsePluralForms(header);
}

/** A `Plural-Forms` header value evaluated without `eval`; undefined when it does not parse. */
export function parsePluralForms(header: string): PluralRule | undefined {
  const m = /nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;]+);?/.exec(header);
  if (!m) return undefined;
  const count = Number(m[1]);
  try {
    const evaluate = pluralForms(m[2] ?? "0") as (n: number) => number;
    // One form for every n (ja, zh): it reads like the plural ("%d files"), so no form is singular.
    const singularForm = count === 1 ? -1 : Number(evaluate(1));
    if (!Number.isInteger(singularForm) || singularForm < -1 || singularForm >= count) return undefined;
    return { header: header.trim(), count, singularForm };
  } catch {
    return undefined;
  }
}
