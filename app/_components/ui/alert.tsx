"use client";
// A message box in four tones. Errors are role="alert" (read at once); the others are role="status" (read when idle).

export function Alert({ tone = "error", children }: { tone?: "error" | "warning" | "success" | "info"; children: React.ReactNode }) {
  const styles = {
    error: "bg-red-50 text-red-800 ring-red-200",
    warning: "bg-amber-50 text-amber-900 ring-amber-200",
    success: "bg-green-50 text-green-800 ring-green-200",
    info: "bg-blue-50 text-blue-800 ring-blue-200",
  }[tone];
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md px-3 py-2 text-sm ring-1 ring-inset ${styles}`}>
      {children}
    </div>
  );
}
