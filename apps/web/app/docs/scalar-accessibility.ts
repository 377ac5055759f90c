/**
 * What Scalar's rendering of a reference lacks for WCAG 2.1 AA, supplied from outside: Scalar is
 * a Vue app inside a React wrapper, so its markup cannot be changed by props. Axe runs on the
 * whole reference page in e2e/playwright/docs.spec.ts, so a Scalar upgrade that brings new gaps
 * (or fixes these) shows there.
 */

/**
 * Theme colours with at least 4.5:1 contrast on Scalar's backgrounds (white and its greys, or its
 * near-black in dark mode): the theme's secondary text grey and the HTTP method colours, printed
 * at 10 px in the sidebar, fall short. Scalar appends this after its own style sheet.
 */
export const SCALAR_CONTRAST_CSS = `
.light-mode {
  --scalar-color-2: #5f5f5f;
  --scalar-color-3: #666666;
  --scalar-sidebar-color-2: #4b5563;
  --scalar-color-green: #00774b;
  --scalar-color-blue: #0069a8;
  --scalar-color-orange: #a85300;
  --scalar-color-red: #b3261e;
  --scalar-color-purple: #6b35ad;
  --scalar-color-yellow: #7f5a00;
  --scalar-color-query: #00686c;
}
.dark-mode {
  --scalar-color-2: #b8b8b8;
  --scalar-color-3: #a8a8a8;
  --scalar-sidebar-color-2: #c9d1d9;
  --scalar-color-red: #ff6b6b;
}
`;

/**
 * Names and keyboard access Scalar's elements are rendered without, added to each such element
 * as Scalar renders it (it renders lazily, on scroll and on navigation):
 * - a code block's copy button shows its label only on hover, so it has no name otherwise;
 * - the header-name field of an API-key scheme is a contenteditable combobox with neither a name
 *   nor `aria-expanded` (its `<label>` points at the editor's wrapper, which is no form control);
 * - a tag's list of endpoints scrolls on a phone but holds no focusable element, so a keyboard
 *   cannot scroll it.
 */
export function repairScalarAccessibility(root: HTMLElement): () => void {
  const repair = () => {
    for (const button of root.querySelectorAll<HTMLButtonElement>("button.scalar-code-copy:not([aria-label])")) {
      button.setAttribute("aria-label", "Copy code");
    }
    for (const field of root.querySelectorAll<HTMLElement>('.code-input-lite__editor[role="combobox"]')) {
      if (!field.hasAttribute("aria-label")) field.setAttribute("aria-label", fieldLabel(root, field));
      if (!field.hasAttribute("aria-expanded")) field.setAttribute("aria-expanded", "false");
    }
    for (const list of root.querySelectorAll<HTMLElement>("ul.endpoints:not([tabindex])")) {
      list.tabIndex = 0;
    }
  };
  repair();
  const observer = new MutationObserver(repair);
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/** The text of the `<label>` Scalar points at the field's wrapper. */
function fieldLabel(root: HTMLElement, field: HTMLElement): string {
  const wrapperId = field.parentElement?.id;
  const label = wrapperId ? root.querySelector(`label[for="${CSS.escape(wrapperId)}"]`) : null;
  return label?.textContent?.trim() || "Value";
}
