# Shared by scripts/syncthing-e2e and scripts/soak (sourced, not run): real
# Syncthing daemons (Debian's `syncthing`) on 127.0.0.1 only, with
# discovery, relays and NAT off, each syncing some of a machine's Muster
# data folders; Muster's players are processes of `tests/machines.rs`
# (`--play ACTION`).
#
# The sourcing script sets NAME (its name in messages), LIMIT (seconds the
# run may take once built), SIDES (the machines: a b …) and FOLDERS (the
# synced folders, each $WORK/SIDE/FOLDER), then calls `build`, then
# `start_daemons`.

for tool in syncthing curl; do
    command -v "$tool" >/dev/null || { echo "$NAME: needs $tool" >&2; exit 2; }
done

WORK=$(mktemp -d)
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    # The daemons and Musters get five seconds to end, then are killed.
    for _ in $(seq 50); do
        alive=0
        for pid in "${PIDS[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
        [ "$alive" = 0 ] && break
        sleep 0.1
    done
    for pid in "${PIDS[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
    rm -rf "$WORK"
}
trap cleanup EXIT

fail() {
    echo "$NAME: FAILED ($(($(date +%s) - ${START:-$(date +%s)})) s): $*" >&2
    for side in $SIDES; do
        echo "--- $side: files" >&2
        for folder in $FOLDERS; do ls -laR "$WORK/$side/$folder/campaigns" >&2 || true; done
        echo "--- $side: syncthing log (last lines)" >&2
        tail -n 30 "$WORK/$side/syncthing.log" >&2 || true
    done
    exit 1
}
# Any step that fails says which, with the daemons' logs.
trap 'fail "line $LINENO: $BASH_COMMAND"' ERR

# Seconds left of the run's time limit.
left() { echo $((LIMIT - ($(date +%s) - START))); }
# Seconds since the run began.
elapsed() { echo $(($(date +%s) - START)); }

# Waits until the command succeeds, within the run's time limit.
wait_for() {
    local what=$1
    shift
    until "$@" >/dev/null 2>&1; do
        if (($(left) < 0)); then fail "timed out waiting: $what"; fi
        sleep 0.5
    done
    echo "$NAME: $what ($(elapsed) s)"
}

# Builds Muster and its players; the time limit counts from its end.
build() {
    echo "$NAME: building Muster and its players"
    cargo build --quiet --bin muster
    MUSTER=target/debug/muster
    PLAYER=$(cargo test --quiet --test machines --no-run --message-format=json 2>/dev/null \
        | grep -o '"executable":"[^"]*machines-[^"]*"' | tail -n 1 | cut -d'"' -f4 || true)
    [ -x "$PLAYER" ] || { echo "$NAME: the players did not build" >&2; exit 1; }
    START=$(date +%s)
}

# Runs a command within what is left of the time limit (124 when it runs
# out).
within() {
    local budget
    budget=$(left)
    ((budget > 0)) || { echo "$NAME: out of time before: $*" >&2; return 124; }
    timeout "$budget" "$@"
}
# One Muster doing one thing; `play_bg` starts it in the background, its
# pid in $!. Their locks are in the run's own folder.
export MUSTER_LOCK_DIR="$WORK/locks"
play() {
    local rc=0
    within "$PLAYER" --play "$@" || rc=$?
    [ "$rc" = 124 ] && fail "out of time ($LIMIT s) in --play $*"
    return "$rc"
}
play_bg() {
    local budget
    budget=$(left)
    ((budget > 0)) || fail "out of time ($LIMIT s) before --play $*"
    timeout "$budget" "$PLAYER" --play "$@" &
    PIDS+=($!)
}

# Free ports, picked by the kernel.
port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null \
    || echo $((20000 + RANDOM % 20000)); }

KEY=muster-e2e-key
# What each machine keeps to itself, as the README tells groups.
ignore() { printf '%s\n' backups prefs '.*.tmp' muster.lock >"$1/.stignore"; }

api() { # side method path [json]
    local side=$1 method=$2 path=$3
    curl -fsS --max-time 10 -X "$method" -H "X-API-Key: $KEY" -H 'Content-Type: application/json' \
        ${4:+--data "$4"} "http://127.0.0.1:${GUI[$side]}$path"
}

