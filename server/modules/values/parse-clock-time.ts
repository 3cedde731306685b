// Clock times as timetables write them: 24-hour "07:00", "7:00", "7.15", "19:05:00"; 12-hour "3:30 pm", "3pm",
// "3:30 p.m.", "12 am" (midnight), "12 pm" (noon); and the words noon and midnight. A bare number ("7", "0715") is
// refused: it could be an hour, minutes or a run-together time, and an import never guesses.
// The stored form is minutes from midnight (seconds are accepted only when they are zero).
import { parsed, shown, unreadable, type Parsed } from "./parsed";

const FORMS = "HH:MM (07:00, 7:00, 7.15) or 12-hour with am/pm (3:30 pm, 3pm, 12 am)";
const CLOCK = /^(\d{1,2})(?:[:.](\d{2})(?::(\d{2}))?)?(?:\s*([ap])\.?\s*m\.?)?$/;

/** minutes since midnight (0 ... 1439) */
export function parseClockTime(input: unknown, field = "time"): Parsed<number> {
  if (typeof input !== "string" || input.trim() === "") return unreadable(`${field} must be a clock time: ${FORMS}`);
  const text = input.trim().toLowerCase();
  if (text === "noon" || text === "midday") return parsed(12 * 60);
  if (text === "midnight") return parsed(0);
  const match = CLOCK.exec(text);
  if (!match) return unreadable(`${field} ${shown(input)} is not a clock time: ${FORMS}`);
  const [, hourText, minuteText, secondText, meridiem] = match;
  if (minuteText === undefined && meridiem === undefined) return unreadable(`${field} ${shown(input)} is a bare number; write ${FORMS}`);
  let hour = Number(hourText);
  const minute = Number(minuteText ?? 0);
  if (minute > 59 || Number(secondText ?? 0) > 59) return unreadable(`${field} ${shown(input)} has minutes or seconds above 59`);
  if (secondText !== undefined && Number(secondText) !== 0) return unreadable(`${field} ${shown(input)}: times are kept to the minute; drop the seconds`);
  if (meridiem) {
    if (hour < 1 || hour > 12) return unreadable(`${field} ${shown(input)}: a 12-hour time has hours 1 to 12`);
    hour = (hour % 12) + (meridiem === "p" ? 12 : 0);
  } else if (hour > 23) {
    return unreadable(`${field} ${shown(input)}: hours run from 00 to 23`);
  }
  return parsed(hour * 60 + minute);
}
