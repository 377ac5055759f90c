// One formatting for every package, checked by `pnpm lint` and applied by `pnpm format`.
// Wide lines: the code reads best with a call and its arguments on one line where they fit.
/** @type {import("prettier").Config} */
export default {
  printWidth: 160,
};
