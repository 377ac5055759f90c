/**
 * Template tags in documents that are templates (Jekyll/Liquid, Jinja, Django, Hugo/Go,
 * Handlebars, Mustache): `{% … %}`, `{{ … }}`, `{{{ … }}}`, `{# … #}`. They are code, not text:
 * filters make each one an isolated code so no engine translates or escapes it. Bounded, so a
 * file full of unclosed `{{` costs a linear scan.
 */
export const TEMPLATE_TAG = /\{%[^\n]{0,1000}?%\}|\{\{\{[^]{0,1000}?\}\}\}|\{\{[^]{0,1000}?\}\}|\{#[^]{0,1000}?#\}/g;

export const hasTemplateTag = (text: string) => text.includes("{") && new RegExp(TEMPLATE_TAG.source).test(text);
