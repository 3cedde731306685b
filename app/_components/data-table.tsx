// The table of a list card: full-bleed inside the card, scrolling sideways on narrow screens, a caption for screen
// readers and one header style. Columns that a phone hides carry their breakpoint in `className`
// ("hidden sm:table-cell"); the cells of the rows must do the same.

export interface Column {
  label: string;
  className?: string;
  /** the header is read to screen readers only (an actions column) */
  srOnly?: boolean;
}

/** the last column of lists whose rows have Edit / Delete buttons */
export const ACTIONS_COLUMN: Column = { label: "Actions", className: "text-right", srOnly: true };

/** a row's cell under ACTIONS_COLUMN: its buttons on one line, at the right like the column's header */
export function ActionsCell({ children }: { children: React.ReactNode }) {
  return <td className="whitespace-nowrap px-4 py-3 text-right">{children}</td>;
}

export function DataTable({ caption, columns, children }: { caption: string; columns: Column[]; children: React.ReactNode }) {
  return (
    <div className="-mx-4 overflow-x-auto">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={`px-4 py-2 font-medium ${column.className ?? ""}`}>
                {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
