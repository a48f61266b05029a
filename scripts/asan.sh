#!/usr/bin/env bash
# AddressSanitizer + UndefinedBehaviorSanitizer (the asan preset) over the test suites.
#   scripts/asan.sh          every suite, through ctest --preset asan
#   scripts/asan.sh --subset the suites CI runs: core, db, refresh, plan, actuals, calibrate and the fault suite (with
#                            three runs per concurrency test), built and run on their own
# Fails on any test failure or sanitizer report (UBSan halts on error).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh >/dev/null
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
cmake --preset asan >/dev/null

if [ "${1:-}" != "--subset" ]; then
    cmake --build --preset asan -j "$(nproc)"
    GPUPLANNER_FAULT_RUNS="${GPUPLANNER_FAULT_RUNS:-3}" ctest --preset asan -j "$(nproc)"
    exit
fi

suites=(core/gpuplanner_core_tests db/gpuplanner_db_tests refresh/gpuplanner_refresh_tests
        plan/gpuplanner_plan_tests fault/gpuplanner_fault_tests actuals/gpuplanner_actuals_tests
        calibrate/gpuplanner_calibrate_tests)
targets=(gpu-planner-cli)
for s in "${suites[@]}"; do targets+=("$(basename "$s")"); done
cmake --build --preset asan -j "$(nproc)" --target "${targets[@]}"
status=0
for s in "${suites[@]}"; do
    echo "asan: $s"
    GPUPLANNER_FAULT_RUNS="${GPUPLANNER_FAULT_RUNS:-3}" "build/asan/tests/$s" --gtest_brief=1 || status=1
done
exit "$status"
