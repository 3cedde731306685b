// The four counts of a preview or an import, as a row of figures.
import type { ImportStats } from "@/server/modules/imports/imports.schema";

const FIGURES: Array<{ key: keyof ImportStats; label: string; tone: string }> = [
  { key: "created", label: "Created", tone: "text-green-700" },
  { key: "updated", label: "Updated", tone: "text-blue-700" },
  { key: "skipped", label: "Skipped (blank)", tone: "text-slate-600" },
  { key: "failed", label: "Left out", tone: "text-red-700" },
];

export function ImportStatsFigures({ stats, future = false }: { stats: ImportStats; future?: boolean }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {FIGURES.map((figure) => (
        <div key={figure.key} className="rounded-md bg-slate-50 px-3 py-2 ring-1 ring-inset ring-slate-200">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
            {future ? `Will be ${figure.label.toLowerCase().replace(" (blank)", "")}` : figure.label}
          </dt>
          <dd className={`text-2xl font-semibold tabular-nums ${figure.tone}`} data-stat={figure.key}>
            {stats[figure.key].toLocaleString()}
          </dd>
        </div>
      ))}
    </dl>
  );
}
