#!/usr/bin/env python3
"""Lists every function over 60 lines and every file over 300 lines in Sources/, and fails
when one has no reason where it stands: a `// Long because …` comment on the line right
above the declaration (above its doc comment and attributes), or for a file in its first
lines. Run from the repository root:
    python3 Resources/scripts/check-lengths.py            # check: exit 1 on an unexplained one
    python3 Resources/scripts/check-lengths.py --report   # list them all, never fail
A function's length counts from its declaration to its closing brace.
"""
import os, re, sys

FUNCTION_LIMIT, FILE_LIMIT = 60, 300
REASON = re.compile(r"^\s*// Long because ")
DECLARATION = re.compile(r"^\s*(?:@[\w().,: \"]+\s+)*(?:(?:public|package|internal|fileprivate|private|open|static|class|"
                         r"final|override|mutating|nonmutating|convenience|required|nonisolated|@\w+(?:\([^)]*\))?)\s+)*"
                         r"(func\s+[^\s(<]+|init[?!]?\s*[(<]|deinit\b|subscript\s*[(<])")


def code_lines(text):
    """Each line with comments and string contents blanked, so braces can be counted."""
    out, line, i, n = [], [], 0, len(text)
    stack = ["code"]  # code | block | string | multiline ; interpolation pushes "interp" (code)
    depth_paren = []
    while i < n:
        c, state = text[i], stack[-1]
        if c == "\n":
            out.append("".join(line)); line = []
            if state == "string": stack.pop()  # an unterminated one-line string: give up on it
            i += 1; continue
        if state in ("code", "interp"):
            if text.startswith("//", i):
                j = text.find("\n", i); i = n if j < 0 else j; continue
            if text.startswith("/*", i): stack.append("block"); i += 2; continue
            if text.startswith('"""', i): stack.append("multiline"); line.append('"'); i += 3; continue
            if c == '"': stack.append("string"); line.append('"'); i += 1; continue
            if state == "interp":
                if c == "(": depth_paren[-1] += 1
                elif c == ")":
                    depth_paren[-1] -= 1
                    if depth_paren[-1] == 0: depth_paren.pop(); stack.pop(); i += 1; continue
            line.append(c); i += 1; continue
        if state == "block":
            if text.startswith("*/", i): stack.pop(); i += 2; continue
            if text.startswith("/*", i): stack.append("block"); i += 2; continue
            i += 1; continue
        # inside a string
        if c == "\\" and i + 1 < n:
            if text[i + 1] == "(": stack.append("interp"); depth_paren.append(1); i += 2; continue
            i += 2; continue
        if state == "string" and c == '"': stack.pop(); line.append('"'); i += 1; continue
        if state == "multiline" and text.startswith('"""', i): stack.pop(); line.append('"'); i += 3; continue
        i += 1
    out.append("".join(line))
    return out


def reason_above(raw, index):
    """Whether a `// Long because` line stands above the declaration at `index` (skipping doc comments and attributes)."""
    j = index - 1
    while j >= 0 and (raw[j].strip().startswith("///") or raw[j].strip().startswith("@")):
        j -= 1
    return j >= 0 and REASON.match(raw[j]) is not None


def long_functions(path):
    raw = open(path, encoding="utf-8").read().split("\n")
    code = code_lines("\n".join(raw))
    found = []
    for index, line in enumerate(code):
        match = DECLARATION.match(line)
        if not match: continue
        depth, opened, end = 0, False, None
        for k in range(index, len(code)):
            for ch in code[k]:
                if ch == "{": depth += 1; opened = True
                elif ch == "}": depth -= 1
            if opened and depth <= 0: end = k; break
            if not opened and k > index and code[k].strip() == "": break  # a protocol requirement
        if end is None: continue
        length = end - index + 1
        if length > FUNCTION_LIMIT:
            name = re.sub(r"\s+", " ", match.group(1)).rstrip("(<")
            found.append((index + 1, length, name, reason_above(raw, index)))
    return raw, found


def main():
    report = "--report" in sys.argv
    unexplained = []
    functions, files = [], []
    for root, _, names in os.walk("Sources"):
        for name in sorted(names):
            if not name.endswith(".swift"): continue
            path = os.path.join(root, name)
            raw, found = long_functions(path)
            lines = len(raw) - (1 if raw and raw[-1] == "" else 0)
            if lines > FILE_LIMIT:
                explained = any(REASON.match(l) for l in raw[:5])
                files.append((lines, path, explained))
            for number, length, fn, explained in found:
                functions.append((length, f"{path}:{number}", fn, explained))
    for length, place, fn, explained in sorted(functions, reverse=True):
        mark = "" if explained else "  (no reason given)"
        print(f"function {length:4} lines  {place}  {fn}{mark}")
        if not explained: unexplained.append(place)
    for lines, path, explained in sorted(files, reverse=True):
        mark = "" if explained else "  (no reason given)"
        print(f"file     {lines:4} lines  {path}{mark}")
        if not explained: unexplained.append(path)
    print(f"lengths: {len(functions)} functions over {FUNCTION_LIMIT} lines, {len(files)} files over {FILE_LIMIT} lines, "
          f"{len(unexplained)} without a reason")
    if unexplained and not report: sys.exit(1)


main()
