#!/usr/bin/env bash
# Installs dependencies, builds the release preset and starts the desktop app on the
# embedded default catalog (created in ~/.local/share/gpu-planner on first run).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
cmake --preset release
cmake --build --preset release --target gpu-planner gpu-planner-cli
exec ./build/release/app/desktop/gpu-planner "$@"
