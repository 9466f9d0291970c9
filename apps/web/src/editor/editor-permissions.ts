// What the editor offers the signed-in member in a project: derived here, once, from `auth.me`'s
// permissions (the server's role table) and the project's state, so screens ask "may I?" rather
// than knowing the roles. The server still checks every call; these only decide what is shown.
import { useMemo } from "react";
import { useSession } from "../api/session";

export interface EditorPermissions {
  /** Change translation values (inline editor, suggestions, revert). */
  editTranslations: boolean;
  /** Create, rename, tag and delete keys (one at a time or the selected rows). */
  manageKeys: boolean;
  /** Select rows for the bulk actions (offered only when some bulk action is allowed). */
  bulkActions: boolean;
  /** Mark reviewed, approve, and reject back to translated. */
  review: boolean;
  ai: boolean;
  import: boolean;
  /** Why a value cannot be edited here, to show when the member tries; null when editing is allowed. */
  editRefusal: string | null;
}

const ROLE_NOTE: Partial<Record<string, string>> = {
  reviewer: "Reviewers review, approve, reject and comment on translations; a translator or developer changes the text.",
};

export function editRefusalFor(role: string, canWrite: boolean, archived: boolean): string | null {
  if (archived) return "This project is archived and read-only: translations cannot be edited.";
  if (canWrite) return null;
  return `Your role (${role}) cannot edit translations. ${ROLE_NOTE[role] ?? "Ask an administrator for a role that can."}`;
}

export function useEditorPermissions(project: { archived: boolean } | undefined): EditorPermissions {
  const me = useSession();
  return useMemo(() => {
    const has = (p: (typeof me.permissions)[number]) => me.permissions.includes(p);
    const open = !!project && !project.archived;
    const canWrite = has("translations.write");
    return {
      editTranslations: canWrite && open,
      manageKeys: has("keys.write") && open,
      bulkActions: has("keys.write") && open,
      review: has("translations.review") && open,
      ai: has("ai") && open,
      import: has("import") && open,
      editRefusal: editRefusalFor(me.role, canWrite, !!project?.archived),
    };
  }, [me, project]);
}
