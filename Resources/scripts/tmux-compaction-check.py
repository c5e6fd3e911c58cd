#!/usr/bin/env python3
"""Keys held in the UI while another shell adds notes until a compaction runs (issue 23).

    Resources/scripts/tmux-compaction-check.py STORE [NOTES_BINARY] [--fill BYTES]

STORE is a notes.json to use as it is (use a copy: it is edited and compacted). The UI runs
in a detached tmux session (200x50); its output is timestamped as it comes (tmux
pipe-pane into a small reader). `j`/`k` are sent every 40 ms, 40 of each in turn, as a held
key repeats, while `notes add` runs in a loop until the snapshot's inode changes (a
compaction was swapped in) and then a few seconds more, so that the UI takes it in on a key.
With --fill, `notes-bench --fill-journal` first fills the journal to BYTES (just below the
compaction bound) so that a few adds reach it.

It prints, for every key, the time from sending it to the UI's next output, and the keys
whose answer took more than 50 ms, with what the store was doing then.
"""
import os, subprocess, sys, tempfile, threading, time

def main():
    args = sys.argv[1:]
    fill = None
    if "--fill" in args:
        at = args.index("--fill"); fill = int(args[at + 1]); del args[at:at + 2]
    store = os.path.abspath(args[0])
    notes = os.path.abspath(args[1] if len(args) > 1 else ".build/release/notes")
    bench = os.path.join(os.path.dirname(notes), "notes-bench")
    work = tempfile.mkdtemp(prefix="notes-tmux-check.")
    stamps = os.path.join(work, "stamps")
    session = "notes-compaction-check-%d" % os.getpid()
    env = dict(os.environ, NOTES_STORE=store, TERM="xterm-256color")
    if fill:
        subprocess.run([bench, "--fill-journal", store, str(fill)], check=True, env=env)
    reader = os.path.join(work, "stamp.py")
    with open(reader, "w") as f:
        f.write("import os, sys, time\nout = open(sys.argv[1], 'a')\n"
                "while True:\n    data = os.read(0, 65536)\n    if not data: break\n"
                "    out.write('%.6f %d\\n' % (time.monotonic(), len(data))); out.flush()\n")
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "200", "-y", "50",
                    "env NOTES_STORE='%s' '%s'" % (store, notes)], check=True, env=env)
    try:
        subprocess.run(["tmux", "pipe-pane", "-t", session, "-O", "python3 %s %s" % (reader, stamps)], check=True)
        # Ready once the screen has stayed the same for a second after something was drawn.
        last, since = None, time.monotonic()
        while True:
            screen = subprocess.run(["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True).stdout
            if screen != last: last, since = screen, time.monotonic()
            elif screen.strip() and time.monotonic() - since > 1.0: break
            time.sleep(0.1)
        print("UI ready; load %s" % open("/proc/loadavg").read().split()[:3], flush=True)
        events, stop = [], threading.Event()
        inode = os.stat(store).st_ino

        def adder():
            count = 0
            while not stop.is_set():
                subprocess.run([notes, "add", "tmux check %d" % count], env=env, capture_output=True)
                count += 1
                now = os.stat(store).st_ino
                if now != events[-1][2] if events else now != inode:
                    events.append((time.monotonic(), "snapshot replaced after %d adds" % count, now))
                    if len(events) == 1: threading.Timer(6.0, stop.set).start()
            events.append((time.monotonic(), "adds stopped after %d" % count, None))

        sends = []
        thread = threading.Thread(target=adder); thread.start()
        deadline = time.monotonic() + 600
        while not stop.is_set() and time.monotonic() < deadline:
            for key in "j" * 40 + "k" * 40:
                sends.append(time.monotonic())
                subprocess.run(["tmux", "send-keys", "-t", session, key])
                time.sleep(0.04)
                if stop.is_set(): break
        stop.set(); thread.join()
        time.sleep(1.0)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session])
    outputs = [float(line.split()[0]) for line in open(stamps)]
    latencies = []
    index = 0
    for sent in sends:
        while index < len(outputs) and outputs[index] < sent: index += 1
        if index < len(outputs): latencies.append((outputs[index] - sent, sent))
    ordered = sorted(l for l, _ in latencies)
    print("%d keys; answer after median %.1f ms, p99 %.1f ms, max %.1f ms" % (
        len(latencies), 1000 * ordered[len(ordered) // 2], 1000 * ordered[int(len(ordered) * 0.99)], 1000 * ordered[-1]))
    start = sends[0]
    for at, what, _ in events: print("  %7.3f s  %s" % (at - start, what))
    late = [(l, s) for l, s in latencies if l > 0.05]
    print("keys answered later than 50 ms: %d" % len(late))
    for l, s in late[:30]: print("  key at %7.3f s: %.1f ms" % (s - start, 1000 * l))
    print("load %s; timestamps in %s" % (open("/proc/loadavg").read().split()[:3], stamps))

main()
