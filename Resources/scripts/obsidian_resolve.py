#!/usr/bin/env python3
"""Resolve every wiki link and Markdown link of an Obsidian-style vault by Obsidian's rule.

Independent of notes: a link target (before '#' and '|') names a file by its path from the
vault root (with or without '.md'), else by its base name, case-insensitively, the
shortest path winning on ties. Prints counts as JSON, and with --list the dead links; with
--resolved, each link as `file<TAB>target, stripped and lowercased<TAB>file it leads to` (empty: dead)."""
import json, os, re, sys, urllib.parse

FENCE = re.compile(r'^\s{0,3}(```|~~~)')
WIKI = re.compile(r'(!?)\[\[([^\[\]\n]+?)\]\]')
MDLINK = re.compile(r'(!?)\[[^\]\n]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)')
INLINE_CODE = re.compile(r'`[^`\n]*`')

def files(root):
    for d, _, names in os.walk(root):
        for n in names:
            if not n.startswith('.'):
                yield os.path.relpath(os.path.join(d, n), root)

def build(root):
    by_path, by_name = {}, {}
    for rel in files(root):
        key = rel.lower()
        by_path[key] = rel
        if key.endswith('.md'):
            by_path[key[:-3]] = rel
        base = os.path.basename(key)
        for k in {base, base[:-3] if base.endswith('.md') else base}:
            by_name.setdefault(k, []).append(rel)
    return by_path, by_name

def resolve(target, by_path, by_name):
    t = target.strip().lower()
    if t in by_path:
        return by_path[t]
    if t + '.md' in by_path:
        return by_path[t + '.md']
    cands = by_name.get(os.path.basename(t), [])
    return min(cands, key=lambda p: (p.count('/'), len(p))) if cands else None

def links(text):
    fenced = False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        line = INLINE_CODE.sub('', line)
        for m in WIKI.finditer(line):
            target = re.split(r'[#|]', m.group(2), 1)[0].rstrip('\\')  # '\|' in a table cell
            yield 'wiki', m.group(1) == '!', target
        for m in MDLINK.finditer(line):
            dest = m.group(2).strip('<>')
            if re.match(r'^[a-z][a-z0-9+.-]*:', dest, re.I) or dest.startswith('#'):
                continue
            yield 'markdown', m.group(1) == '!', urllib.parse.unquote(dest.split('#', 1)[0])

def main():
    root = sys.argv[1]
    by_path, by_name = build(root)
    counts = {'links': 0, 'to_notes': 0, 'to_files': 0, 'self': 0, 'dead': 0}
    dead, resolved = [], []
    for rel in sorted(files(root)):
        if not rel.endswith('.md'):
            continue
        with open(os.path.join(root, rel), encoding='utf-8', errors='replace') as f:
            text = f.read()
        for kind, embed, target in links(text):
            counts['links'] += 1
            if target.strip() == '':
                counts['self'] += 1
                continue
            if kind == 'markdown':
                joined = os.path.normpath(os.path.join(os.path.dirname(rel), target))
                found = resolve(joined, by_path, by_name) or resolve(target, by_path, by_name)
            else:
                found = resolve(target, by_path, by_name)
            resolved.append((rel, target.strip().lower(), found or ''))
            if found is None:
                counts['dead'] += 1
                dead.append((rel, target))
            elif found.endswith('.md'):
                counts['to_notes'] += 1
            else:
                counts['to_files'] += 1
    print(json.dumps(counts))
    if '--list' in sys.argv:
        for rel, target in dead:
            print(f'{rel}\t{target}')
    if '--resolved' in sys.argv:
        for rel, target, found in resolved:
            print(f'{rel}\t{target}\t{found}')

main()
