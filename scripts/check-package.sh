#!/usr/bin/env bash
# Checks a built gpu-planner .deb without installing it system-wide: its contents, an unpacked
# copy run from a temporary root (CLI query, report through the helper, desktop --version), the
# desktop file, metainfo and MIME type, the man pages, the bash completion, and lintian (errors
# fail; warnings are listed). Usage: scripts/check-package.sh path/to/gpu-planner_*.deb
set -euo pipefail
deb="$(realpath "$1")"
cd "$(dirname "$0")/.."
root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
fail() { echo "check-package: $*" >&2; exit 1; }

echo "== contents"
contents="$(dpkg-deb --contents "$deb")"
for path in ./usr/bin/gpu-planner ./usr/bin/gpu-planner-cli ./usr/libexec/gpu-planner/gpu-planner-report \
            ./usr/share/applications/org.gpuplanner.GpuPlanner.desktop \
            ./usr/share/metainfo/org.gpuplanner.GpuPlanner.metainfo.xml ./usr/share/mime/packages/gpu-planner.xml \
            ./usr/share/icons/hicolor/16x16/apps/gpu-planner.png ./usr/share/icons/hicolor/scalable/apps/gpu-planner.svg \
            ./usr/share/man/man1/gpu-planner.1.gz ./usr/share/man/man1/gpu-planner-cli.1.gz \
            ./usr/share/bash-completion/completions/gpu-planner-cli ./usr/share/zsh/vendor-completions/_gpu-planner-cli \
            ./usr/share/doc/gpu-planner/copyright ./usr/share/doc/gpu-planner/changelog.gz; do
  grep -q " ${path}\$" <<<"$contents" || fail "missing ${path}"
done
echo "$contents" | awk '{print $6}' | grep -v '/$' | sed 's/^/  /'
dpkg-deb -f "$deb" Depends | grep -q libqt6core6 || fail "Depends was not computed from the binaries"

echo "== the unpacked programs"
dpkg-deb -x "$deb" "$root"
export XDG_DATA_HOME="$root/home/data" XDG_CACHE_HOME="$root/home/cache" XDG_CONFIG_HOME="$root/home/config"
"$root/usr/bin/gpu-planner-cli" --version | grep -q "gpu-planner-cli 0.1.0" || fail "gpu-planner-cli --version"
QT_QPA_PLATFORM=offscreen "$root/usr/bin/gpu-planner" --version | grep -q "gpu-planner 0.1.0" || fail "gpu-planner --version"
"$root/usr/bin/gpu-planner-cli" offers --gpu H100 --min-gpus 8 --sort price --limit 3 | tail -1 | grep -q "3 offers" \
  || fail "offers on the embedded catalog"
"$root/usr/bin/gpu-planner-cli" report "$root/usr/share/gpu-planner/examples/mobilenet-t4.gpuplan" -o "$root/report.pdf" \
  || fail "report through the installed helper"
[ -s "$root/report.pdf" ] || fail "no PDF written"

echo "== desktop file, metainfo, MIME type"
desktop-file-validate "$root/usr/share/applications/org.gpuplanner.GpuPlanner.desktop"
appstreamcli validate --no-net "$root/usr/share/metainfo/org.gpuplanner.GpuPlanner.metainfo.xml"
xmllint --noout "$root/usr/share/mime/packages/gpu-planner.xml"
update-mime-database "$root/usr/share/mime" 2>/dev/null # (it notes the folder is not searched: a scratch copy)
grep -q "application/x-gpu-planner-scenario:\*.gpuplan" "$root/usr/share/mime/globs" || fail "the .gpuplan glob"

echo "== man pages"
for page in gpu-planner gpu-planner-cli; do
  warnings="$(man --warnings -E UTF-8 -l "$root/usr/share/man/man1/$page.1.gz" 2>&1 >/dev/null)"
  [ -z "$warnings" ] || fail "man $page: $warnings"
done

echo "== bash completion"
PATH="$root/usr/bin:$PATH" bash -c '
  source /usr/share/bash-completion/bash_completion
  source "$1"
  COMP_WORDS=(gpu-planner-cli off); COMP_CWORD=1; COMP_LINE="gpu-planner-cli off"; COMP_POINT=${#COMP_LINE}
  _gpu_planner_cli; [[ " ${COMPREPLY[*]} " == *" offers "* ]] || { echo "commands: ${COMPREPLY[*]}"; exit 1; }
  COMP_WORDS=(gpu-planner-cli offers --gpu H10); COMP_CWORD=3; COMP_LINE="gpu-planner-cli offers --gpu H10"; COMP_POINT=${#COMP_LINE}
  _gpu_planner_cli; [[ " ${COMPREPLY[*]} " == *" H100-SXM5-80GB "* ]] || { echo "GPU ids: ${COMPREPLY[*]}"; exit 1; }
' _ "$root/usr/share/bash-completion/completions/gpu-planner-cli" || fail "bash completion"

echo "== lintian"
lintian --tag-display-limit 0 --fail-on error "$deb" 2>&1 | grep -v "running with root privileges" || true
lintian --tag-display-limit 0 --fail-on error "$deb" >/dev/null 2>&1 || fail "lintian reports errors"
echo "check-package: ok ($deb)"
