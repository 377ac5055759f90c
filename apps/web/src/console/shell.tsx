"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { type ReactNode, useState } from "react";

import { consolePages } from "./nav";
import { ORG_COOKIE } from "./org-cookie";
import { LowCreditBanner } from "./pages/alert-settings";
import { useTRPC } from "./trpc";
import { ErrorState, Loading, NeedsRole } from "./ui";

/** The frame of every console page: navigation, organization switcher, who is signed in. */
export function Shell({ children, signOut }: { children: ReactNode; signOut: () => Promise<void> }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pathname = usePathname();
  const session = useQuery(trpc.session.current.queryOptions());
  const role = session.data?.active?.role;
  const isAdmin = role === "owner" || role === "admin";
  // On a phone the menu folds behind a button; it folds again once a page is chosen.
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }
  const adminPage = consolePages.find((p) => p.admin && p.href === pathname);

  function switchOrg(orgId: string) {
    document.cookie = `${ORG_COOKIE}=${encodeURIComponent(orgId)}; path=/; samesite=lax; max-age=31536000`;
    // Every cached answer belonged to the previous organization.
    void queryClient.resetQueries();
  }

  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <aside className="sidebar" data-open={menuOpen}>
        <div className="sidebar-top">
          <div className="brand">Tolk console</div>
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="console-menu"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            Menu
          </button>
        </div>
        <div id="console-menu" className="sidebar-menu">
          {session.data && session.data.organizations.length > 1 && (
            <div>
              <label htmlFor="org-switcher">Organization</label>
              <select
                id="org-switcher"
                value={session.data.active?.orgId ?? ""}
                onChange={(e) => switchOrg(e.target.value)}
              >
                {session.data.organizations.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name} ({o.role})
                  </option>
                ))}
              </select>
            </div>
          )}
          {session.data?.organizations.length === 1 && <div className="who">{session.data.active?.name}</div>}
          <nav aria-label="Console">
            <ul>
              {consolePages
                .filter((p) => !p.admin || isAdmin)
                .map((p) => (
                  <li key={p.href}>
                    <Link href={p.href} aria-current={pathname === p.href ? "page" : undefined}>
                      {p.label}
                    </Link>
                  </li>
                ))}
            </ul>
          </nav>
          <form action={signOut} className="sidebar-foot">
            {session.data?.user && (
              <p className="who">
                {session.data.user.email}
                {role && ` · ${role}`}
              </p>
            )}
            <p className="sidebar-links">
              <Link href="/account" aria-current={pathname === "/account" ? "page" : undefined}>
                Account
              </Link>
              <a href="/docs">API docs</a>
            </p>
            <button type="submit">Sign out</button>
          </form>
        </div>
      </aside>
      <main id="main" className="content">
        {session.isPending ? (
          <Loading what="your account" />
        ) : session.error ? (
          <ErrorState error={session.error} retry={() => void session.refetch()} />
        ) : !session.data.active && pathname !== "/account" ? (
          <div className="alert warn">
            You are not a member of any organization yet. Ask an admin for an invitation link.
          </div>
        ) : adminPage && !isAdmin ? (
          // Opened by URL: the server refuses its data anyway; say why instead of showing forms.
          <>
            <h1>{adminPage.label}</h1>
            <NeedsRole
              page={adminPage.label}
              message={`Only an owner or admin of this organization can manage ${adminPage.label.toLowerCase()}; you are ${role ?? "not a member"}.`}
            />
          </>
        ) : (
          <>
            <LowCreditBanner />
            {children}
          </>
        )}
      </main>
    </div>
  );
}
