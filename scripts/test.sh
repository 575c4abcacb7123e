#!/usr/bin/env bash
# The whole test suite: static checks, unit and server tests, then the browser journeys.
set -euo pipefail
cd "$(dirname "$0")/.."

# The browser journeys need Debian's chromium, and pdftoppm (poppler-utils) to look at an export.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v pdftoppm >/dev/null || missing+=(poppler-utils)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing Debian's ${missing[*]} for the browser tests"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "Missing for the browser tests: install Debian's ${missing[*]} (apt-get install ${missing[*]})." >&2
    exit 1
  fi
fi

echo "== typecheck"; npm run --silent typecheck
echo "== lint"; npm run --silent lint
echo "== unit and server tests"; npx vitest run
echo "== build"; npx vite build --logLevel warn
echo "== bundle budget"; npx tsx scripts/bundle-budget.ts
echo "== browser journeys"; npx playwright test
