#!/usr/bin/env bash
# `make demo`: verify every example kernel with the launch of its header
# (line 2), print one verdict line per kernel file (and whether it is the
# expected one, from line 1), then one full race report. Exit 1 when a
# verdict is not the expected one.
set -u
bin=${1:-target/release/gpuverify}
unexpected=0
for f in examples/kernels/opencl/*.cl examples/kernels/cuda/*.cu; do
  expected=$(sed -n '1s|^//||p' "$f")
  read -r -a flags <<<"$(sed -n '2s|^//||p' "$f")"
  out=$(NO_COLOR=1 "$bin" "${flags[@]}" "$f" 2>&1)
  code=$?
  verdict=$(printf '%s\n' "$out" | grep -m1 -E '^(Verified|Not verified)' || echo "exit $code")
  case "$expected:$code" in
    pass:0 | xfail:NOT_ALL_VERIFIED:6) mark="ok " ;;
    *) mark="BAD"; unexpected=1 ;;
  esac
  printf '%s %s\n' "$mark" "$verdict"
  if [ "$mark" = BAD ]; then printf '%s\n' "$out" | sed 's/^/    /'; fi
done
report=examples/kernels/opencl/transpose_racy.cl
read -r -a flags <<<"$(sed -n '2s|^//||p' "$report")"
echo
echo "One full report: gpuverify ${flags[*]} $report"
echo
"$bin" "${flags[@]}" "$report"
echo
if [ "$unexpected" = 0 ]; then
  echo "Every example gave its expected verdict."
else
  echo "Some examples did not give their expected verdict (BAD above)."
fi
exit "$unexpected"
