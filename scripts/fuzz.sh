#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz) with clang in build/fuzz and runs each for a short
# time, seeded from tests/fuzz/corpus/<target>. Fails when any target finds a crash, leak,
# sanitizer report or timeout; the input that did it is left in build/fuzz/artifacts/<target>/.
#   scripts/fuzz.sh [SECONDS_PER_TARGET=15] [TARGET ...]
# Environment: JOBS (build parallelism, default nproc), FUZZ_BUILD_DIR (default build/fuzz),
#   FUZZ_SEED (libFuzzer's random seed; unset picks a new one each run, CI fixes it so that a
#   clean clone explores the same inputs each time and a failure can be replayed).
# Reproduce a crash: build/fuzz/fuzz/<Target> build/fuzz/artifacts/<Target>/crash-...
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-15}"
shift || true
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
    echo "usage: $0 [SECONDS_PER_TARGET] [TARGET ...]" >&2
    exit 2
fi
build="${FUZZ_BUILD_DIR:-build/fuzz}"
jobs="${JOBS:-$(nproc)}"

# clang and its runtime (libFuzzer, ASan, UBSan); apt only for what is missing.
missing=()
for pkg in clang libclang-rt-14-dev; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
    as_root=()
    [ "$(id -u)" -eq 0 ] || as_root=(sudo)
    "${as_root[@]}" apt-get update
    DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
fi

launcher=()
command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DGPUPLANNER_FUZZ=ON -DGPUPLANNER_BUILD_TESTS=OFF -DGPUPLANNER_BUILD_BENCHMARKS=OFF "${launcher[@]}" >/dev/null
cmake --build "$build" --target gpuplanner_fuzzers -j "$jobs"

if [ "$#" -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < "$build/fuzz/targets.txt"
fi

export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
seed=()
[ -n "${FUZZ_SEED:-}" ] && seed=(-seed="$FUZZ_SEED")
failed=()
start=$SECONDS
for target in "${targets[@]}"; do
    binary="$build/fuzz/$target"
    [ -x "$binary" ] || { echo "no fuzz target $target" >&2; exit 2; }
    # New inputs go to the build tree; the checked-in seeds stay as they are.
    work="$build/corpus/$target"
    artifacts="$build/artifacts/$target"
    log="$build/logs/$target.log"
    mkdir -p "$work" "$artifacts" "$(dirname "$log")"
    seeds=()
    [ -d "tests/fuzz/corpus/$target" ] && seeds=("tests/fuzz/corpus/$target")
    printf '%-26s ' "$target"
    if "$binary" "${seed[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -dict=tests/fuzz/common.dict -artifact_prefix="$artifacts/" "$work" "${seeds[@]}" >"$log" 2>&1; then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
        echo "ok (${runs:-?} runs)"
    else
        echo "FAILED (log: $log)"
        grep -E 'ERROR: |runtime error: |fuzz invariant|SUMMARY: |Test unit written' "$log" | head -8 | sed 's/^/    /' || true
        failed+=("$target")
    fi
done
echo "fuzzed ${#targets[@]} targets for ${seconds}s each in $((SECONDS - start))s"
if [ "${#failed[@]}" -gt 0 ]; then
    echo "fuzz failures: ${failed[*]}" >&2
    exit 1
fi
