#!/usr/bin/env python3
"""Checks the module map: every `import` in a target's sources names a module that target
depends on (directly or through the targets below it), and the target graph has no cycle.

SwiftPM on Linux lets a file import a module that happens to be built without being
declared (a package's internal target, a sibling module); this check refuses that, so the
arrows in Package.swift are the whole truth. Run from the repository root:
    python3 Resources/scripts/check-layers.py
"""
import json, os, re, subprocess, sys

ALWAYS = {"Foundation", "FoundationEssentials", "FoundationXML", "FoundationNetworking", "Glibc",
          "Dispatch", "Synchronization", "Testing", "XCTest", "_Concurrency"}

def main():
    package = json.loads(subprocess.run(["swift", "package", "dump-package"], check=True,
                                        capture_output=True, text=True).stdout)
    products = {}  # product name -> modules it vends
    for dep in package.get("dependencies", []):
        pass
    deps, paths = {}, {}
    for target in package["targets"]:
        name = target["name"]
        names = set()
        for d in target.get("dependencies", []):
            if "byName" in d: names.add(d["byName"][0])
            elif "target" in d: names.add(d["target"][0])
            elif "product" in d: names.add(d["product"][0])
        deps[name] = names
        kind = target["type"]
        default = "Tests" if kind == "test" else "Sources"
        paths[name] = target.get("path") or os.path.join(default, name)

    def below(name, seen=()):
        if name in seen:
            sys.exit(f"error: the target graph has a cycle through {' -> '.join(seen + (name,))}")
        result = set()
        for d in deps.get(name, ()):
            result |= {d} | below(d, seen + (name,))
        return result

    problems = []
    for name, folder in paths.items():
        allowed = below(name) | {name}
        # An executable target is imported by tests under its module name (dashes as underscores).
        allowed |= {a.replace("-", "_") for a in allowed}
        for root, _, files in os.walk(folder):
            for file in files:
                if not file.endswith(".swift"): continue
                path = os.path.join(root, file)
                for number, line in enumerate(open(path, encoding="utf-8"), 1):
                    m = re.match(r"^(?:@testable\s+|@_exported\s+|@preconcurrency\s+)?import\s+(?:(?:struct|enum|class|func|var)\s+)?(\w+)", line)
                    if m and m.group(1) not in ALWAYS and m.group(1) not in allowed:
                        problems.append(f"{path}:{number}: {name} imports {m.group(1)}, which it does not depend on")
    for p in problems: print(p)
    if problems: sys.exit(1)
    print(f"layers: {len(paths)} targets, every import declared, no cycle")

main()
