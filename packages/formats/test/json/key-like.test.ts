import { describe, expect, it } from "vitest";

import { filterFor } from "../../src/registry";
import { EN_ES, pseudo, translateWith } from "../loc-roundtrip";

// Which JSON values are text (src/common/key-like.ts); the rest stays byte for byte.
const json = filterFor("json");
const utf8 = (s: string) => new TextEncoder().encode(s);
const texts = async (source: string) => {
  if (!json) throw new Error("no json filter");
  return (await json.extract(utf8(source), EN_ES)).map((s) => [s.id, s.text]);
};

describe("json: what stays as written", () => {
  it("Chrome messages.json: only each message; description and placeholders stay (uBlock Origin)", async () => {
    const source = JSON.stringify(
      {
        extShortDesc: {
          message: "Finally, an efficient blocker.",
          description: "this will be in the Chrome web store",
        },
        popupBlockedRequestPrompt: {
          message: "requests blocked $count$",
          description: "English: requests blocked",
          placeholders: { count: { content: "$1", example: "12" } },
        },
      },
      null,
      2,
    );
    expect(await texts(source)).toEqual([
      ["/extShortDesc/message", "Finally, an efficient blocker."],
      ["/popupBlockedRequestPrompt/message", "requests blocked $count$"],
    ]);
    if (!json) return;
    const { output } = await translateWith(json, utf8(source), pseudo);
    const out = JSON.parse(new TextDecoder().decode(output)) as Record<string, { description: string }>;
    expect(out.extShortDesc?.description).toBe("this will be in the Chrome web store");
  });

  it("VS Code package.nls.json: a message's comment is a note to translators", async () => {
    const source =
      '{\n  "walkthrough.title": {\n    "message": "Open a [folder](command:workbench.action.files.openFolder)",\n    "comment": ["{Locked=\'](command:workbench.action.files.openFolder\'}"]\n  },\n  "command.run": "Run Python File"\n}\n';
    expect(await texts(source)).toEqual([
      ["/walkthrough.title/message", "Open a [folder](command:workbench.action.files.openFolder)"],
      ["/command.run", "Run Python File"],
    ]);
  });

  it("ARB: @key metadata (description, placeholders) stays; @@locale becomes the target", async () => {
    const source =
      '{\n  "@@locale": "en",\n  "helloUser": "Hello {userName}",\n  "@helloUser": {\n    "description": "A greeting",\n    "placeholders": { "userName": { "type": "String", "example": "Bob" } }\n  }\n}\n';
    expect(await texts(source)).toEqual([["/helloUser", "Hello {userName}"]]);
    if (!json) return;
    const { output } = await translateWith(json, utf8(source), pseudo);
    expect(new TextDecoder().decode(output)).toContain('"@@locale": "es"');
    expect(new TextDecoder().decode(output)).toContain('"description": "A greeting"');
  });

  it("i18next: identifiers as values stay, text is translated", async () => {
    const source =
      '{\n  "nav": { "home": "Home", "icon": "house-door", "route": "app.home" },\n  "items_one": "{{count}} item"\n}\n';
    expect(await texts(source)).toEqual([
      ["/nav/home", "Home"],
      ["/items_one", "{{count}} item"],
    ]);
  });
});
