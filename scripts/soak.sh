#!/usr/bin/env bash
# The long part of the fault suite (issue 18), run by hand: the concurrent-writer, kill -9 and
# first-run tests of tests/fault with many more runs than CI uses, then the secret-leak and
# hostile-input tests once. Prints the counts of every part and exits non-zero on any failure.
#   scripts/soak.sh [RUNS=200]
# Builds the dev preset first (warnings are errors). Expect about 2.5 s per paired refresh.
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:-200}"
if ! [[ "$runs" =~ ^[0-9]+$ ]] || [ "$runs" -lt 1 ]; then
    echo "usage: $0 [RUNS]" >&2
    exit 2
fi
./scripts/install-deps.sh >/dev/null
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
cmake --preset dev >/dev/null
cmake --build --preset dev -j "$(nproc)" --target gpuplanner_fault_tests gpu-planner-cli

suite=build/dev/tests/fault/gpuplanner_fault_tests
log="$(mktemp -t gpu-planner-soak.XXXXXX)"
status=0
GPUPLANNER_FAULT_RUNS="$runs" "$suite" --gtest_filter='ConcurrentWriters.*' >"$log" 2>&1 || status=$?
"$suite" --gtest_filter='SecretLeaks.*:Redact.*:Hostile*' >>"$log" 2>&1 || status=$?

echo "soak: $runs runs per concurrency test"
grep -E '^\[ fault    \]' "$log" || true
passed=$(grep -c '^\[       OK \]' "$log" || true)
failed=$(grep -c '^\[  FAILED  \] [A-Za-z]*\.' "$log" || true)
echo "soak: $passed tests passed, $failed failed (log: $log)"
if [ "$status" -ne 0 ]; then
    grep -E 'Failure|FAILED' -A4 "$log" | head -60
fi
exit "$status"
