import { type Nodes, type Root } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { frontmatterFromMarkdown } from "mdast-util-frontmatter";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { frontmatter } from "micromark-extension-frontmatter";
import { gfm } from "micromark-extension-gfm";

/** CommonMark + GFM (tables, strikethrough, footnotes, autolinks) + YAML or TOML (`+++`, kept as is) front matter, with offsets. */
export function parseMarkdown(text: string): Root {
  return fromMarkdown(text, {
    extensions: [gfm(), frontmatter(["yaml", "toml"])],
    mdastExtensions: [gfmFromMarkdown(), frontmatterFromMarkdown(["yaml", "toml"])],
  });
}

export interface Range {
  start: number;
  end: number;
}

export function rangeOf(node: Nodes): Range | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined ? undefined : { start, end };
}
