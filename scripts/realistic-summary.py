#!/usr/bin/env python3
"""Classifies the results of scripts/realistic-measure.sh per kernel.

Usage: scripts/realistic-summary.py RESULTS.tsv...
A kernel of a file whose header says `//pass` is race-free; every kernel
of an `//xfail` file is racy except those its `//Verified: ...` regex lines
name. Categories: verified, reported (a racy kernel's defect), false alarm,
MISSED RACE, timeout (exit 7, or killed by the wall-clock limit), clang
error (exit 2), unsupported (exit 4), command line (exit 1), panic.
"""
import re
import statistics
import sys

KERNEL_DEF = re.compile(r"__global__\s+(?:__launch_bounds__\([^)]*\)\s*)?void|__kernel\b")


def expected_racy(path):
    lines = open(path).read().split("\n")
    racy = lines[0].startswith("//xfail")
    clean = set(m.group(1) for l in lines[2:20] for m in [re.search(r"kernel `(\w+)`", l)] if l.startswith("//Verified") and m)
    return racy, clean


def kernel_count(path):
    return max(1, len(KERNEL_DEF.findall(open(path).read())))


rows = {}
for tsv in sys.argv[1:]:
    for line in open(tsv):
        parts = line.rstrip("\n").split("\t")
        if len(parts) >= 5:
            rows[parts[0]] = parts
counts = {}
kernels = []
wall, cpu = [], []
for path, parts in sorted(rows.items()):
    code, secs, cpus, verdicts = int(parts[1]), float(parts[2]), parts[3], parts[4]
    wall.append(secs)
    if cpus not in ("?", "0"):
        cpu.append(float(cpus))
    racy, clean = expected_racy(path)
    entries = [v for v in verdicts.split("|") if v]
    if code in (1, 2) or (code == 4 and not entries) or code == 137 or (code == 7 and not entries):
        cat = {1: "command line", 2: "clang error", 4: "unsupported", 137: "timeout", 7: "timeout"}[code]
        n = kernel_count(path)
        for _ in range(n):
            kernels.append((path, "?", cat))
        continue
    for v in entries:
        m = re.search(r"kernel `([^`]+)`", v)
        name = m.group(1) if m else "?"
        base = name.split("<")[0]
        is_racy = racy and base not in clean
        if "panicked" in v:
            cat = "panic"
        elif v.startswith("Verified"):
            cat = "MISSED RACE" if is_racy else "verified"
        elif v.startswith("Not verified (inference incomplete)") or "timeout" in v:
            cat = "timeout"
        elif v.startswith("Not verified"):
            cat = "reported" if is_racy else "false alarm"
        elif v.startswith("Unsupported"):
            cat = "unsupported"
        else:
            cat = "other: " + v[:60]
        kernels.append((path, name, cat))
for _, _, c in kernels:
    counts[c] = counts.get(c, 0) + 1
print(f"{len(rows)} files, {len(kernels)} kernels")
for c, n in sorted(counts.items(), key=lambda x: -x[1]):
    print(f"  {c}: {n}")
def p90(xs):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(0.9 * len(xs)))] if xs else 0
print(f"wall per file: median {statistics.median(wall):.1f} s, p90 {p90(wall):.1f} s")
if cpu:
    print(f"CPU per file (gpuverify + solvers): median {statistics.median(cpu):.2f} s, p90 {p90(cpu):.2f} s")
for path, name, cat in kernels:
    if cat not in ("verified", "reported"):
        print(f"  {cat}: {path.replace('tests/kernels/realistic/', '')} {name}")
