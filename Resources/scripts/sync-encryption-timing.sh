#!/bin/sh
# Times `notes sync` of one synthetic store in plain text and encrypted (age), side by
# side: the first sync (every note rendered, and encrypted), a sync with nothing new, a
# sync after one `notes set`, and a second machine receiving everything (every file
# parsed, and decrypted). Each figure is the median of RUNS runs (the first sync and the
# receive: one run each): wall clock, and CPU time (user + system, of notes and the git it
# runs) by /usr/bin/time, which a loaded machine disturbs less.
#
#   swift build -c release --product notes && swift build -c release --product notes-bench
#   Resources/scripts/sync-encryption-timing.sh [NOTES_BINARY] [NOTE_COUNT] [RUNS]
#
# Everything is made in a temporary folder (removed at the end): the store, two bare
# remotes, a home folder (git sees no global or system configuration; the key goes to
# its config folder). The remotes are local: git's fetch and push are in every figure.
set -eu
notes=${1:-.build/release/notes}
count=${2:-10000}
runs=${3:-5}
bench=$(dirname "$notes")/notes-bench
[ -x "$bench" ] || bench=.build/release/notes-bench
dir=$(mktemp -d "${TMPDIR:-/tmp}/notes-sync-encryption.XXXXXX")
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/home"
export HOME="$dir/home" XDG_CONFIG_HOME="$dir/home/config" GIT_CONFIG_NOSYSTEM=1

"$bench" --notes "$count" --keep "$dir/source.json" --store-only > /dev/null 2>&1

# One timed run: "WALL/CPU" seconds.
seconds() { /usr/bin/time -f "%e %U %S" -o "$dir/time" "$@" > /dev/null; awk '{ printf "%.2f/%.2f\n", $1, $2 + $3 }' "$dir/time"; }
median() { sort -t/ -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# run MODE: prints "first idle one receive" for plain or encrypted sync.
run() {
    mode=$1
    store="$dir/$mode/notes.json"
    mkdir -p "$dir/$mode"
    cp "$dir/source.json" "$store"
    [ -e "$dir/source.json.journal" ] && cp "$dir/source.json.journal" "$store.journal"
    git init -q --bare -b main "$dir/$mode/remote.git"
    if [ "$mode" = encrypted ]; then
        "$notes" sync init "$dir/$mode/remote.git" --encrypt --store "$store" > /dev/null
        "$notes" sync key --export --store "$store" > "$dir/$mode/key.txt"
    else
        "$notes" sync init "$dir/$mode/remote.git" --store "$store" > /dev/null
    fi
    first=$(seconds "$notes" sync --store "$store")
    idle=$(for _ in $(seq "$runs"); do seconds "$notes" sync --store "$store"; done | median)
    id=$("$notes" list --json --store "$store" | sed -n 's/.*"id" *: *"\([0-9A-F-]*\)".*/\1/p' | head -1)
    one=$(for index in $(seq "$runs"); do
        "$notes" set "$id" --title "edited $index" --store "$store" > /dev/null
        seconds "$notes" sync --store "$store"
    done | median)
    other="$dir/$mode/other/notes.json"
    if [ "$mode" = encrypted ]; then
        "$notes" sync init "$dir/$mode/remote.git" --identity "$dir/$mode/key.txt" --store "$other" > /dev/null
    else
        "$notes" sync init "$dir/$mode/remote.git" --store "$other" > /dev/null
    fi
    receive=$(seconds "$notes" sync --store "$other")
    echo "$first $idle $one $receive"
}

plain=$(run plain)
encrypted=$(run encrypted)
printf '%-30s %16s %16s %14s\n' "sync of $count notes" "plain wall/cpu" "encrypted" "ratio wall/cpu"
set -- $plain
p1=$1 p2=$2 p3=$3 p4=$4
set -- $encrypted
for row in "first sync (all rendered):$p1:$1" "nothing new:$p2:$2" "after one 'notes set':$p3:$3" \
           "second machine receives all:$p4:$4"; do
    name=${row%%:*}; rest=${row#*:}; a=${rest%%:*}; b=${rest#*:}
    printf '%-30s %16s %16s %14s\n' "$name" "$a s" "$b s" "$(echo "$a $b" | tr '/' ' ' |
        awk '{ printf "%.2fx/%.2fx", ($1 > 0 ? $3 / $1 : 0), ($2 > 0 ? $4 / $2 : 0) }')"
done
printf '%-30s %14s KiB %12s KiB\n' "remote repository on disk" "$(du -sk "$dir/plain/remote.git" | cut -f1)" \
    "$(du -sk "$dir/encrypted/remote.git" | cut -f1)"
