#!/bin/sh
# Runs every kernel file of tests/kernels/realistic/ (or the files given)
# from the repository root with the flags of its header line 2 plus
# --timeout=60, and writes one line per file to $OUT (default
# /tmp/realistic-results.tsv): file, exit code, wall seconds, CPU seconds
# (user + system of gpuverify and its solver processes), and the
# per-kernel verdict lines; full outputs go to $LOGDIR.
# Usage: scripts/realistic-measure.sh [-j N] [FILES...]
set -u
BIN=${GPUVERIFY:-target/release/gpuverify}
OUT=${OUT:-/tmp/realistic-results.tsv}
LOGDIR=${LOGDIR:-/tmp/realistic-logs}
export BIN OUT LOGDIR
if [ "${1:-}" = "--one" ]; then
  f=$2
  flags=$(sed -n 2p "$f" | sed 's#^//##')
  log="$LOGDIR/$(echo "$f" | tr '/' '_').log"
  start=$(date +%s.%N)
  # shellcheck disable=SC2086
  /usr/bin/time -f '%U %S' -o "$log.cpu" timeout -s KILL 900 "$BIN" $flags --timeout=60 "$f" > "$log" 2>&1
  code=$?
  cpu=$(awk '{print $1 + $2}' "$log.cpu" 2>/dev/null | tail -1)
  end=$(date +%s.%N)
  secs=$(echo "$end - $start" | bc)
  verdicts=$(grep -E '^(Verified|Not verified|Unsupported|Timed out|Timeout|error|thread .* panicked)' "$log" | tr '\n' '|' | cut -c1-800)
  printf '%s\t%s\t%s\t%s\t%s\n' "$f" "$code" "$secs" "${cpu:-?}" "$verdicts" >> "$OUT"
  exit 0
fi
JOBS=2
if [ "${1:-}" = "-j" ]; then JOBS=$2; shift 2; fi
mkdir -p "$LOGDIR"
: > "$OUT"
if [ $# -eq 0 ]; then
  set -- $(find tests/kernels/realistic -name '*.cu' -o -name '*.cl' | grep -v '/include/' | sort)
fi
printf '%s\n' "$@" | xargs -P "$JOBS" -I{} "$0" --one {}
sort -o "$OUT" "$OUT"
