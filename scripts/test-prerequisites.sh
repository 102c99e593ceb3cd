#!/usr/bin/env bash
# Run before `npm test`: the system packages the suite needs that npm cannot bring — Debian's
# Chromium headless shell for the browser tests (never a browser download; test/e2e/browser.ts
# takes the full chromium when only that is there) and an emoji font for its pages.
# Installs them when missing and apt-get is usable (root); otherwise says what is missing, and
# the browser tests then fail with the same message.
set -euo pipefail

need=()
[ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ] || [ -x /usr/bin/chromium-headless-shell ] ||
  need+=(chromium-headless-shell)
if command -v dpkg >/dev/null 2>&1; then
  dpkg -s fonts-noto-color-emoji >/dev/null 2>&1 || need+=(fonts-noto-color-emoji)
fi
[ "${#need[@]}" -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq "${need[@]}" >/dev/null
else
  echo "test prerequisites missing: ${need[*]} (install them: apt-get install -y ${need[*]})" >&2
fi
