#!/usr/bin/env bash
# Installs the Debian 12 packages GPU Planner needs to build, run and test.
# Skips packages that are already installed; uses sudo when not root.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build ccache pkg-config
  qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools
  qt6-l10n-tools qt6-translations-l10n libgl-dev libqt6opengl6-dev libxkbcommon-dev libvulkan-dev
  libsqlite3-dev sqlite3 libcurl4-openssl-dev
  # The portfolio planner's mixed-integer solver (app/core/portfolio, README "Portfolio planning").
  libglpk-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  qtkeychain-qt6-dev
  # KeychainSecretStore's end-to-end test (tests/ui/with-secret-service.sh): a private D-Bus session
  # bus, gnome-keyring as the Secret Service, and libsecret, which QtKeychain loads at run time.
  dbus-daemon dbus-bin gnome-keyring libsecret-1-0
  fonts-noto-cjk fonts-dejavu-core libqt6printsupport6 xvfb xauth poppler-utils
  # The .deb and its checks (scripts/package.sh, scripts/check-package.sh).
  # The benchmark probe's tests run it on the CPU with Debian's PyTorch (tests/probe).
  python3 python3-torch
  dpkg-dev lintian desktop-file-utils appstream shared-mime-info libxml2-utils man-db bash-completion
)

missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PACKAGES[@]} packages already installed"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
