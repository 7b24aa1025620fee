#!/usr/bin/env bash
# What `npm test` needs beyond npm packages: Debian's Chromium for the browser tests,
# PostgreSQL for the server suite's second engine and coturn, the TURN relay the call test
# starts on 127.0.0.1. Installs what is missing when it can (as root,
# from apt), otherwise stops at once and names the one command that installs it.
set -euo pipefail

missing=()
if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] || { echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable" >&2; exit 1; }
elif [ ! -x /usr/bin/chromium ]; then
  missing+=(chromium fonts-dejavu-core)
fi
if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  missing+=(postgresql)
fi
if [ ! -x "${TURNSERVER_PATH:-/usr/bin/turnserver}" ]; then
  missing+=(coturn)
fi

[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "The tests need Debian packages this machine lacks. Install them, then run npm test again:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi

echo "Installing what the tests need: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
