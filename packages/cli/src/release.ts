// `locale-cli release create|list|rollback` (docs/delivery.md): publish a numbered release of the
// project for the public delivery, list the releases (which one `latest` serves, and where), and
// point `latest` back at an earlier one.
import type { Command } from "./command";
import { type CommandContext, log } from "./io";
import { UsageError } from "./usage-error";

const list = (value: unknown) =>
  typeof value === "string"
    ? value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;

async function run({ client, config, io, flags, positionals }: CommandContext): Promise<number> {
  const [action, ...rest] = positionals ?? [];
  const projectId = config.projectId;
  if (action === "create") {
    if (rest.length > 0) throw new UsageError(`release create takes no arguments (got "${rest.join(" ")}")`);
    const release = await client.releases.create(projectId, {
      ...(list(flags.languages) ? { languages: list(flags.languages) } : {}),
      ...(list(flags.statuses) ? { statuses: list(flags.statuses) as ("translated" | "reviewed" | "approved")[] } : {}),
      ...(typeof flags.format === "string" ? { format: flags.format } : {}),
      ...(typeof flags.placeholders === "string" ? { placeholders: flags.placeholders } : {}),
      ...(typeof flags.note === "string" ? { note: flags.note } : {}),
    });
    const delivery = await client.releases.delivery(projectId);
    if (flags.json === true) {
      log(io, JSON.stringify({ release, delivery }, null, 2));
      return 0;
    }
    log(
      io,
      `Release ${release.version} published (${release.format}, statuses ${release.statuses.join(", ")}); latest → ${release.version}`,
    );
    for (const f of release.files) log(io, `  ${f.fileName.padEnd(16)} ${String(f.entries).padStart(6)} keys  ${f.bytes} bytes`);
    if (delivery.baseUrl)
      log(io, `Delivery: ${delivery.baseUrl}/latest/<language>.${release.files[0]?.fileName.split(".").pop() ?? "json"}`);
    return 0;
  }
  if (action === "list") {
    if (rest.length > 0) throw new UsageError(`release list takes no arguments (got "${rest.join(" ")}")`);
    const [releases, delivery] = await Promise.all([client.releases.list(projectId), client.releases.delivery(projectId)]);
    if (flags.json === true) {
      log(io, JSON.stringify({ releases, delivery }, null, 2));
      return 0;
    }
    if (releases.length === 0) log(io, "No releases yet.");
    for (const r of releases) {
      const languages = r.files.map((f) => `${f.language}:${f.entries}`).join(" ");
      log(
        io,
        `${r.latest ? "*" : " "} ${String(r.version).padStart(4)}  ${r.created}  ${r.format}  ${languages}${r.note ? `  ${r.note}` : ""}`,
      );
    }
    if (delivery.baseUrl) log(io, `Delivery: ${delivery.baseUrl}/manifest.json`);
    return 0;
  }
  if (action === "rollback") {
    const version = rest[0];
    if (rest.length !== 1 || !/^[1-9][0-9]*$/.test(version!))
      throw new UsageError("release rollback takes one release number, e.g. `release rollback 3`");
    const delivery = await client.releases.rollback(projectId, version!);
    if (flags.json === true) log(io, JSON.stringify(delivery, null, 2));
    else log(io, `latest → ${delivery.latestVersion}`);
    return 0;
  }
  throw new UsageError(
    action ? `unknown release action "${action}" (create, list, rollback)` : "release needs an action: create, list or rollback",
  );
}

export const release: Command = {
  name: "release",
  summary: "publish a release for the public delivery; list releases; roll back",
  positionals: true,
  options: {
    languages: { type: "string" },
    statuses: { type: "string" },
    format: { type: "string" },
    placeholders: { type: "string" },
    note: { type: "string" },
    json: { type: "boolean" },
  },
  help: `Usage: locale-cli release create [--languages a,b] [--statuses approved,reviewed] [--format id] [--placeholders style] [--note text]
       locale-cli release list
       locale-cli release rollback <version>

Publishes an immutable, numbered release of the project: only values with one of the statuses
(default approved) and without an error-level quality issue. Applications read it, without an API
key, from <service>/delivery/<deliveryId>/<version|latest>/<language>.<ext>.

  --languages <a,b>       project languages to publish (default: every one)
  --statuses <a,b>        translated, reviewed, approved (default: approved)
  --format <id>           file format (default json-flat)
  --placeholders <style>  write placeholders as printf, python, android, ios, i18next, ruby or dotnet
  --note <text>           a note kept with the release
  --json                  print the answer as JSON`,
  run,
};
