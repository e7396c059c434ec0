#!/usr/bin/env bash
# `npm start`: install (when needed), build everything, then run the launcher, which brings up the services the
# environment doesn't name (PostgreSQL, Redis, an S3 store under .data/) and serves the app.
# seed.sh and test.sh source this file for ensure_installed and build_all.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

export NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false

# Installs when node_modules is missing or the lock file changed since the last install.
ensure_installed() {
  if [[ ! -d node_modules || ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
    echo "==> npm install"
    npm install --no-audit --no-fund
    # npm may leave the lock file newer than its own copy; without this every run would reinstall.
    touch node_modules/.package-lock.json
  fi
}

# Libraries, API (tsc) and web app (vite); Nx skips what its cache already holds.
build_all() {
  echo "==> build"
  npx nx run-many -t build
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  ensure_installed
  build_all
  exec node apps/api/dist/launcher/start.js
fi
