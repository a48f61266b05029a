#!/usr/bin/env bash
# with-secret-service.sh COMMAND [ARGS...]
#
# Runs COMMAND (a test program) against a real Secret Service: a private D-Bus session bus on
# which gnome-keyring-daemon serves org.freedesktop.secrets with an unlocked, password-protected
# "login" keyring as the default collection. HOME and the XDG directories point into a
# throwaway folder, so the user's own keyring, bus and settings are never touched.
#
# COMMAND sees GPUPLANNER_SECRET_SERVICE_ROOT, the throwaway folder holding every file of the run
# (the daemon's log, the bus socket, the runtime dir), and GPUPLANNER_SECRET_SERVICE_HOME, the
# HOME inside it (settings, and the keyring files under .local/share/keyrings). COMMAND gets
# GPUPLANNER_SECRET_SERVICE_TIMEOUT seconds (default 150) before it is stopped as failed.
#
# Never skips: if the bus or the keyring daemon can't be started, this prints why and exits 1.
# Otherwise it exits with COMMAND's status. Needs dbus-run-session and dbus-daemon (package
# dbus-daemon), dbus-send (dbus-bin), gnome-keyring-daemon (gnome-keyring) and, for QtKeychain's
# Secret Service backend, libsecret-1.so.0 (libsecret-1-0): see scripts/install-deps.sh.
set -euo pipefail

fail() {
    echo "with-secret-service: FAILED: $*" >&2
    exit 1
}

if [ $# -eq 0 ]; then
    echo "usage: $0 COMMAND [ARGS...]" >&2
    exit 2
fi

if [ "${GPUPLANNER_SECRET_SERVICE_STAGE:-}" != "on-bus" ]; then
    # Stage 1: a throwaway home and a bus configuration of our own, then stage 2 on that bus.
    for tool in dbus-run-session dbus-daemon dbus-send gnome-keyring-daemon; do
        command -v "$tool" >/dev/null 2>&1 ||
            fail "'$tool' is not installed (packages dbus-daemon, dbus-bin, gnome-keyring; run scripts/install-deps.sh)"
    done

    root="$(mktemp -d "${TMPDIR:-/tmp}/gpuplanner-secrets.XXXXXX")"
    trap 'rm -rf "$root"' EXIT
    mkdir -p "$root/home/.config" "$root/home/.local/share" "$root/home/.cache" "$root/bus"
    mkdir -m 700 "$root/runtime"

    # Like the standard session bus, but with no service directories: nothing gets
    # D-Bus-activated behind our back (an activated gnome-keyring-daemon would outlive the bus
    # and have no unlocked keyring), so org.freedesktop.secrets is the daemon started below.
    cat >"$root/session.conf" <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=$root/bus</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
EOF

    export HOME="$root/home"
    export XDG_CONFIG_HOME="$HOME/.config"
    export XDG_DATA_HOME="$HOME/.local/share"
    export XDG_CACHE_HOME="$HOME/.cache"
    export XDG_RUNTIME_DIR="$root/runtime"
    export GPUPLANNER_SECRET_SERVICE_HOME="$HOME"
    export GPUPLANNER_SECRET_SERVICE_ROOT="$root"
    export GPUPLANNER_SECRET_SERVICE_STAGE="on-bus"
    # No desktop session: QtKeychain then picks its libsecret (Secret Service) backend rather
    # than KWallet, and nothing can reach the user's real session, display or agents.
    unset DBUS_SESSION_BUS_ADDRESS XDG_CURRENT_DESKTOP DESKTOP_SESSION KDE_FULL_SESSION \
        KDE_SESSION_VERSION GNOME_DESKTOP_SESSION_ID GNOME_KEYRING_CONTROL SSH_AUTH_SOCK \
        DISPLAY WAYLAND_DISPLAY

    status=0
    dbus-run-session --config-file="$root/session.conf" -- bash "${BASH_SOURCE[0]}" "$@" || status=$?
    exit "$status"
fi

# Stage 2, on the private bus: start the keyring daemon, wait until it serves an unlocked
# default collection, then run COMMAND and stop the daemon.
root="$GPUPLANNER_SECRET_SERVICE_ROOT"
[ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] || fail "dbus-run-session did not provide a session bus"

log="$root/gnome-keyring-daemon.log"
daemon_failed() {
    echo "with-secret-service: gnome-keyring-daemon log:" >&2
    sed 's/^/  | /' "$log" >&2 || true
    fail "$*"
}

# A random, non-empty password: gnome-keyring only encrypts keyrings that have one (with an
# empty password it would not create the login keyring at all).
password="$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
printf '%s' "$password" | gnome-keyring-daemon --foreground --unlock --components=secrets >"$log" 2>&1 &
daemon=$!
trap 'kill "$daemon" 2>/dev/null || true; wait "$daemon" 2>/dev/null || true' EXIT

call() { # call DESTINATION PATH METHOD ARGS... : dbus-send's reply, or nothing
    local dest="$1" path="$2" method="$3"
    shift 3
    dbus-send --session --print-reply --reply-timeout=10000 --dest="$dest" "$path" "$method" "$@" 2>/dev/null || true
}

# Waits for what the test needs, not for a fixed time: the daemon on the bus, then its default
# collection, then that collection unlocked (gnome-keyring creates and unlocks the login keyring
# just after it takes the name, so each may lag the one before on a loaded machine).
has_name() {
    call org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus.NameHasOwner \
        string:org.freedesktop.secrets | grep -q 'boolean true'
}
has_collection() {
    call org.freedesktop.secrets /org/freedesktop/secrets org.freedesktop.Secret.Service.ReadAlias \
        string:default | grep -q '/org/freedesktop/secrets/collection/login'
}
is_unlocked() {
    call org.freedesktop.secrets /org/freedesktop/secrets/collection/login \
        org.freedesktop.DBus.Properties.Get string:org.freedesktop.Secret.Collection string:Locked |
        grep -q 'boolean false'
}
wait_for() { # wait_for CHECK MESSAGE : polls CHECK until it holds, within one shared deadline
    while ! "$1"; do
        kill -0 "$daemon" 2>/dev/null || daemon_failed "gnome-keyring-daemon exited during startup"
        [ "$SECONDS" -lt "$deadline" ] || daemon_failed "$2 (waited 60 s)"
        sleep 0.1
    done
}
deadline=$((SECONDS + 60))
wait_for has_name "gnome-keyring-daemon did not take org.freedesktop.secrets on the bus"
wait_for has_collection "the Secret Service has no default collection (the login keyring was not created)"
wait_for is_unlocked "the login keyring is locked (gnome-keyring-daemon --unlock did not unlock it)"

echo "with-secret-service: gnome-keyring-daemon (pid $daemon) serves an unlocked login keyring on a private bus"
# A deadline of our own, inside ctest's TIMEOUT for this test (180 s): a hung COMMAND is then
# stopped here, and the daemon and the throwaway folder go with it.
limit="${GPUPLANNER_SECRET_SERVICE_TIMEOUT:-150}"
status=0
timeout --kill-after=10 "$limit" "$@" || status=$?
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
    echo "with-secret-service: FAILED: $1 did not finish within $limit s" >&2
fi
exit "$status"
