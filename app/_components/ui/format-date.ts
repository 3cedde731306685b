// Dates and times as the dashboard prints them: the reader's locale, medium date and short time, "Never" for none.

export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return "Never";
  const date = typeof value === "string" ? new Date(value) : value;
  return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
