"use client";
// A tag as a small pill in its own colour (a swatch dot and the name, readable on any colour), and a group as a
// plain pill named by its path.

export function TagChip({ name, color }: { name: string; color: string }) {
  return (
    <span className="inline-flex max-w-full items-center gap-1 rounded-full bg-white px-2 py-0.5 text-xs font-medium text-slate-800 ring-1 ring-inset ring-slate-300">
      <span aria-hidden className="h-2.5 w-2.5 shrink-0 rounded-full" style={{ background: color }} />
      <span className="truncate">{name}</span>
    </span>
  );
}

export function GroupChip({ path }: { path: string }) {
  return (
    <span className="inline-flex max-w-full items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
      <span className="truncate">{path}</span>
    </span>
  );
}
