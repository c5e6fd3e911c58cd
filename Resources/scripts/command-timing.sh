#!/bin/sh
# Times the single-note commands (`add`, `show ID`, `set ID`, `rm ID`, `category list`) as
# whole processes with farm-bench, on a copy of a store whose journal is filled to just
# below the size at which a compaction starts (PRODUCT §6: ≤ 100 ms at 1,000,000 notes,
# ≤ 50 ms at 100,000, even with the journal at its largest).
#
#   swift build -c release --product notes && swift build -c release --product notes-bench
#   Resources/scripts/command-timing.sh STORE [NOTES_BINARY] [RUNS] [JOURNAL_BYTES]
#
# STORE is a notes.json (its notes.json.index beside it is copied too), e.g. one written by
# `notes-bench --notes 1000000 --keep PATH --store-only`. It is copied into a temporary
# folder (removed at the end); JOURNAL_BYTES defaults to 256 KiB less 32 KiB, just below
# the journal's bound (`NotesStoreOptions.compactionMaximumBytes`), so that the timed
# commits do not start a compaction. `rm` takes a new id each run through `sh -c`
# (a few ms of shell and sed are in its figure).
set -eu
store=$1
notes=${2:-.build/release/notes}
runs=${3:-7}
journal=${4:-$((256 * 1024 - 32768))}
bench=$(dirname "$notes")/notes-bench
[ -x "$bench" ] || bench=.build/release/notes-bench
dir=$(mktemp -d "${TMPDIR:-/tmp}/notes-command-timing.XXXXXX")
trap 'rm -rf "$dir"' EXIT
cp "$store" "$dir/notes.json"
[ -f "$store.index" ] && cp "$store.index" "$dir/notes.json.index"
[ -f "$store.journal" ] && cp "$store.journal" "$dir/notes.json.journal"
export NOTES_STORE="$dir/notes.json"

"$bench" --fill-journal "$dir/notes.json" "$journal"
"$notes" list --json 2> /dev/null | sed -n 's/.*"id" *: *"\([0-9A-F-]*\)".*/\1/p' | head -$((runs * 2 + 4)) > "$dir/ids" || true
id=$(sed -n 1p "$dir/ids")
sed -i 1d "$dir/ids"
echo "journal: $(wc -c < "$dir/notes.json.journal") bytes; load: $(cut -d' ' -f1-3 /proc/loadavg)"

farm-bench -n "$runs" -- "$notes" show "$id"
farm-bench -n "$runs" -- "$notes" set "$id" --title "timed"
farm-bench -n "$runs" -- "$notes" add "timed note"
farm-bench -n "$runs" -- sh -c "id=\$(sed -n 1p '$dir/ids'); sed -i 1d '$dir/ids'; exec '$notes' rm \"\$id\" > /dev/null"
farm-bench -n "$runs" -- "$notes" category list
echo "journal after: $(wc -c < "$dir/notes.json.journal") bytes; load: $(cut -d' ' -f1-3 /proc/loadavg)"
