#!/bin/sh
# Peak memory of `notes sync` when the store holds one big note that does not change and
# one small note that does: the big note must be neither rendered nor read back, so the
# sync costs what opening the store costs (compare `notes list`), whatever the big note's size.
# MEGABYTES stays under 64: a note whose synced file is over 64 MiB is refused by sync
# (`SyncError.noteTooLarge`), as every home refuses such a file from a remote.
#
#   swift build -c release --product notes
#   Resources/scripts/sync-big-note.sh [NOTES_BINARY] [MEGABYTES] [RUNS]
#
# Everything is made in a temporary folder (removed at the end, big files included).
set -eu
notes=${1:-.build/release/notes}
megabytes=${2:-60}
runs=${3:-3}
dir=$(mktemp -d "${TMPDIR:-/tmp}/notes-sync-big.XXXXXX")
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/home"
export HOME="$dir/home" XDG_CONFIG_HOME="$dir/home" GIT_CONFIG_NOSYSTEM=1 NOTES_STORE="$dir/notes.json"

# A body of MEGABYTES MiB of text lines.
awk -v n="$megabytes" 'BEGIN { line = sprintf("%0127d", 0); for (i = 0; i < n * 8192; i++) print line }' > "$dir/body"
# A big commit starts a compaction in the background, which holds the store's lock a while.
retry() { for _ in $(seq 300); do "$@" 2> /dev/null && return 0; sleep 1; done; "$@"; }
"$notes" add "Big" --body - < "$dir/body" > /dev/null
rm "$dir/body"
retry "$notes" compact > /dev/null
retry "$notes" add "Small" --body "small" > /dev/null
small=$("$notes" list | awk '$NF == "Small" { print $1 }')  # a unique prefix of its id
[ -n "$small" ] || { echo "no id for the small note" >&2; exit 1; }
git init -q --bare -b main "$dir/remote.git"
"$notes" sync init "$dir/remote.git" > /dev/null
# One timed run: "SECONDS PEAK_KB CPU_SECONDS" (wall clock, peak memory of the process, and
# the CPU time of it and every git it ran, user and system: what a busy machine inflates least).
timed() { /usr/bin/time -f "%e %M %U %S" -o "$dir/time" "$@" > /dev/null; awk '{ print $1, $2, $3 + $4 }' "$dir/time"; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
report() { # NAME FILE
    printf '%-40s median %6.2f s   CPU %5.2f s   peak %6.0f MiB   (peaks: %s)\n' "$1" \
        "$(cut -d' ' -f1 "$2" | median)" "$(cut -d' ' -f3 "$2" | median)" "$(cut -d' ' -f2 "$2" | median | awk '{ print $1 / 1024 }')" \
        "$(cut -d' ' -f2 "$2" | awk '{ printf "%d MiB ", $1 / 1024 }')"
}
printf 'store file: %s MiB\n' "$(du -m "$dir/notes.json" | cut -f1)"
timed "$notes" sync > "$dir/first"
report "first sync (the big note rendered once)" "$dir/first"
: > "$dir/list"
for _ in $(seq "$runs"); do timed "$notes" list >> "$dir/list"; done
report "notes list (opening the store)" "$dir/list"
: > "$dir/one"
for index in $(seq "$runs"); do
    retry "$notes" set "$small" --title "Small $index" > /dev/null
    timed "$notes" sync >> "$dir/one"
done
report "sync after one 'notes set' of the small note" "$dir/one"
