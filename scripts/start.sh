#!/usr/bin/env bash
# Starts the service — or, with `worker`, the standalone worker — from compiled JavaScript.
# First it builds what changed (turbo, cached: the server, the worker and the web application the
# server serves at /), then it replaces itself with node: the process the user launched is the
# server, so a SIGTERM or SIGINT sent to it stops the service (`pnpm start` runs this with exec
# too, and pnpm passes the signal on to it).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
target="${1:-api}"
case "$target" in
  api) filters=(--filter=@locale/api... --filter=@locale/web...) ;;
  worker) filters=(--filter=@locale/worker...) ;;
  *) echo "usage: scripts/start.sh [api|worker]" >&2; exit 2 ;;
esac

echo "building (only what changed since the last build)..." >&2
(cd "$root" && pnpm exec turbo run build "${filters[@]}" --output-logs=errors-only >&2)

# No --enable-source-maps: it parses the source maps of every package loaded (≈ 55 MB more idle
# memory); set NODE_OPTIONS=--enable-source-maps for TypeScript lines in stack traces.
# The working directory is left as it was: a relative DATA_DIR means the directory the command
# was run in (under pnpm, which runs scripts from the package's directory, INIT_CWD names it).
exec node "$root/apps/$target/dist/main.js"
