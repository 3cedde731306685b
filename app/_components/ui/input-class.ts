// The one look of text inputs and selects (ring, focus, the red ring of aria-invalid), shared by the field
// components.

export const INPUT =
  "block w-full rounded-md border-0 px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-blue-600 aria-[invalid=true]:ring-red-500";
