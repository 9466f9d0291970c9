// The organization's screens, one lazy chunk: members and invitations, API tokens, webhooks,
// settings, glossaries, translation memory, activity, analytics. Tabs the role cannot use are hidden.
import type { ReactNode } from "react";
import type { Permission } from "../api/session";
import { useCan } from "../api/session";
import { Link } from "../router/router";
import { ActivitySection } from "./activity-section";
import { AnalyticsSection } from "./analytics-section";
import { GlossariesSection } from "./glossaries-section";
import { MembersSection } from "./members-section";
import { SettingsSection } from "./settings-section";
import { TmSection } from "./tm-section";
import { TokensSection } from "./tokens-section";
import { WebhooksSection } from "./webhooks-section";

const SECTIONS: { id: string; label: string; needs: Permission; render: () => ReactNode }[] = [
  { id: "members", label: "Members", needs: "projects.read", render: () => <MembersSection /> },
  { id: "tokens", label: "API tokens", needs: "tokens.manage", render: () => <TokensSection /> },
  { id: "webhooks", label: "Webhooks", needs: "webhooks.manage", render: () => <WebhooksSection /> },
  { id: "settings", label: "Settings", needs: "organization.manage", render: () => <SettingsSection /> },
  { id: "glossaries", label: "Glossaries", needs: "glossary.read", render: () => <GlossariesSection /> },
  { id: "tm", label: "Translation memory", needs: "tm.read", render: () => <TmSection /> },
  { id: "activity", label: "Activity", needs: "activity.read", render: () => <ActivitySection /> },
  { id: "analytics", label: "Analytics", needs: "analytics.read", render: () => <AnalyticsSection /> },
];

export default function OrganizationScreen({ section }: { section: string }) {
  const can = useCan();
  const visible = SECTIONS.filter((s) => can(s.needs));
  const current = visible.find((s) => s.id === section) ?? visible[0];
  return (
    <div className="org">
      <nav className="tabs" aria-label="Organization">
        {visible.map((s) => (
          <Link key={s.id} to={`/organization/${s.id}`} aria-current={s.id === current?.id ? "page" : undefined}>
            {s.label}
          </Link>
        ))}
      </nav>
      <section className="org-body">{current ? current.render() : <p>Nothing here for your role.</p>}</section>
    </div>
  );
}
