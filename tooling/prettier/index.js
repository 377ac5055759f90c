// One formatting for every package, checked by `pnpm lint` and applied by `pnpm format`.
// 120 columns: a call and its arguments stay on one line where they fit, and a reviewer still
// reads a diff side by side.
/** @type {import("prettier").Config} */
export default {
  printWidth: 120,
};
