// GraphiQL served entirely from this service's origin. graphql-yoga's default page loads GraphiQL,
// its styles and Monaco's workers from a public CDN; @graphql-yoga/render-graphiql ships the same
// bundle inside the package. Its parts are served here as separate files under
// /graphql/graphiql/ (versioned by content hash, cached for a year) so a visit after the first
// costs a small HTML page, and the 9 MB module is loaded only when someone opens GraphiQL.
import { createHash } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { GraphiQLOptions } from "graphql-yoga";

const ASSET_PREFIX = "/graphiql/";

interface Asset {
  type: string;
  body: string | Buffer;
}

interface GraphiqlBundle {
  version: string;
  assets: Map<string, Asset>;
}

/** The package ships its icon as a 150 KB data: URL; served as a file it is cached like the rest. */
function iconAsset(dataUrl: string): Asset {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(dataUrl);
  return match
    ? { type: match[1] as string, body: Buffer.from(match[2] as string, "base64") }
    : { type: "image/x-icon", body: Buffer.alloc(0) };
}

let bundle: Promise<GraphiqlBundle> | null = null;

function loadBundle(): Promise<GraphiqlBundle> {
  bundle ??= import("@graphql-yoga/render-graphiql/graphiql").then((parts) => {
    const javascript = "text/javascript; charset=utf-8";
    const assets = new Map<string, Asset>([
      ["graphiql.js", { type: javascript, body: parts.js }],
      ["graphiql.css", { type: "text/css; charset=utf-8", body: parts.css }],
      // Monaco's workers, which the CDN page built from strings as blob: URLs.
      ["editor.worker.js", { type: javascript, body: parts.editorWorkerService }],
      ["json.worker.js", { type: javascript, body: parts.jsonWorker }],
      ["graphql.worker.js", { type: javascript, body: parts.graphqlWorker }],
      ["favicon.ico", iconAsset(parts.favicon)],
    ]);
    const hash = createHash("sha256");
    for (const asset of assets.values()) hash.update(asset.body);
    return { version: hash.digest("hex").slice(0, 12), assets };
  });
  return bundle;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

/** JSON that can sit inside a <script> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** The page yoga answers a browser's GET /graphql with (its `renderGraphiQL` option). */
export async function renderLocalGraphiql(options: GraphiQLOptions, mountPath = "/graphql"): Promise<string> {
  const { version } = await loadBundle();
  const asset = (name: string) => `${mountPath}${ASSET_PREFIX}${name}?v=${version}`;
  const workers = {
    editorWorkerService: asset("editor.worker.js"),
    json: asset("json.worker.js"),
    graphql: asset("graphql.worker.js"),
  };
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${escapeHtml(options.title ?? "GraphiQL")}</title>
    <link rel="icon" href="${asset("favicon.ico")}" />
    <link rel="stylesheet" href="${asset("graphiql.css")}" />
  </head>
  <body id="body" class="no-focus-outline">
    <noscript>You need to enable JavaScript to run GraphiQL.</noscript>
    <div id="root"></div>
    <script>
      const workers = ${scriptJson(workers)};
      self.MonacoEnvironment = { globalAPI: false, getWorkerUrl: (_moduleId, label) => workers[label] };
    </script>
    <script src="${asset("graphiql.js")}"></script>
    <script>
      YogaGraphiQL.renderYogaGraphiQL(document.querySelector("#root"), ${scriptJson(options)});
    </script>
  </body>
</html>`;
}

/** Serves GraphiQL's files under <mount>/graphiql/; anything else goes on to the GraphQL handler. */
export function graphiqlAssets() {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !req.path.startsWith(ASSET_PREFIX)) return next();
    const { version, assets } = await loadBundle();
    const asset = assets.get(req.path.slice(ASSET_PREFIX.length));
    if (!asset) return next();
    res
      .set("Content-Type", asset.type)
      .set("X-Content-Type-Options", "nosniff")
      .set("Cache-Control", req.query.v === version ? "public, max-age=31536000, immutable" : "no-cache")
      .send(asset.body);
  };
}
