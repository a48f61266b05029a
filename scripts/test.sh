#!/usr/bin/env bash
# Installs dependencies, builds everything with warnings as errors and runs every test.
# Ends with ctest's summary; the exit status is ctest's.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
cmake --preset dev
cmake --build --preset dev -j "$(nproc)"
ctest --preset dev -j "$(nproc)"
