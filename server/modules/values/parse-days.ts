// Days of the week as people write them in a timetable: "Mon-Fri", "Weekdays", "Mon, Wed & Fri",
// "Tuesday to Thursday", "Daily", "Weekends", a single day; full names, three-letter and two-letter abbreviations
// (and the common Tues/Thur/Thurs/Weds), any letter case. Ranges may wrap the weekend ("Fri-Mon").
// The stored form is the sorted list of ISO weekdays (1 = Monday ... 7 = Sunday).
import { parsed, shown, unreadable, type Parsed } from "./parsed";

export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

const DAY_NAMES: Record<string, IsoWeekday> = {};
for (const [day, names] of [
  [1, ["monday", "mon", "mo"]],
  [2, ["tuesday", "tue", "tues", "tu"]],
  [3, ["wednesday", "wed", "weds", "we"]],
  [4, ["thursday", "thu", "thur", "thurs", "th"]],
  [5, ["friday", "fri", "fr"]],
  [6, ["saturday", "sat", "sa"]],
  [7, ["sunday", "sun", "su"]],
] as const) {
  for (const name of names) DAY_NAMES[name] = day;
}

const ALL: IsoWeekday[] = [1, 2, 3, 4, 5, 6, 7];
const KEYWORDS: Record<string, IsoWeekday[]> = {
  daily: ALL,
  "every day": ALL,
  everyday: ALL,
  "all week": ALL,
  weekdays: [1, 2, 3, 4, 5],
  weekday: [1, 2, 3, 4, 5],
  weekends: [6, 7],
  weekend: [6, 7],
};

const FORMS = "a day name (Monday, Mon, Mo), a range (Mon-Fri, Tuesday to Thursday), a list (Mon, Wed & Fri), Daily, Weekdays or Weekends";
/** list separators: comma, semicolon, slash, plus, ampersand, the word "and" */
const LIST = /\s*(?:,|;|\/|\+|&|\band\b)\s*/;
/** range separators: hyphen or dash, "to", "through", "thru", "till", "until" */
const RANGE = /\s*(?:-|–|—|\bto\b|\bthrough\b|\bthru\b|\btill\b|\buntil\b)\s*/;

const dayOf = (word: string): IsoWeekday | undefined => DAY_NAMES[word.replace(/\.$/, "")];

export function parseDays(input: unknown): Parsed<IsoWeekday[]> {
  if (typeof input !== "string" || input.trim() === "") return unreadable(`days must be text such as "Mon-Fri"; write ${FORMS}`);
  const text = input.trim().toLowerCase().replace(/\s+/g, " ");
  if (KEYWORDS[text]) return parsed(KEYWORDS[text]);
  const days = new Set<IsoWeekday>();
  for (const part of text.split(LIST)) {
    if (part === "") return unreadable(`days ${shown(input)} has an empty entry; write ${FORMS}`);
    if (KEYWORDS[part]) {
      for (const day of KEYWORDS[part]) days.add(day);
      continue;
    }
    const ends = part.split(RANGE);
    if (ends.length > 2) return unreadable(`days ${shown(input)}: ${shown(part)} is not a range of two days`);
    const from = dayOf(ends[0]!);
    const to = ends.length === 2 ? dayOf(ends[1]!) : from;
    if (from === undefined || to === undefined) return unreadable(`days ${shown(input)}: ${shown(part)} is not a day; write ${FORMS}`);
    // a range runs forward through the week and may wrap past Sunday (Fri-Mon)
    for (let day = from; ; day = ((day % 7) + 1) as IsoWeekday) {
      days.add(day);
      if (day === to) break;
    }
  }
  return parsed([...days].sort((a, b) => a - b));
}
