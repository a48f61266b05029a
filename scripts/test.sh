#!/usr/bin/env bash
# Installs dependencies, builds everything with warnings as errors and runs every test.
# Ends with ctest's summary; the exit status is ctest's. Prints the time of each part.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
./scripts/install-deps.sh
echo "test.sh: dependencies in $((SECONDS - start)) s"
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
start=$SECONDS
cmake --preset dev
cmake --build --preset dev -j "$(nproc)"
echo "test.sh: configure and build in $((SECONDS - start)) s"
start=$SECONDS
status=0
ctest --preset dev -j "$(nproc)" || status=$?
echo "test.sh: tests in $((SECONDS - start)) s"
exit "$status"
