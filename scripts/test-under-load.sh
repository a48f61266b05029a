#!/usr/bin/env bash
# The whole test suite RUNS times in a row (default 3) while a CPU hog keeps every core busy
# (one `yes > /dev/null` per core, ended by PID when this script exits, however it exits):
# proof that no test depends on how fast the machine is. Builds the dev preset first.
#   scripts/test-under-load.sh [RUNS=3]
# Prints each run's summary and time; exits non-zero when any run failed.
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:-3}"
if ! [[ "$runs" =~ ^[0-9]+$ ]] || [ "$runs" -lt 1 ]; then
    echo "usage: $0 [RUNS]" >&2
    exit 2
fi
./scripts/install-deps.sh >/dev/null
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
cmake --preset dev >/dev/null
cmake --build --preset dev -j "$(nproc)"

hogs=()
stop_hogs() {
    for pid in "${hogs[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${hogs[@]}"; do wait "$pid" 2>/dev/null || true; done
}
trap stop_hogs EXIT
for _ in $(seq "$(nproc)"); do
    yes >/dev/null &
    hogs+=("$!")
done
echo "test-under-load: CPU hog on $(nproc) cores (pids ${hogs[*]})"

failed=0
for run in $(seq "$runs"); do
    log="build/dev/test-under-load-$run.log"
    start=$SECONDS
    status=0
    ctest --preset dev -j "$(nproc)" >"$log" 2>&1 || status=$?
    summary="$(grep -E 'tests passed|tests failed' "$log" | tail -1)"
    echo "test-under-load: run $run of $runs: ${summary:-no summary} in $((SECONDS - start)) s (log: $log)"
    if [ "$status" -ne 0 ]; then
        failed=$((failed + 1))
        sed -n '/The following tests FAILED/,$p' "$log"
    fi
done
echo "test-under-load: $((runs - failed)) of $runs runs green under the CPU hog"
[ "$failed" -eq 0 ]
