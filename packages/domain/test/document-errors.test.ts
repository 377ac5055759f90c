import { FormatError } from "@tolk/formats";
import { describe, expect, it } from "vitest";

import { TolkError, fileRefused } from "../src";

describe("fileRefused", () => {
  it("turns a file the filter refused into a 400 naming the problem", () => {
    const refused = fileRefused(
      new FormatError("invalid_file", "Invalid JSON at line 3, column 1: ValueExpected."),
      "json",
    );
    expect(refused).toBeInstanceOf(TolkError);
    expect(refused).toMatchObject({
      status: 400,
      message: "The file is not a valid json file: Invalid JSON at line 3, column 1: ValueExpected.",
    });
  });

  it("lets a fault inside a filter through unchanged, so it is logged and answered 500 instead of blaming the file", () => {
    const bug = new RangeError("Maximum call stack size exceeded");
    expect(fileRefused(bug, "docx")).toBe(bug);
    const typo = new TypeError("Cannot read properties of undefined (reading 'start')");
    expect(fileRefused(typo, "docx")).toBe(typo);
  });
});
