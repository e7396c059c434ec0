#!/usr/bin/env bash
# `npm run seed`: migrations and demo data, on the services `npm start` uses (started here only if missing).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/start.sh"

ensure_installed
echo "==> build api"
npx nx run @library/api:build
exec node apps/api/dist/launcher/seed-cli.js
