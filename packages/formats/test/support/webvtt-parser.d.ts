declare module "webvtt-parser" {
  export interface ParseError {
    message: string;
    line: number;
    col?: number;
  }
  export class WebVTTParser {
    parse(input: string, mode?: "metadata" | "chapters"): { cues: unknown[]; errors: ParseError[] };
  }
}
