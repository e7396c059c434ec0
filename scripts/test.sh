#!/usr/bin/env bash
# `npm test`, the one command that runs every check: install (when needed), build, lint + typecheck,
# Jest (unit and integration, every project), Playwright e2e. Ends with the line `N passed, N failed`
# (Jest's and Playwright's tests added up) and exits non-zero if any step failed.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/start.sh"
set +e

# Integration tests use these when they answer; otherwise Jest's global setup starts local ones.
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
export TEST_REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"

reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT
failed_steps=()
passed=0
failed=0

# Adds a report's counts to the totals: prints "passed failed", or nothing when the report is missing or unreadable.
count() {
  node -e '
    const fs = require("fs");
    try {
      const r = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
      if (process.argv[2] === "jest") console.log(r.numPassedTests, r.numFailedTests + (r.numRuntimeErrorTestSuites || 0));
      else console.log((r.stats.expected || 0) + (r.stats.flaky || 0), r.stats.unexpected || 0);
    } catch {}' "$1" "$2"
}

# Runs a test step and adds its counts; a failed step that reported no failing test counts as one failure.
tally() {
  local name=$1 status=$2 report=$3 kind=$4
  local counts
  counts=$(count "$report" "$kind")
  local p=0 f=0
  [[ -n "$counts" ]] && read -r p f <<<"$counts"
  if ((status != 0)); then
    failed_steps+=("$name")
    ((f == 0)) && f=1
  fi
  passed=$((passed + p))
  failed=$((failed + f))
}

if ! ensure_installed; then
  echo "npm install failed"
  echo "0 passed, 1 failed"
  exit 1
fi

build_all || failed_steps+=(build)

echo "==> lint and typecheck"
{ npx nx run-many -t lint typecheck && npx prettier --check . --log-level warn; } || failed_steps+=(lint)

echo "==> jest"
# --forceExit: a test that leaves a handle open must fail loudly in its own suite, not hang CI.
npx jest --ci --json --outputFile="$reports/jest.json" --forceExit
tally jest $? "$reports/jest.json" jest

echo "==> playwright"
if [[ -f e2e/playwright.config.ts ]]; then
  PLAYWRIGHT_JSON_OUTPUT_FILE="$reports/playwright.json" npx playwright test -c e2e/playwright.config.ts --reporter=list,json
  tally e2e $? "$reports/playwright.json" playwright
else
  echo "e2e/playwright.config.ts is missing"
  tally e2e 1 /dev/null playwright
fi

echo
((${#failed_steps[@]} > 0)) && echo "Failed steps: ${failed_steps[*]}"
echo "$passed passed, $failed failed"
((${#failed_steps[@]} == 0))
