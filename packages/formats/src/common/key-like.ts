/**
 * Which string values of a key/value file (JSON, YAML) are text to translate and which are
 * names a program matches (ids, types, symbols, paths): translating `type: input` or
 * `id: lint-output` breaks a GitHub issue form, `":year"` breaks a Rails date order. Three
 * layers: the shapes of well-known files (only their text fields are translated), keys whose
 * values are identifiers, and values that look like identifiers wherever they are.
 */

/** A value's place: keys, and array indexes as numbers. */
export type ValuePath = readonly (string | number)[];

/** Keys whose values (and every item below them) are names, whatever they look like (Hugo's `id: Edit this page`). */
const NAME_KEYS = new Set(["id", "labels", "assignees", "projects"]);

/** Keys whose values are identifiers when they look like one (`type: input`; not Rails' `type: "Account type"`). */
const IDENTIFIER_KEYS = new Set([
  "type",
  "render",
  "key",
  "ref",
  "slug",
  "icon",
  "class",
  "classname",
  "lang",
  "locale",
  "href",
  "src",
  "url",
  "path",
  "file",
  "image",
  "color",
  "variant",
  "kind",
  "mode",
  "format",
]);

const IDENTIFIER = /^[a-z0-9][\w.:/@+-]*$/;

const KEY_LIKE_VALUES: readonly RegExp[] = [
  // Ruby symbols (Rails `date.order: [":year", ":month", ":day"]`).
  /^:[A-Za-z_]\w*[?!]?$/,
  // snake_case and dotted names (`read_more`, `app.title`, `com.example.app`).
  /^[a-z][a-z0-9]*(?:[_.][a-z0-9]+)+$/,
  // Reverse-DNS ids (`org.sparkle-project.Sparkle`).
  /^(?:com|org|net|io|de|fr|uk|app|dev)(?:\.[\w-]+){2,}$/,
  // camelCase names (`readMore`).
  /^[a-z]+(?:[A-Z][a-z0-9]*)+$/,
  // Paths and package names (`./img/logo.png`, `/etc/hosts`, `@babel/eslint-parser`).
  /^(?:\.{0,2}\/|~\/|@[\w.-]+\/)\S*$/,
  /^[\w.-]+(?:\/[\w.-]+){2,}$/,
  /^[\w.-]+\/[\w./-]*\.\w+$/,
  // MIME types and text directions (Rails' `direction: ltr`).
  /^(?:application|text|image|audio|video|multipart|font|model)\/[\w.+-]+$/,
  /^(?:ltr|rtl)$/,
  // File names.
  /^[\w.-]+\.(?:png|jpe?g|gif|svg|webp|ico|css|js|mjs|ts|json|ya?ml|md|html?|xml|txt|pdf|zip)$/i,
  // Only format directives and punctuation (`%Y-%m-%d`, `%B %d, %Y`, `%{count}`).
  /^(?:%[-_0^#]?[A-Za-z]|%\{\w+\}|[^\p{L}])*$/u,
];

/** True when a value is a name or code that stays as written, wherever it is. */
export function isKeyLikeValue(value: string): boolean {
  const trimmed = value.trim();
  return KEY_LIKE_VALUES.some((p) => p.test(trimmed));
}

/** True when the value at `path` is text to translate (the generic layers). */
export function isTextAt(path: ValuePath, value: string): boolean {
  if (isKeyLikeValue(value)) return false;
  for (const key of path) if (typeof key === "string" && NAME_KEYS.has(key.toLowerCase())) return false;
  const last = [...path].reverse().find((k): k is string => typeof k === "string");
  return !(last !== undefined && IDENTIFIER_KEYS.has(last.toLowerCase()) && IDENTIFIER.test(value.trim()));
}

/**
 * GitHub issue forms (`.github/ISSUE_TEMPLATE/*.yml`): the chooser's `name` and `description`,
 * and each body element's `label`, `description`, `placeholder`, `value` and `options` are
 * text; `type`, `id`, `validations`, `render`, `labels`, `assignees`, `projects` and `title`
 * (matched by triage automation) are not.
 */
export function issueFormText(path: ValuePath): boolean {
  if (path.length === 1) return path[0] === "name" || path[0] === "description";
  const [body, , attributes, field, , label] = path;
  if (body !== "body" || attributes !== "attributes") return false;
  if (path.length === 4)
    return field === "label" || field === "description" || field === "placeholder" || field === "value";
  return field === "options" && (path.length === 5 || (path.length === 6 && label === "label"));
}

/** Whether a root map is an issue form: a `body` list of elements that each have a `type`. */
export function looksLikeIssueForm(rootKeys: readonly string[], bodyItemsHaveType: boolean): boolean {
  return (
    rootKeys.includes("body") && (rootKeys.includes("name") || rootKeys.includes("description")) && bodyItemsHaveType
  );
}

/**
 * An entry that is an object with a `message` string (Chrome's `_locales/*\/messages.json`,
 * VS Code's `package.nls.json`): the message is text; its siblings (`description`, `comment`:
 * notes to translators; `placeholders` with `content: "$1"`) are not.
 */
export const MESSAGE_KEY = "message";
