import { describe, expect, it } from "vitest";
import { parse } from "yaml";

import { filterFor } from "../../src/registry";
import { EN_ES, pseudo, translateWith } from "../loc-roundtrip";

// Values a program matches stay as written; only text is translated (src/common/key-like.ts).
const yaml = filterFor("yml");
const utf8 = (s: string) => new TextEncoder().encode(s);
const texts = async (source: string) => {
  if (!yaml) throw new Error("no yaml filter");
  return (await yaml.extract(utf8(source), EN_ES)).map((s) => [s.id, s.text]);
};

describe("yaml: what stays as written", () => {
  it("GitHub issue forms: only the chooser's name and description and each element's label, description, placeholder, value and options", async () => {
    // eslint/eslint .github/ISSUE_TEMPLATE/bug-report.yml, shortened.
    const source = [
      'name: "Report a problem"',
      'description: "Report an issue with ESLint"',
      'title: "Bug: (fill in)"',
      "labels:",
      "    - bug",
      '    - "repro:needed"',
      "body:",
      "    - type: input",
      "      id: lint-output",
      "      attributes:",
      "          label: What actually happened?",
      "          placeholder: Paste the output",
      "      validations:",
      "          required: true",
      "    - type: dropdown",
      "      id: parser",
      "      attributes:",
      "          options:",
      '              - "Default (Espree)"',
      '              - "@babel/eslint-parser"',
      "    - type: checkboxes",
      "      attributes:",
      "          options:",
      "              - label: I am willing to submit a pull request.",
      "                required: false",
      "      render: shell",
      "",
    ].join("\n");
    expect(await texts(source)).toEqual([
      ["/name", "Report a problem"],
      ["/description", "Report an issue with ESLint"],
      ["/body/0/attributes/label", "What actually happened?"],
      ["/body/0/attributes/placeholder", "Paste the output"],
      ["/body/1/attributes/options/0", "Default (Espree)"],
      ["/body/2/attributes/options/0/label", "I am willing to submit a pull request."],
    ]);
    if (!yaml) return;
    const { output } = await translateWith(yaml, utf8(source), pseudo);
    const form = parse(new TextDecoder().decode(output)) as {
      title: string;
      labels: string[];
      body: { type: string; id?: string; render?: string }[];
    };
    expect([form.title, form.labels, form.body.map((b) => [b.type, b.id, b.render])]).toEqual([
      "Bug: (fill in)",
      ["bug", "repro:needed"],
      [
        ["input", "lint-output", undefined],
        ["dropdown", "parser", undefined],
        ["checkboxes", undefined, "shell"],
      ],
    ]);
  });

  it("Rails: Ruby symbols, format directives and the text direction stay (rails-i18n en.yml)", async () => {
    const source = [
      "en:",
      "  date:",
      "    formats:",
      '      default: "%Y-%m-%d"',
      '      long: "%B %d, %Y"',
      "    order:",
      "      - :year",
      '      - ":month"',
      "      - :day",
      "  direction: ltr",
      '  month: "Month"',
      "",
    ].join("\n");
    expect(await texts(source)).toEqual([["/month", "Month"]]);
  });

  it("Rails: an attribute named type or id whose value is text is translated", async () => {
    const source = [
      "en:",
      "  activerecord:",
      "    attributes:",
      "      account:",
      '        type: "Account type"',
      "        kind: Kind",
      "",
    ].join("\n");
    expect(await texts(source)).toEqual([
      ["/activerecord/attributes/account/type", "Account type"],
      ["/activerecord/attributes/account/kind", "Kind"],
    ]);
  });

  it("Hugo i18n: the id is a key even when it reads as text (hugo-book i18n/en.yaml)", async () => {
    expect(
      await texts("- id: Edit this page\n  translation: Edit this page\n- id: readMore\n  translation: Read more\n"),
    ).toEqual([
      ["/0/translation", "Edit this page"],
      ["/1/translation", "Read more"],
    ]);
  });

  it("identifiers anywhere: snake_case, dotted and camelCase names, paths, MIME types", async () => {
    const source = "a: read_more\nb: app.title\nc: readMore\nd: ./img/logo.png\ne: text/plain\nf: and/or\ng: Sign in\n";
    expect(await texts(source)).toEqual([
      ["/f", "and/or"],
      ["/g", "Sign in"],
    ]);
  });
});