# One daemon per side, every side a peer of every other, every folder
# shared by all, as quick as Syncthing goes: a change is sent a second
# after the file-watcher saw it, and a full scan every two seconds catches
# anything it missed.
declare -A GUI LISTEN ID
start_daemons() {
    local side home peer folder devices
    for side in $SIDES; do
        home="$WORK/$side/home"
        for folder in $FOLDERS; do
            mkdir -p "$WORK/$side/$folder/campaigns"
            ignore "$WORK/$side/$folder"
        done
        HOME="$WORK/$side" syncthing generate --home="$home" --no-default-folder >/dev/null 2>&1
        GUI[$side]=$(port)
        LISTEN[$side]=$(port)
        # Only 127.0.0.1, nothing announced, no relay, no NAT, no reports; a
        # lost or resumed link dialled again every second, not every minute.
        sed -i \
            -e 's#<reconnectionIntervalS>60#<reconnectionIntervalS>1#' \
            -e "s#<listenAddress>default</listenAddress>#<listenAddress>tcp://127.0.0.1:${LISTEN[$side]}</listenAddress>#" \
            -e 's#<globalAnnounceEnabled>true#<globalAnnounceEnabled>false#' \
            -e 's#<localAnnounceEnabled>true#<localAnnounceEnabled>false#' \
            -e 's#<relaysEnabled>true#<relaysEnabled>false#' \
            -e 's#<natEnabled>true#<natEnabled>false#' \
            -e 's#<startBrowser>true#<startBrowser>false#' \
            -e 's#<urAccepted>0#<urAccepted>-1#' \
            -e 's#<crashReportingEnabled>true#<crashReportingEnabled>false#' \
            -e 's#<autoUpgradeIntervalH>12#<autoUpgradeIntervalH>0#' \
            "$home/config.xml"
        ID[$side]=$(HOME="$WORK/$side" syncthing serve --home="$home" --device-id)
        HOME="$WORK/$side" STNODEFAULTFOLDER=1 syncthing serve --home="$home" --no-browser \
            --no-restart --no-upgrade --gui-address="http://127.0.0.1:${GUI[$side]}" \
            --gui-apikey="$KEY" --logfile="$WORK/$side/syncthing.log" >/dev/null 2>&1 &
        PIDS+=($!)
    done
    for side in $SIDES; do wait_for "daemon $side answers" api "$side" GET /rest/system/ping; done
    devices=""
    for side in $SIDES; do devices="$devices${devices:+,}{\"deviceID\":\"${ID[$side]}\"}"; done
    for side in $SIDES; do
        for peer in $SIDES; do
            [ "$peer" = "$side" ] && continue
            api "$side" POST /rest/config/devices "{\"deviceID\":\"${ID[$peer]}\",\"name\":\"$peer\",
                \"addresses\":[\"tcp://127.0.0.1:${LISTEN[$peer]}\"]}" >/dev/null
        done
        for folder in $FOLDERS; do
            api "$side" POST /rest/config/folders "{\"id\":\"$folder\",\"label\":\"Muster $folder\",
                \"path\":\"$WORK/$side/$folder\",\"rescanIntervalS\":2,\"fsWatcherEnabled\":true,
                \"fsWatcherDelayS\":1,\"devices\":[$devices]}" >/dev/null
        done
    done
}

# Whether side $1 is connected to side $2 (to any peer without $2).
connected() {
    if [ -n "${2:-}" ]; then
        api "$1" GET /rest/system/connections \
            | python3 -c 'import json,sys; c=json.load(sys.stdin)["connections"]; sys.exit(0 if c.get(sys.argv[1],{}).get("connected") else 1)' "${ID[$2]}"
    else
        api "$1" GET /rest/system/connections | grep -q '"connected": *true'
    fi
}
# The link between two sides paused, or resumed, on both.
pause_link() {
    api "$1" POST "/rest/system/pause?device=${ID[$2]}" >/dev/null
    api "$2" POST "/rest/system/pause?device=${ID[$1]}" >/dev/null
}
resume_link() {
    api "$1" POST "/rest/system/resume?device=${ID[$2]}" >/dev/null
    api "$2" POST "/rest/system/resume?device=${ID[$1]}" >/dev/null
}

CAMPAIGN=campaigns/shared
# Any file a sync tool names as a conflict copy, anywhere in a library.
copies() { find "$1" -path "$1/prefs" -prune -o -name '*conflict*' -print | wc -l; }
no_copies() {
    local dir
    for dir in "$@"; do
        [ "$(copies "$dir")" = 0 ] || fail "a conflict copy was made: $(find "$dir" -name '*conflict*')"
    done
}
# Both machines hold the same campaign folder: the start and every
# machine's journal, byte for byte.
same_folder() { [ -f "$1/$CAMPAIGN/start.json" ] && diff -r "$1/$CAMPAIGN" "$2/$CAMPAIGN" >/dev/null; }
journals() { find "$1/$CAMPAIGN" -name '*.jsonl' | wc -l; }
scan() {
    local side
    for side in $SIDES; do api "$side" POST "/rest/db/scan?folder=$1" >/dev/null 2>&1 || true; done
}
# Both machines' `muster check` pass the campaign.
check() {
    within "$MUSTER" check "$1/$CAMPAIGN" "$2/$CAMPAIGN" \
        || fail "muster check refused the campaign in $1 or $2"
}
