#!/usr/bin/env bash
# Builds the Debian package from a release build with Debian's hardening flags (warnings are errors:
# -O2 and _FORTIFY_SOURCE warn where the debug build cannot), then checks it
# (scripts/check-package.sh). The .deb lands in build/package/. Install it with
#   sudo apt-get install ./build/package/gpu-planner_*.deb
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
build="${BUILD_DIR:-build/package}"
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGPUPLANNER_WERROR=ON -DGPUPLANNER_BUILD_TESTS=OFF \
  -DGPUPLANNER_BUILD_BENCHMARKS=OFF -DCMAKE_INSTALL_PREFIX=/usr \
  -DCMAKE_CXX_FLAGS="$(dpkg-buildflags --get CPPFLAGS) $(dpkg-buildflags --get CXXFLAGS)" \
  -DCMAKE_EXE_LINKER_FLAGS="$(dpkg-buildflags --get LDFLAGS)"
cmake --build "$build" -j "$(nproc)"
(cd "$build" && cpack -G DEB)
./scripts/check-package.sh "$(ls -t "$build"/gpu-planner_*.deb | head -1)"
