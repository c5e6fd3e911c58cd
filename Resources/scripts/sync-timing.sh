#!/bin/sh
# Times `notes sync` on a synthetic store: the first sync, a sync with nothing new, a sync
# after one `notes set`, the same after `notes compact` folded it into a new snapshot
# (COMPACTED=0 leaves it out), a sync that receives one note whose body another home changed,
# a merge (each home edited a different note), and one that receives a rename of a note
# other notes link to ("Topic k": the other home's `notes set --title` rewrote its links
# there; this one loads the notes the rename index names), each RUNS times (median
# printed), with peak memory. The last six have a target (at 1,000,000 notes each within
# 2 s plus git's own fetch, timed alone) and say pass or FAIL. Git's own fetch is that of
# what the sync fetches: with nothing new for the first three; for the three that receive
# a commit, the same commit fetched by a bare clone of the remote kept beside the stores
# (a fetch that brings something checks that it connects to every tree the refs name,
# which costs the store's size), timed just before each sync and printed as its own row.
#
#   swift build -c release --product notes && swift build -c release --product notes-bench
#   Resources/scripts/sync-timing.sh [NOTES_BINARY] [NOTE_COUNT] [RUNS]
#   RECEIVE=0 Resources/scripts/sync-timing.sh …   (without the second home)
#   ATTACHMENTS=1000 Resources/scripts/sync-timing.sh …   (that many imported notes with one
#                                   4 KiB attachment file each, 300 by default, 0 for
#                                   none; the second home receives them, the edited note
#                                   is one of them, and each receiving run adds one more;
#                                   a kept folder without them imports them once)
#   KEEP=DIR Resources/scripts/sync-timing.sh …   (the stores and the remote stay in DIR; a
#                                   later run with the same DIR skips making them, the
#                                   first sync and the second home's, minutes at 1,000,000
#                                   notes, and times the rest on them: another binary, say)
#
# The store and a bare remote are made in a temporary folder (removed at the end, unless
# KEEP names it); git sees no global or system configuration. The remote is local: the
# fetch and push are git's own cost, included in every figure.
set -eu
notes=${1:-.build/release/notes}
count=${2:-100000}
runs=${3:-5}
bench=$(dirname "$notes")/notes-bench
[ -x "$bench" ] || bench=.build/release/notes-bench
if [ -n "${KEEP:-}" ]; then
    dir=$KEEP
    mkdir -p "$dir"
else
    dir=$(mktemp -d "${TMPDIR:-/tmp}/notes-sync-timing.XXXXXX")
    trap 'rm -rf "$dir"' EXIT
fi
# Set once both homes hold every note (a kept folder): the setup and first syncs are skipped.
ready=0
[ -f "$dir/ready" ] && ready=1
mkdir -p "$dir/home"
export HOME="$dir/home" XDG_CONFIG_HOME="$dir/home" GIT_CONFIG_NOSYSTEM=1 NOTES_STORE="$dir/notes.json"

[ "$ready" = 1 ] || "$bench" --notes "$count" --keep "$dir/notes.json" --store-only > /dev/null 2>&1
attachments=${ATTACHMENTS:-300}
# A kept folder made without attachment files takes them in once, and edits one of them.
[ -f "$dir/attached" ] || [ "$attachments" -eq 0 ] || [ ! -f "$dir/id" ] || rm -f "$dir/id"
# An Evernote export of N notes with one attachment each (random bytes, so nothing compresses).
enex() { # COUNT FIRST
    printf '<?xml version="1.0" encoding="UTF-8"?><en-export application="Evernote" version="10.0">'
    for index in $(seq "$2" $(($2 + $1 - 1))); do
        printf '<note><title>Attached %s</title><content><![CDATA[<en-note><div>note %s</div></en-note>]]></content>' "$index" "$index"
        printf '<created>20240105T091500Z</created><resource><data encoding="base64">%s</data>' "$(head -c 4096 /dev/urandom | base64 -w0)"
        printf '<mime>application/octet-stream</mime><resource-attributes><file-name>file-%s.bin</file-name></resource-attributes></resource></note>\n' "$index"
    done
    printf '</en-export>'
}
# In files of at most 200 notes (1.1 MB): the Evernote reader refuses a file over 10 MB.
done_count=0
[ ! -f "$dir/attached" ] || done_count=$attachments
while [ "$done_count" -lt "$attachments" ]; do
    batch=$((attachments - done_count)); [ "$batch" -le 200 ] || batch=200
    enex "$batch" $((done_count + 1)) > "$dir/attached-$done_count.enex"
    done_count=$((done_count + batch))
