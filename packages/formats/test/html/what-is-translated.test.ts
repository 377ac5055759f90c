import { describe, expect, it } from "vitest";

import { htmlFilter } from "../../src/html";
import { EN_DE, pseudo, translate } from "../support/roundtrip";

// The rules of docs/documents.md, "What is translated, format by format", HTML, each with a
// snippet of a real page (Apache httpd's manual, Able Player's demos, WCAG's Understanding pages).
const utf8 = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");

async function pseudoTranslated(
  html: string,
): Promise<{ segments: { text: string; context?: string }[]; output: string }> {
  const file = Buffer.from(html);
  const segments = await htmlFilter.extract(file, EN_DE);
  return { segments, output: utf8(await htmlFilter.merge(file, translate(segments, pseudo), EN_DE)) };
}

describe("HTML: what is translated", () => {
  it("text attributes and meta descriptions are translated; href, class, id, src and data attributes are not", async () => {
    const { segments, output } = await pseudoTranslated(
      [
        '<html lang="en"><head>',
        '<meta name="description" content="Understanding Non-text Content">',
        '<link href="./style/css/manual.css" rel="stylesheet" media="all" type="text/css" title="Main stylesheet" />',
        "</head><body>",
        '<h2><a name="overview" id="overview">Overview</a> <a title="Permanent link" href="#overview" class="permalink">&para;</a></h2>',
        '<input type="submit" value="Send"> <input type="text" value="as typed" placeholder="Your name">',
        "</body></html>",
      ].join("\n"),
    );
    expect(segments.map((s) => s.context)).toEqual([
      "meta description",
      "link@title",
      "a@title",
      "h2",
      "input@value",
      "input@placeholder",
    ]);
    for (const kept of [
      'href="./style/css/manual.css"',
      'name="overview" id="overview"',
      'href="#overview" class="permalink"',
      'value="as typed"',
    ])
      expect(output).toContain(kept);
    expect(output).toContain('title="⟦Máíñ štýléšhéét');
  });

  it("code, media, translate=no and template tags of any nesting are never translated", async () => {
    const source = [
      '<p>Related directive: <code class="directive"><a href="./mod/core.html#virtualhost">&lt;VirtualHost&gt;</a></code> and more.</p>',
      '<video id="video1" preload="auto" data-able-player><track kind="captions" src="../media/wwa_captions_en.vtt" srclang="en" label="English" /></video>',
      '<p translate="no">Able Player</p>',
      '<p>Install with {{ npm_tabs({ command: "init-create", comment: "use `eslint-config-xo` shared config" }) }} first.</p>',
      // Braces that close inside the tag do not end it.
      '<p>Read {{ link({ text: "the guide", attrs: { rel: "next" }}) }} now.</p>',
    ].join("\n");
    const { segments, output } = await pseudoTranslated(source);
    expect(segments.map((s) => s.text)).toEqual([
      "Related directive: <x1/> and more.",
      "Install with <x1/> first.",
      "Read <x1/> now.",
    ]);
    for (const kept of [
      '<code class="directive"><a href="./mod/core.html#virtualhost">&lt;VirtualHost&gt;</a></code>',
      'label="English"',
      '<p translate="no">Able Player</p>',
      '{{ npm_tabs({ command: "init-create", comment: "use `eslint-config-xo` shared config" }) }}',
      '{{ link({ text: "the guide", attrs: { rel: "next" }}) }}',
    ])
      expect(output).toContain(kept);
  });
});
