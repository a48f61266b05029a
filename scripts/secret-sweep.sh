#!/usr/bin/env bash
# The secret sweep (issue 43): runs the whole test suite with every file it writes swept for the
# test suite's secrets (its fake API keys, key ids, secret keys and URL passwords, as written and
# JSON-escaped). A preloaded probe (tests/sweep/SecretSweepPreload.cpp) reads each file a test
# process deletes or replaces under the sweep's temporary folder; what is left at the end is read
# here. Prints the files and bytes swept and every leak; exits 1 on a leak, else ctest's status.
# Usage: scripts/secret-sweep.sh [BUILD_DIR]   (default build/dev, built with the dev preset);
# CTEST_ARGS="-R Secret" narrows the run; SWEEP_LEAKS_ONLY=1 exits 0 whatever the tests did when
# nothing leaked (CI judges the tests in their own step).
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build/dev}"
probe="$build/tests/sweep/libgpuplanner_secret_sweep.so"
[ -f "$probe" ] || { echo "secret-sweep: $probe is missing; build the tests first" >&2; exit 2; }
root="$(mktemp -d /tmp/gpuplanner-sweep.XXXXXX)"
chmod 0755 "$root" # as /tmp is: a test may run a program as another user (nobody) from here
markers="$root.markers"
log="$root.log"
: > "$log"
# The secrets the tests hand the product: every `const QByteArray k...Key/Id/Ak/Sk/Secret/Password`.
grep -rhoE 'const QByteArray k[A-Za-z]*(Key|Id|Ak|Sk|Secret|Password)[0-9]* = "[^"]+"' tests --include=*.cpp \
    | sed -E 's/.*= "([^"]+)"/\1/' | sort -u > "$root.raw"
python3 - "$root.raw" > "$markers" <<'PY'
import sys
for line in open(sys.argv[1]):
    s = line.strip()
    if len(s) < 4:
        continue
    print(s)
    print("".join("\\u%04x" % ord(c) for c in s))  # as a JSON body may echo it
PY
echo "secret-sweep: $(wc -l < "$root.raw") secrets ($(wc -l < "$markers") forms), files under $root"
status=0
TMPDIR="$root" GPUPLANNER_SWEEP_ROOT="$root" GPUPLANNER_SWEEP_LOG="$log" GPUPLANNER_SWEEP_MARKERS="$markers" \
    LD_PRELOAD="$(realpath "$probe")" QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}" \
    ctest --test-dir "$build" -j "$(nproc)" ${CTEST_ARGS:-} > "$root.ctest" 2>&1 || status=$?
tail -n 5 "$root.ctest"
# What the tests left behind, and the screenshots and reports they keep as artifacts.
left=0
while IFS= read -r -d '' f; do
    left=$((left + 1))
    while IFS= read -r m; do
        if grep -qF -- "$m" "$f" 2>/dev/null; then echo "LEAK $f holds $m" >> "$log"; fi
    done < "$markers"
done < <(find "$root" "$build/artifacts" -type f -print0 2>/dev/null)
files=$(awk '$1 == "files" { n += $2 } END { print n + 0 }' "$log")
bytes=$(awk '$1 == "files" { n += $4 } END { print n + 0 }' "$log")
leaks=$(grep -c '^LEAK ' "$log" || true)
echo "secret-sweep: $((files + left)) files swept ($files as the tests removed or replaced them, $bytes bytes; $left left at the end), $leaks leak(s)"
grep '^LEAK ' "$log" | sort -u | head -50 || true
[ "$leaks" -eq 0 ] || exit 1
[ "${SWEEP_LEAKS_ONLY:-0}" = 1 ] && exit 0
exit "$status"
