#!/usr/bin/env python3
"""Tallies a `make realworld` run (scripts/realworld-hashcat.sh): phase 1
(each file lowered with --stop-at=ivl) and phase 2 (each kernel of the
sampled files verified on its own, --json)."""
import collections
import json
import pathlib
import re
import sys

out = pathlib.Path(sys.argv[1])
lower_wall, verify_wall = (sys.argv[2:4] + ["?", "?"])[:2]


def crashed(stderr):
    return "the verifier crashed" in stderr or "panicked" in stderr


def construct_of(text):
    m = re.search(r"unsupported: (.*?)(?: \(in `|$)", text, re.M)
    construct = m.group(1) if m else text.strip().splitlines()[-1][:80] if text.strip() else "?"
    return re.sub(r"`[^`]*`", "`..`", construct)


def times_of(files):
    t = sorted(float(b) - float(a) for a, b in (f.read_text().split() for f in files))
    return spread(t)


def cpu_times_of(files):
    """`/usr/bin/time -f '%U %S'` files: user + system seconds (the last
    line; a killed run's file starts with a "Command terminated" line)."""
    t = []
    for f in files:
        lines = [l for l in f.read_text().splitlines() if l.strip()]
        try:
            u, s = lines[-1].split()[:2]
            t.append(float(u) + float(s))
        except (IndexError, ValueError):
            pass
    return spread(sorted(t))


def spread(t):
    if not t:
        return "-"
    p90 = t[min(len(t) - 1, (9 * len(t)) // 10)]
    return f"median {t[len(t) // 2]:.1f} s, p90 {p90:.1f} s, max {t[-1]:.1f} s"


# Phase 1.
files = lowered = unsupported = 0
outcomes = collections.Counter()
constructs = collections.Counter()
crashes = []
for rc_file in sorted(out.glob("*.rc")):
    name = rc_file.stem
    files += 1
    rc = int(rc_file.read_text().strip() or "0")
    stderr = (out / f"{name}.stderr").read_text(errors="replace")
    ivl = (out / f"{name}.ivl").read_text(errors="replace")
    n_lowered = len(re.findall(r"^procedure \{:kernel\}", ivl, re.M))
    n_unsupported = len(re.findall(r"error: unsupported:", stderr))
    lowered += n_lowered
    unsupported += n_unsupported
    if crashed(stderr):
        crashes.append(name)
    if rc == 124:
        outcomes["file timed out"] += 1
    elif rc == 8 or "error: out of memory" in stderr:
        outcomes["out of memory (MEMORY_LIMIT, exit 8)"] += 1
    elif rc in (134, 137) or "memory allocation" in stderr:
        outcomes["out of memory (MEMORY_LIMIT, abort)"] += 1
    elif rc == 139:
        outcomes["crash (SIGSEGV)"] += 1
    elif rc == 2:
        outcomes["clang error"] += 1
    elif n_unsupported and n_lowered:
        outcomes["some kernels unsupported"] += 1
    elif n_unsupported or rc == 4:
        outcomes["all kernels unsupported"] += 1
    elif rc == 0:
        outcomes["all kernels lowered"] += 1
    else:
        outcomes[f"exit {rc}"] += 1
    for line in stderr.splitlines():
        if "error: unsupported:" in line:
            constructs[construct_of(line)] += 1
print(f"phase 1 (lowering): {files} files in {lower_wall} s wall clock; "
      f"per file {times_of(out.glob('*.time'))}")
for outcome, n in outcomes.most_common():
    print(f"  files, {outcome}: {n}")
total = lowered + unsupported
if total:
    print(f"  kernels lowered: {lowered}/{total} ({100.0 * lowered / total:.1f}%), "
          f"unsupported: {unsupported}")
print(f"  crashes (panics): {len(crashes)} {' '.join(crashes[:10])}")
for construct, n in constructs.most_common(12):
    print(f"    {n:4} {construct}")

# Phase 2.
verify = out / "verify"
verdicts = collections.Counter()
vcrashes = []
for rc_file in sorted(verify.glob("*.rc")):
    name = rc_file.stem
    rc = int(rc_file.read_text().strip() or "0")
    stderr = (verify / f"{name}.stderr").read_text(errors="replace")
    if crashed(stderr):
        vcrashes.append(name)
    if rc == 124:
        verdicts["timeout (kernel wall-clock cap)"] += 1
        continue
    if rc == 152 or "CPU time limit" in stderr:
        verdicts["timeout (kernel CPU time, KERNEL_CPU)"] += 1
        continue
    if rc == 8 or "error: out of memory" in stderr:
        verdicts["out of memory (MEMORY_LIMIT, exit 8)"] += 1
        continue
    if rc in (134, 137) or "memory allocation" in stderr:
        verdicts["out of memory (MEMORY_LIMIT, abort)"] += 1
        continue
    if rc == 139:
        verdicts["crash (SIGSEGV, exit 139)"] += 1
        continue
    try:
        report = json.loads((verify / f"{name}.json").read_text())
        for result in report.get("results", []):
            verdicts[result.get("verdict", "?")] += 1
    except (json.JSONDecodeError, FileNotFoundError):
        verdicts[f"no JSON (exit {rc})"] += 1
kernels = sum(verdicts.values())
print(f"phase 2 (verification): {kernels} kernels in {verify_wall} s wall clock; "
      f"per kernel {times_of(verify.glob('*.time'))}; "
      f"CPU per kernel {cpu_times_of(verify.glob('*.cpu'))}")
for verdict, n in verdicts.most_common():
    print(f"  {verdict}: {n}")
reached = verdicts["verified"] + verdicts["not-verified"]
if kernels:
    print(f"  reached a verdict: {reached}/{kernels} ({100.0 * reached / kernels:.1f}%)")
print(f"  crashes (panics): {len(vcrashes)} {' '.join(vcrashes[:10])}")
