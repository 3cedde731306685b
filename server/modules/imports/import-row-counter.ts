// Counts the rows of an import call's JSON body while its bytes arrive, so a call over the 5,000-row cap is refused
// (413) from its first rows over the cap: the rest of the body is never read, and no row is parsed or validated.
// Without it, a body of a million tiny rows (`{"x":1}`, 8 bytes each, under the 8 MiB byte cap) was read, parsed
// into a million objects and validated row by row before the cap was compared: seconds of a blocked event loop and
// a gigabyte of memory per call.
//
// It reads the JSON's structure only (strings, objects, arrays), byte by byte, keeping state between chunks, and
// counts as the import does (imports.schema.ts countRows): every element of the top-level `rows` array is a row, and
// a route row with stops counts one row per stop. Stops are counted whatever the target (a runs or passengers row
// with `stops` is refused anyway, for an unknown field), and a key given twice is counted twice: the count may only
// ever be too high for a body the import refuses anyway. Malformed JSON is not its business: JSON.parse refuses it
// once the body is read.
import { AppError } from "../../errors";

/** what a container of the body is, for the first levels the count needs */
type Role = "top" | "rows" | "row" | "stops" | "other";

interface Frame {
  role: Role;
  isObject: boolean;
  /** objects: the next string is a key */
  expectsKey: boolean;
  /** objects: the key whose value comes next (only kept for the levels that need it) */
  key: string | null;
  /** arrays: the next value starts a new element */
  awaitsElement: boolean;
  /** route rows: stops seen so far */
  stops: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
/** what a backslash and this character stand for in a JSON string (others stand for themselves: \" \\ \/) */
const SIMPLE_ESCAPES: Record<string, number> = { b: 0x08, f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09 };
/** keys the count needs ("rows", "stops") are short; a longer key is never one of them */
const MAX_KEY_CHARS = 8;

export function importTooLarge(maxRows: number, rows: number | null): AppError {
  const cap = maxRows.toLocaleString("en-US");
  const holds = rows === null ? `more than ${cap}` : rows.toLocaleString("en-US");
  return new AppError(
    "IMPORT_TOO_LARGE",
    `This call holds ${holds} rows (each stop counting); one call takes at most ${cap}, and nothing was imported. Split it into several calls.`,
  );
}

export class ImportRowCounter {
  /** rows as the import counts them, so far */
  rows = 0;
  /** open containers; only the first four levels (body, rows, row, stops) keep a frame */
  private readonly frames: Frame[] = [];
  private depth = 0;
  private inString = false;
  /** after a backslash in a string: 1, then 2 to 5 while the four hex digits of a \u escape are read */
  private escape = 0;
  private escapedCode = 0;
  /** the key being read, or null when the current string is not a key the count needs */
  private key: string | null = null;

  constructor(private readonly maxRows: number) {}

  /** reads the next bytes of the body; throws IMPORT_TOO_LARGE as soon as the rows pass the cap */
  feed(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (this.inString) {
        if (this.escape > 0) this.readEscape(byte);
        else if (byte === BACKSLASH) this.escape = 1;
        else if (byte === QUOTE) this.endString();
        else this.addKeyChar(byte);
        continue;
      }
      switch (byte) {
        case 0x20: // space, tab, line feed, carriage return
        case 0x09:
        case 0x0a:
        case 0x0d:
          break;
        case QUOTE:
          this.startString();
          break;
        case OPEN_OBJECT:
        case OPEN_ARRAY:
          this.startValue();
          this.open(byte === OPEN_OBJECT);
          break;
        case CLOSE_OBJECT:
        case CLOSE_ARRAY:
          this.close();
          break;
        case COLON: {
          const frame = this.current();
          if (frame?.isObject) frame.expectsKey = false;
          break;
        }
        case COMMA: {
          const frame = this.current();
          if (frame?.isObject) {
            frame.expectsKey = true;
            frame.key = null;
          } else if (frame) frame.awaitsElement = true;
          break;
        }
        default: // a number, true, false or null
          this.startValue();
      }
    }
  }

  /** the innermost container when it is one of the tracked levels */
  private current(): Frame | undefined {
    return this.depth <= this.frames.length ? this.frames[this.depth - 1] : undefined;
  }

  private startString(): void {
    const frame = this.current();
    this.inString = true;
    if (frame?.isObject && frame.expectsKey) {
      // a key: kept where the count needs it (the body's keys and a row's keys)
      this.key = frame.role === "top" || frame.role === "row" ? "" : null;
      return;
    }
    this.startValue();
  }

  /** a key's next character (bytes of multi-byte characters too: such a key is never one the count needs) */
  private addKeyChar(code: number): void {
    if (this.key !== null) this.key = this.key.length < MAX_KEY_CHARS ? this.key + String.fromCharCode(code) : null;
  }

  /** escapes are decoded as JSON.parse does, so "r\u006fws" is the key "rows" here too */
  private readEscape(byte: number): void {
    if (this.escape === 1) {
      if (byte === 0x75 /* u */) {
        this.escape = 2;
        this.escapedCode = 0;
        return;
      }
      this.escape = 0;
      this.addKeyChar(SIMPLE_ESCAPES[String.fromCharCode(byte)] ?? byte);
      return;
    }
    const digit = parseInt(String.fromCharCode(byte), 16);
    this.escapedCode = this.escapedCode * 16 + (Number.isNaN(digit) ? 0 : digit);
    if (++this.escape === 6) {
      this.escape = 0;
      this.addKeyChar(this.escapedCode);
    }
  }

  private endString(): void {
    this.inString = false;
    const frame = this.current();
    if (frame?.isObject && frame.expectsKey) frame.key = this.key;
    this.key = null;
  }

  /** a value starts in the innermost container: an element of `rows` or of a row's `stops` is counted */
  private startValue(): void {
    const frame = this.current();
    if (!frame || frame.isObject || !frame.awaitsElement) return;
    frame.awaitsElement = false;
    if (frame.role === "rows") this.count(1);
    else if (frame.role === "stops") {
      const row = this.frames[this.depth - 2]!;
      row.stops++;
      // a route counts one row when it has no stops, one per stop otherwise: its first stop adds nothing
      if (row.stops > 1) this.count(1);
    }
  }

  private count(rows: number): void {
    this.rows += rows;
    if (this.rows > this.maxRows) throw importTooLarge(this.maxRows, null);
  }

  private open(isObject: boolean): void {
    const parent = this.current();
    this.depth++;
    if (this.depth > 4 || this.depth !== this.frames.length + 1) return;
    let role: Role = "other";
    if (this.depth === 1 && isObject) role = "top";
    else if (parent?.role === "top" && parent.key === "rows" && !isObject) role = "rows";
    else if (parent?.role === "rows" && isObject) role = "row";
    else if (parent?.role === "row" && parent.key === "stops" && !isObject) role = "stops";
    this.frames.push({ role, isObject, expectsKey: isObject, key: null, awaitsElement: !isObject, stops: 0 });
  }

  private close(): void {
    if (this.depth === 0) return; // malformed: JSON.parse says so later
    if (this.depth === this.frames.length) this.frames.pop();
    this.depth--;
  }
}
