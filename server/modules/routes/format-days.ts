// ISO weekdays as a timetable writes them: consecutive days as a range ("Mon–Fri"), others listed ("Mon, Wed,
// Fri"), every day as "Daily". The text reads back through parseDays to the same days, so a form can show it and
// take it back unchanged.

const SHORT = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/** [1,2,3,4,5] -> "Mon–Fri"; [1,3,5] -> "Mon, Wed, Fri"; [] -> "" */
export function formatDays(days: readonly number[]): string {
  const sorted = [...new Set(days)].filter((day) => day >= 1 && day <= 7).sort((a, b) => a - b);
  if (sorted.length === 7) return "Daily";
  const runs: number[][] = [];
  for (const day of sorted) {
    const last = runs.at(-1);
    if (last && day === last.at(-1)! + 1) last.push(day);
    else runs.push([day]);
  }
  // two neighbouring days read better as a list ("Sat, Sun") than as a range
  return runs
    .flatMap((run) => (run.length > 2 ? [`${SHORT[run[0]! - 1]}–${SHORT[run.at(-1)! - 1]}`] : run.map((day) => SHORT[day - 1]!)))
    .join(", ");
}