done
if [ "$attachments" -gt 0 ] && [ ! -f "$dir/attached" ]; then
    "$notes" import "$dir"/attached-*.enex > /dev/null
    [ -z "${KEEP:-}" ] || touch "$dir/attached"
fi
if [ "$ready" = 0 ]; then
    git init -q --bare -b main "$dir/remote.git"
    "$notes" sync init "$dir/remote.git" > /dev/null
else
    # A kept folder copied elsewhere still names the remote it was made with: its own, always.
    for repository in "$dir/notes.json.sync" "$dir/second/notes.json.sync"; do
        [ ! -d "$repository" ] || git -C "$repository" remote set-url origin "$dir/remote.git"
    done
fi

# One timed run: "SECONDS PEAK_KB CPU_SECONDS" (wall clock, peak memory of the process, and
# the CPU time of it and every git it ran, user and system: what a busy machine inflates least).
timed() { /usr/bin/time -f "%e %M %U %S" -o "$dir/time" "$@" > /dev/null; awk '{ print $1, $2, $3 + $4 }' "$dir/time"; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
report() { # NAME FILE [TARGET_SECONDS]
    printf '%-34s median %6.2f s   CPU %5.2f s   peak %6.0f MiB   (runs: %s)' "$1" \
        "$(cut -d' ' -f1 "$2" | median)" "$(cut -d' ' -f3 "$2" | median)" \
        "$(cut -d' ' -f2 "$2" | median | awk '{ print $1 / 1024 }')" "$(cut -d' ' -f1 "$2" | tr '\n' ' ')"
    if [ -n "${3:-}" ]; then
        printf '   target <= %.2f s: %s' "$3" "$(cut -d' ' -f1 "$2" | median | awk -v t="$3" '{ print ($1 <= t ? "pass" : "FAIL") }')"
    fi
    printf '\n'
}

if [ "$ready" = 0 ]; then
    timed "$notes" sync > "$dir/first"
    report "first sync ($count notes)" "$dir/first"
else
    "$notes" sync > /dev/null
fi

# The targets (at 1,000,000 notes): a sync with nothing new, and one of one changed note,
# each within 2 s plus git's own fetch, timed alone here (a fetch with nothing new).
: > "$dir/fetch"
for _ in $(seq "$runs"); do timed git -C "$dir/notes.json.sync" fetch -q origin >> "$dir/fetch"; done
target=$(cut -d' ' -f1 "$dir/fetch" | median | awk '{ print $1 + 2 }')
report "git fetch alone (nothing new)" "$dir/fetch"

: > "$dir/idle"
for _ in $(seq "$runs"); do timed "$notes" sync >> "$dir/idle"; done
report "sync with nothing new" "$dir/idle" "$target"

# Git's own fetch of a commit the second home pushed: a bare clone of the remote (objects
# hard-linked) fetches it just before the timed sync does; its median plus 2 s is the target
# of the syncs that receive a commit.
[ -d "$dir/probe.git" ] || git clone -q --bare "$dir/remote.git" "$dir/probe.git"
git -C "$dir/probe.git" fetch -q "$dir/remote.git" '+refs/heads/*:refs/heads/*'
: > "$dir/fetched"
probe() { timed git -C "$dir/probe.git" fetch -q "$dir/remote.git" '+refs/heads/*:refs/heads/*' >> "$dir/fetched"; }
received_target() { cut -d' ' -f1 "$dir/fetched" | median | awk '{ print $1 + 2 }'; }

# The edited note: one with an attachment file when there are some (its folder is made
# again), else one without attachments (the bench's notes name files they do not hold).
plain='"attachments":\[\]}$'
edited='"title":"Attached 1",'
[ "$attachments" -gt 0 ] || edited=$plain
[ -s "$dir/id" ] || "$notes" list --jsonl | grep -m1 "$edited" | sed -n 's/^{"id":"\([0-9A-F-]*\)".*/\1/p' > "$dir/id"
id=$(cat "$dir/id")
[ -n "$id" ] || { echo "no note to edit" >&2; exit 1; }
: > "$dir/one"
for index in $(seq "$runs"); do
    "$notes" set "$id" --title "edited $index" > /dev/null
    timed "$notes" sync >> "$dir/one"
done
report "sync after one 'notes set'" "$dir/one" "$target"

# After a compaction (what a command hands off once the journal has grown): one `notes set`,
# `notes compact`, then the sync, which reads the notes the compaction folded in from the
# ledger beside the new snapshot (decision 0086) instead of every note.
if [ "${COMPACTED:-1}" = 1 ]; then
    : > "$dir/compacted"
    for index in $(seq "$runs"); do
        "$notes" set "$id" --title "compacted $index" > /dev/null
        "$notes" compact > /dev/null
        timed "$notes" sync >> "$dir/compacted"
    done
    report "sync after a compaction" "$dir/compacted" "$target"
fi

# A second home takes everything once, then changes one note's body a run; the first receives it.
[ "${RECEIVE:-1}" = 1 ] || exit 0
# `notes` on the second home, again while its store is busy (at 1,000,000 notes, the
# compaction after taking everything in holds its lock for a while).
second() {
    tries=0
    until NOTES_STORE="$dir/second/notes.json" "$notes" "$@" > /dev/null 2> "$dir/second.err"; do
        tries=$((tries + 1))
        grep -q "busy" "$dir/second.err" && [ "$tries" -lt 300 ] || { cat "$dir/second.err" >&2; exit 1; }
        sleep 1
    done
}
if [ "$ready" = 0 ]; then
    mkdir "$dir/second"
    NOTES_STORE="$dir/second/notes.json" "$notes" sync init "$dir/remote.git" > /dev/null
    timed env NOTES_STORE="$dir/second/notes.json" "$notes" sync > "$dir/take"
    report "second home takes everything" "$dir/take"
    [ -z "${KEEP:-}" ] || touch "$dir/ready"
else
    second sync
fi
"$notes" sync > /dev/null
: > "$dir/receive"
for index in $(seq "$runs"); do
    # Its body: a new title is a rename, which reads every note to rewrite the links to it (decision 0078).
    second set "$id" --body "from the second home $index"
    if [ "$attachments" -gt 0 ]; then  # and one more note with an attachment
        enex 1 $((attachments + index)) > "$dir/one.enex"
        second import "$dir/one.enex"
    fi
    second sync
    probe
    timed "$notes" sync >> "$dir/receive"
done
report "git fetch of one commit, alone" "$dir/fetched"
report "sync receiving one changed note$([ "$attachments" -gt 0 ] && echo ", one new with a file")" "$dir/receive" "$(received_target)"

# A merge: both homes edit a different note a run (the second home's with one more note with
# a file when there are attachments, as above), then the first syncs.
[ -s "$dir/other" ] || "$notes" list --jsonl | grep "$plain" | grep -v '"title":"Topic [0-9]*",' | grep -m1 -v "$id" |
    sed -n 's/^{"id":"\([0-9A-F-]*\)".*/\1/p' > "$dir/other"
other=$(cat "$dir/other")
[ -n "$other" ] || { echo "no second note to edit" >&2; exit 1; }
: > "$dir/merge"
for index in $(seq "$runs"); do
    second set "$id" --body "merged from the second home $index"
    if [ "$attachments" -gt 0 ]; then
        enex 1 $((attachments + runs + index)) > "$dir/one.enex"
        second import "$dir/one.enex"
    fi
    second sync
    "$notes" set "$other" --body "merged here $index" > /dev/null
    probe
    timed "$notes" sync >> "$dir/merge"
done
report "sync merging (both homes edited)" "$dir/merge" "$(received_target)"

# A note titled "Topic k", which one note in 2,000 links to: the second home renames it a
# run (its own links follow), the first receives the rename.
[ -s "$dir/topic" ] || "$notes" list --jsonl | grep '"title":"Topic [0-9]*",' | grep -m1 "$plain" |
    sed -n 's/^{"id":"\([0-9A-F-]*\)".*/\1/p' > "$dir/topic"
topic=$(cat "$dir/topic")
[ -n "$topic" ] || { echo "no note titled 'Topic k' to rename" >&2; exit 1; }
: > "$dir/rename"
for index in $(seq "$runs"); do
    second set "$topic" --title "Linked topic $$ $index"
    second sync
    probe
    timed "$notes" sync >> "$dir/rename"
done
report "git fetch of one commit, alone (all runs)" "$dir/fetched"
report "sync receiving one rename with links" "$dir/rename" "$(received_target)"
