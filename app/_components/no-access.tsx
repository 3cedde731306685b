import { PageHeader } from "./ui/page-header";

/** What a role sees on a page it may not use (the navigation hides the link; the API refuses anyway). */
export function NoAccess({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <div role="alert" className="rounded-lg bg-white p-6 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200">
        Your role in this account does not include this page. Ask an administrator of the account if you need it.
      </div>
    </>
  );
}
