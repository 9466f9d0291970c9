import { useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useCan, useSession } from "../api/session";
import { trpc } from "../api/trpc";
import { NotificationBell } from "../notifications/notification-bell";
import { Link, navigate, useLocation } from "../router/router";

export function Layout({ children }: { children: ReactNode }) {
  const me = useSession();
  const can = useCan();
  const qc = useQueryClient();
  const { pathname } = useLocation();
  const signOut = async () => {
    await trpc.auth.logOut.mutate({}).catch(() => {});
    qc.clear();
    navigate("/login");
  };
  const current = (p: string) => (pathname === p || (p !== "/" && pathname.startsWith(p)) ? "page" : undefined);
  return (
    <div className="shell">
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link to="/" className="brand">
          Locale
        </Link>
        <nav aria-label="Main">
          <Link to="/" aria-current={current("/")}>
            Projects
          </Link>
          {(can("members.manage") || can("activity.read")) && (
            <Link to="/organization" aria-current={current("/organization")}>
              Organization
            </Link>
          )}
        </nav>
        <div className="who">
          <NotificationBell current={pathname === "/notifications"} />
          <span>
            {me.user.name} · {me.organization.name} · <span className="role">{me.role}</span>
          </span>
          <Link to="/account" aria-current={current("/account")}>
            Your account
          </Link>
          <button type="button" className="link" onClick={signOut}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main">{children}</main>
    </div>
  );
}
