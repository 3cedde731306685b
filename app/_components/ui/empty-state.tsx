"use client";
// What a list shows when it has no rows yet: a title, what to do about it, and optionally the action that does it.

export function EmptyState({ title, children, action }: { title: string; children?: React.ReactNode; action?: React.ReactNode }) {
  return (
    <div className="rounded-lg border-2 border-dashed border-slate-300 px-6 py-10 text-center">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {children ? <div className="mx-auto mt-2 max-w-md text-sm text-slate-600">{children}</div> : null}
      {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
    </div>
  );
}
