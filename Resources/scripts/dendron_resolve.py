#!/usr/bin/env python3
"""Count the wiki links of a Dendron vault that Dendron resolves, independent of notes.

Dendron's rule: a link is `[[target]]` or `[[label|target]]` (the target after the bar);
a `dendron://vault/` before the target and a `#anchor` after it are not part of the note's
name; the link resolves when the vault holds a note file `<target>.md` (names compared
case-insensitively). Embeds `![[…]]` (note references) are not counted; fenced code and
inline code are skipped. Prints `resolved/total`; with --list, each unresolved target."""
import os, re, sys

WIKI = re.compile(r'(!?)\[\[([^\[\]\n]+?)\]\]')
FENCED = re.compile(r'(?ms)^(```|~~~).*?^\1')
INLINE_CODE = re.compile(r'`[^`\n]*`')


def target(inner):
    written = inner.split('|', 1)[1] if '|' in inner else inner
    written = written.replace('\\', '').strip()
    if written.startswith('dendron://') and written.count('/') >= 3:
        written = written.split('/', 3)[3]
    return written.split('#', 1)[0].strip().lower()


def main():
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    if len(args) != 1:
        sys.exit('usage: dendron_resolve.py [--list] VAULT_FOLDER')
    vault = args[0]
    names = {f[:-3].lower() for f in os.listdir(vault) if f.endswith('.md')}
    total = resolved = 0
    for name in sorted(os.listdir(vault)):
        if not name.endswith('.md'):
            continue
        with open(os.path.join(vault, name), encoding='utf-8') as file:
            text = INLINE_CODE.sub('', FENCED.sub('', file.read()))
        for match in WIKI.finditer(text):
            wanted = target(match.group(2))
            if match.group(1) or not wanted:
                continue
            total += 1
            if wanted in names:
                resolved += 1
            elif '--list' in sys.argv:
                print(f'{name}\t{wanted}')
    print(f'{resolved}/{total} wiki links resolve by Dendron\'s rule ({100 * resolved / max(total, 1):.1f}%)')


if __name__ == '__main__':
    main()
