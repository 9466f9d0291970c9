#!/usr/bin/env bash
# Installs everything a fresh machine needs: pnpm (pinned), the workspace's packages (which also
# generates the Prisma client), and, from Debian's packages when running as root, the tools the
# test suite uses: Chromium (browser tests, driven by playwright-core; nothing downloads a
# browser), the formats' own tools as independent readers (gettext, xmllint, aapt,
# translate-toolkit, polib, plistlib, lxml, PyYAML, PyICU), HAProxy (the scale-out test's load balancer)
# and a C compiler (the native TM engine, packages/tm-engine; without one the service still runs and
# searches the translation memory in the database, but the engine's tests fail).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version)" != "10.34.9" ]; then
  npm install -g pnpm@10.34.9
fi

# command → Debian package
declare -A TOOLS=(
  [msgfmt]=gettext [xmllint]=libxml2-utils [chromium]=chromium [aapt]=aapt
  [po2prop]=translate-toolkit [haproxy]=haproxy [cc]=gcc
)
missing=()
for cmd in "${!TOOLS[@]}"; do command -v "$cmd" >/dev/null 2>&1 || missing+=("${TOOLS[$cmd]}"); done
# The formats' independent readers run on Debian's own Python (the python3 first on PATH may be
# another one): polib, lxml, PyYAML and PyICU (ICU4C's MessageFormat) are Debian packages.
for mod in polib:python3-polib lxml:python3-lxml yaml:python3-yaml icu:python3-icu; do
  /usr/bin/python3 -c "import ${mod%%:*}" 2>/dev/null || missing+=("${mod#*:}")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing from Debian: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "note: install ${missing[*]} (Debian packages) to run the browser, file-format and scale-out tests" >&2
  fi
fi

pnpm install --frozen-lockfile
