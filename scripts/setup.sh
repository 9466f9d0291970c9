#!/usr/bin/env bash
# Installs everything a fresh machine needs: pnpm (pinned), the workspace's packages (which also
# generates the Prisma client), and — for the test suite's independent file-format validators —
# gettext (msgfmt/msgunfmt) and xmllint from Debian's packages when running as root.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version)" != "10.34.9" ]; then
  npm install -g pnpm@10.34.9
fi

if ! command -v msgfmt >/dev/null 2>&1 || ! command -v xmllint >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gettext libxml2-utils >/dev/null
  else
    echo "note: install gettext and libxml2-utils to run the file-format validator tests" >&2
  fi
fi

pnpm install --frozen-lockfile
