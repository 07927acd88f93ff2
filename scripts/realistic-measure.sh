#!/bin/sh
# Runs every kernel file of tests/kernels/realistic/ (or the files given)
# with the flags of its header line 2 plus --timeout=60, and writes one
# line per file to $OUT (default /tmp/realistic-results.tsv):
# file, exit code, wall seconds, and the per-kernel verdict lines.
# Usage: scripts/realistic-measure.sh [-j N] [FILES...]
set -u
JOBS=2
if [ "${1:-}" = "-j" ]; then JOBS=$2; shift 2; fi
BIN=${GPUVERIFY:-target/release/gpuverify}
OUT=${OUT:-/tmp/realistic-results.tsv}
LOGDIR=${LOGDIR:-/tmp/realistic-logs}
mkdir -p "$LOGDIR"
: > "$OUT"
if [ $# -eq 0 ]; then
  set -- $(find tests/kernels/realistic -name '*.cu' -o -name '*.cl' | grep -v '/include/' | sort)
fi
run_one() {
  f=$1
  flags=$(sed -n 2p "$f" | sed 's#^//##')
  log="$LOGDIR/$(echo "$f" | tr '/' '_').log"
  start=$(date +%s.%N)
  # shellcheck disable=SC2086
  timeout -s KILL 900 "$BIN" $flags --timeout=60 "$f" > "$log" 2>&1
  code=$?
  end=$(date +%s.%N)
  secs=$(echo "$end - $start" | bc)
  verdicts=$(grep -E '^(Verified|Not verified|Unsupported|Timed out|Timeout|Error|error|thread .* panicked)' "$log" | tr '\n' '|' | cut -c1-600)
  printf '%s\t%s\t%s\t%s\n' "$f" "$code" "$secs" "$verdicts" >> "$OUT"
}
export -f run_one 2>/dev/null
for f in "$@"; do echo "$f"; done | xargs -P "$JOBS" -I{} bash -c "BIN=$BIN OUT=$OUT LOGDIR=$LOGDIR; $(declare -f run_one); run_one {}"
sort -o "$OUT" "$OUT"
