import { describe, expect, it } from "vitest";

import { deformat, reformat, splitOuterWhitespace } from "../src/apertium/markup";
import { terminatedBy } from "../src/apertium/pipeline";

describe("Apertium stream format", () => {
  it("escapes the stream metacharacters as apertium-destxt does and closes with .[]", () => {
    expect(deformat("Hello world")).toBe("Hello world.[]");
    // `@`, like `*` and `#`, travels in a superblank: any `@` outside one in the output is a mark.
    expect(deformat("a [b] \\c ^d$ /e <f> {g} @h")).toBe("a \\[b\\] \\\\c \\^d\\$ \\/e \\<f\\> \\{g\\} [@]h.[]");
  });

  it("puts whitespace other than one space in superblanks, and drops NULs", () => {
    expect(deformat("Tab\there  two   spaces")).toBe("Tab[\t]here[  ]two[   ]spaces.[]");
    expect(deformat("a \t b\nc")).toBe("a[ \t ]b[\n]c.[]");
    expect(deformat("nul\0here")).toBe("nulhere.[]");
  });

  it("carries the mark characters and ~ in superblanks, so bare ones in the output are marks", () => {
    expect(deformat("C# is #1, a*b, ~user")).toBe("C[#] is [#]1, a[*]b, [~]user.[]");
  });

  it("removes *, # and @ marks, counts * and @ as unknown words, keeps escaped and protected text", () => {
    expect(reformat("*Foo Barra *zzyzx.[]")).toEqual({ text: "Foo Barra zzyzx", unknownWords: 2, marks: 2 });
    expect(reformat("@hashtag y #sello.[]")).toEqual({ text: "hashtag y sello", unknownWords: 1, marks: 2 });
    expect(reformat("C[#] es [#]1, Un[*]*b, x[@]y.com, [~]usuario.[]")).toEqual({
      text: "C# es #1, Un*b, x@y.com, ~usuario",
      unknownWords: 1,
      marks: 1,
    });
    expect(reformat("El \\[etiqueta\\] \\{x\\} \\\\ \\^ \\$ \\/ \\<b\\>.[]")).toEqual({
      text: "El [etiqueta] {x} \\ ^ $ / <b>",
      unknownWords: 0,
      marks: 0,
    });
  });

  it("removes the marks the post-generator escapes, and generation marks inside a word", () => {
    // eng-spa's last program, `lt-proc -p`, writes `\@`; eng-hbs writes `#velik#.`.
    expect(reformat("Este proyecto tiene \\@financial support de la fundación de \\@Magpie..[]")).toEqual({
      text: "Este proyecto tiene financial support de la fundación de Magpie.",
      unknownWords: 2,
      marks: 2,
    });
    expect(reformat("The #dom i #velik#..[]")).toEqual({ text: "The dom i velik.", unknownWords: 0, marks: 3 });
  });

  it("puts back the source word a `@` lemma comes from, as the user wrote it", () => {
    expect(reformat("Los \\@Magpie corrían..[]", "The Magpies were running.")).toMatchObject({
      text: "Los Magpies corrían.",
      unknownWords: 1,
    });
    // No source word starts with the lemma: the lemma stays.
    expect(reformat("Los \\@Magpie corrían..[]", "The birds were running.").text).toBe("Los Magpie corrían.");
  });

  it("removes the inserted sentence end but keeps the segment's own punctuation", () => {
    expect(reformat("Hola Mundo.[]").text).toBe("Hola Mundo");
    expect(reformat("Hola Mundo..[]").text).toBe("Hola Mundo.");
    expect(reformat("¿Cómo estás?.[]").text).toBe("¿Cómo estás?");
    expect(reformat("Dos[  ]espacios[\t]y tab.[]").text).toBe("Dos  espacios\ty tab");
    expect(reformat("barra \\\\.[]").text).toBe("barra \\");
  });

  it("round-trips any text through a pipeline that changes nothing", () => {
    const samples = [
      "C# is #1 and a*b = 5 for x@y.com ~ok",
      "Quotes \"double\" and 'single', (parens) [brackets] {braces} <tags/>",
      "Money $5 ^ 2 \\ back/slash — em dash… «guillemets» 10:30 100%",
      "  spaced\tout  ",
      "*leading and trailing*",
      "###",
      "@@@ ***",
    ];
    for (const sample of samples) expect(reformat(deformat(sample)).text).toBe(sample);
  });

  it("keeps the whitespace around a segment out of the engine", () => {
    expect(splitOuterWhitespace("  Hello world \n")).toEqual({ lead: "  ", core: "Hello world", trail: " \n" });
    expect(splitOuterWhitespace("   ")).toEqual({ lead: "   ", core: "", trail: "" });
    expect(splitOuterWhitespace("x")).toEqual({ lead: "", core: "x", trail: "" });
  });
});

describe("batch terminators", () => {
  it("recognises the terminator that ends a chunk", () => {
    expect(terminatedBy("Hola.[][tolk:7:3]", 7, 3)).toBe(3);
    expect(terminatedBy("Hola.[][tolk:7:5] \n", 7, 3)).toBe(5);
    expect(terminatedBy("Hola.[][tolk:6:3]", 7, 3)).toBeNull();
    expect(terminatedBy("Hola.[]", 7, 0)).toBeNull();
    // A user's "[tolk:7:0]" reaches the output escaped, never as a terminator.
    expect(terminatedBy("\\[tolk:7:0\\]", 7, 0)).toBeNull();
  });
});
