// Route table and the signed-in shell. Screen groups are lazy chunks: the editor never loads the
// organization screens' code and vice versa.
import { lazy, Suspense } from "react";
import { SessionProvider, useMeQuery } from "./api/session";
import { Layout } from "./components/layout";
import { matchPath, Redirect, useLocation } from "./router/router";
import { AcceptInviteScreen } from "./screens/accept-invite";
import { ForgotPasswordScreen } from "./screens/forgot-password";
// Eager, not a lazy chunk: the module removes the reset token from the address bar as it loads.
import { ResetPasswordScreen } from "./screens/reset-password";
import { SignInScreen, SignUpScreen } from "./screens/sign-in";

const ProjectsScreen = lazy(() => import("./screens/projects"));
const ProjectSettingsScreen = lazy(() => import("./screens/project-settings"));
const EditorScreen = lazy(() => import("./editor/editor-screen"));
const ImportExportScreen = lazy(() => import("./screens/import-export"));
const LeverageScreen = lazy(() => import("./screens/leverage"));
const ReleasesScreen = lazy(() => import("./screens/releases"));
const ScreenshotsScreen = lazy(() => import("./screenshots/screenshots-screen"));
const RegionEditorScreen = lazy(() => import("./screenshots/region-editor-screen"));
const OrganizationScreen = lazy(() => import("./admin/organization-screen"));
const AccountScreen = lazy(() => import("./screens/account"));
const NotificationsScreen = lazy(() => import("./notifications/notifications-screen"));

type Route = { pattern: string; render: (p: Record<string, string>) => React.ReactNode };

const ROUTES: Route[] = [
  { pattern: "/", render: () => <ProjectsScreen /> },
  { pattern: "/projects/:projectId", render: (p) => <EditorScreen projectId={p.projectId!} /> },
  { pattern: "/projects/:projectId/settings", render: (p) => <ProjectSettingsScreen projectId={p.projectId!} /> },
  { pattern: "/projects/:projectId/files", render: (p) => <ImportExportScreen projectId={p.projectId!} /> },
  { pattern: "/projects/:projectId/leverage", render: (p) => <LeverageScreen projectId={p.projectId!} /> },
  { pattern: "/projects/:projectId/releases", render: (p) => <ReleasesScreen projectId={p.projectId!} /> },
  { pattern: "/projects/:projectId/screenshots", render: (p) => <ScreenshotsScreen projectId={p.projectId!} /> },
  {
    pattern: "/projects/:projectId/screenshots/:screenshotId",
    render: (p) => <RegionEditorScreen projectId={p.projectId!} screenshotId={p.screenshotId!} />,
  },
  { pattern: "/organization", render: () => <OrganizationScreen section="members" /> },
  { pattern: "/organization/:section", render: (p) => <OrganizationScreen section={p.section!} /> },
  { pattern: "/account", render: () => <AccountScreen /> },
  { pattern: "/notifications", render: () => <NotificationsScreen /> },
];

export function App() {
  const { pathname } = useLocation();
  const me = useMeQuery();
  if (pathname === "/accept-invite") return <AcceptInviteScreen />;
  // Signed in or not: a reset link opened in a signed-in browser still resets (and signs out).
  if (pathname === "/reset-password") return <ResetPasswordScreen />;
  if (pathname === "/forgot-password") return <ForgotPasswordScreen />;
  if (me.isPending)
    return (
      <p className="loading" role="status">
        Loading…
      </p>
    );
  if (me.isError)
    return (
      <p className="error" role="alert">
        The service could not be reached. Reload the page to try again.
      </p>
    );
  if (!me.data) {
    if (pathname === "/signup") return <SignUpScreen />;
    // `/sign-in` is where the identity-provider callback sends a refused sign-in (`?error=`).
    if (pathname === "/login" || pathname === "/sign-in") return <SignInScreen />;
    return <Redirect to={`/login${pathname !== "/" ? `?next=${encodeURIComponent(pathname)}` : ""}`} />;
  }
  if (pathname === "/login" || pathname === "/signup" || pathname === "/sign-in") return <Redirect to="/" />;
  for (const route of ROUTES) {
    const params = matchPath(route.pattern, pathname);
    if (params)
      return (
        <SessionProvider me={me.data}>
          <Layout>
            <Suspense
              fallback={
                <p className="loading" role="status">
                  Loading…
                </p>
              }
            >
              {route.render(params)}
            </Suspense>
          </Layout>
        </SessionProvider>
      );
  }
  return (
    <SessionProvider me={me.data}>
      <Layout>
        <h1>Page not found</h1>
        <p>
          Nothing lives at <code>{pathname}</code>. <a href="/">Go to the projects</a>.
        </p>
      </Layout>
    </SessionProvider>
  );
}
