"use client";
// The signed-in frame: sidebar on wide screens, a collapsible menu on phones, the account switcher and the user.
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { SignOutButton } from "./sign-out-button";

export interface NavItem {
  href: string;
  label: string;
  /** a count of what waits there ("3 waiting"); the server counts it when the page loads or refreshes */
  badge?: { count: number; label: string };
}

export interface ShellProps {
  account: { key: string; name: string };
  roleLabel: string;
  user: { name: string; email: string };
  accounts: Array<{ key: string; name: string }>;
  nav: NavItem[];
  children: React.ReactNode;
}

export function AppShell({ account, roleLabel, user, accounts, nav, children }: ShellProps) {
  const pathname = usePathname();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  // Close the phone menu after navigating.
  useEffect(() => setMenuOpen(false), [pathname]);
  // Says the page is interactive: a click before hydration does nothing, so automated browsers (the end-to-end
  // tests) wait for this before they act.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);

  // the most specific item matching the path is the current one ("Alert rules" rather than "Alerts" on its page)
  const current = nav
    .filter((item) => pathname === item.href || pathname.startsWith(`${item.href}/`))
    .reduce<NavItem | null>((best, item) => (!best || item.href.length > best.href.length ? item : best), null);

  const sidebar = (
    <div className="flex h-full flex-col gap-6">
      <AccountSwitcher current={account} accounts={accounts} />
      <nav aria-label="Main">
        <ul className="space-y-1">
          {nav.map((item) => {
            const active = item.href === current?.href;
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  aria-current={active ? "page" : undefined}
                  className={`flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm font-medium ${
                    active ? "bg-blue-50 text-blue-800" : "text-slate-700 hover:bg-slate-100"
                  }`}
                >
                  {item.label}
                  {item.badge ? (
                    <>
                      <span className="sr-only">{`${item.badge.count} ${item.badge.label}`}</span>
                      <span aria-hidden className="rounded-full bg-blue-600 px-2 py-0.5 text-xs font-semibold text-white">
                        {item.badge.count}
                      </span>
                    </>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="mt-auto border-t border-slate-200 pt-4 text-sm">
        <p className="truncate font-medium text-slate-900">{user.name}</p>
        <p className="truncate text-slate-500">{user.email}</p>
        <p className="mt-1 text-xs text-slate-500">Role: {roleLabel}</p>
        <Link href={`/a/${account.key}/profile`} className="mt-2 inline-block text-sm font-medium text-blue-700 hover:underline">
          Your profile and password
        </Link>
        <SignOutButton className="mt-3 w-full" />
      </div>
    </div>
  );

  return (
    <div className="min-h-screen md:flex">
      <header className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 md:hidden">
        <Brand />
        <button
          type="button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
          className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300"
        >
          {menuOpen ? "Close menu" : "Menu"}
        </button>
      </header>
      {menuOpen ? (
        <div id={menuId} className="border-b border-slate-200 bg-white p-4 md:hidden">
          {sidebar}
        </div>
      ) : null}
      <aside className="hidden w-64 shrink-0 border-r border-slate-200 bg-white p-4 md:sticky md:top-0 md:flex md:h-screen md:flex-col md:overflow-y-auto">
        <div className="mb-6">
          <Brand />
        </div>
        {sidebar}
      </aside>
      <main className="min-w-0 flex-1 p-4 md:p-8">
        <div className="mx-auto max-w-6xl">{children}</div>
      </main>
    </div>
  );
}

function Brand() {
  return (
    <Link href="/" className="flex items-center gap-2">
      <img src="/icon.svg" alt="" width={28} height={28} />
      <span className="text-lg font-semibold tracking-tight text-blue-900">Fleetline</span>
    </Link>
  );
}

function AccountSwitcher({ current, accounts }: { current: { key: string; name: string }; accounts: Array<{ key: string; name: string }> }) {
  const router = useRouter();
  const id = useId();
  if (accounts.length < 2) {
    return (
      <div>
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Account</p>
        <p className="truncate text-sm font-semibold text-slate-900">{current.name}</p>
      </div>
    );
  }
  return (
    <div>
      <label htmlFor={id} className="text-xs font-medium uppercase tracking-wide text-slate-500">
        Account
      </label>
      <select
        id={id}
        value={current.key}
        onChange={(event) => router.push(`/a/${event.target.value}/dashboard`)}
        className="mt-1 block w-full rounded-md border-0 bg-white px-2 py-2 text-sm font-semibold ring-1 ring-inset ring-slate-300"
      >
        {accounts.map((account) => (
          <option key={account.key} value={account.key}>
            {account.name}
          </option>
        ))}
      </select>
    </div>
  );
}
