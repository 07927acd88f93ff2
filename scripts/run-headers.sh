#!/bin/sh
# Runs the debug binary on the given corpus kernels with their header flags
# and prints each one's header, exit code and the error/verdict lines.
for f in "$@"; do
  flags=$(sed -n 2p "$f" | sed 's#^//##')
  out=$(timeout 300 target/debug/gpuverify $flags "$f" 2>&1)
  code=$?
  echo "== $f [$(head -1 "$f")] exit $code"
  echo "$out" | grep -E "error|Verified|verified" | head -6
done
