// Every organization route takes the literal `current` as its orgId (the caller's organization).
// The organization settings and member routes are documented that way (`/organizations/current`,
// `/organizations/current/members/...`), so they appear in the document as their own paths: a
// copy of the `{orgId}` operation without the orgId parameter, operationId suffixed `Current`.

type Operation = { operationId?: string; parameters?: { in?: string; name?: string }[]; [k: string]: unknown };
type PathItem = Record<string, Operation>;

const ORG_PREFIX = "/organizations/{orgId}";
/** The organization itself and its members: the paths clients know as `current`. */
const CURRENT_FAMILY = /^\/organizations\/\{orgId\}(?:\/members(?:\/.*)?)?$/;

/** Adds the `current` paths; returns each added path with the `{orgId}` path it copies. */
export function addCurrentOrganizationPaths(paths: Record<string, PathItem>): Map<string, string> {
  const aliasOf = new Map<string, string>();
  for (const [path, item] of Object.entries(paths)) {
    if (!CURRENT_FAMILY.test(path)) continue;
    const alias: PathItem = {};
    for (const [method, op] of Object.entries(item)) {
      alias[method] = {
        ...op,
        operationId: op.operationId ? `${op.operationId}Current` : undefined,
        parameters: op.parameters?.filter((p) => !(p.in === "path" && p.name === "orgId")),
      };
      if (alias[method]?.parameters?.length === 0) delete alias[method]?.parameters;
    }
    const aliasPath = `/organizations/current${path.slice(ORG_PREFIX.length)}`;
    paths[aliasPath] = alias;
    aliasOf.set(aliasPath, path);
  }
  return aliasOf;
}
