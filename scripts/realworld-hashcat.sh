#!/usr/bin/env bash
# `make realworld`: robustness run on OpenCL kernels nobody here wrote.
# Fetches Debian's hashcat-data (apt-get download, no install), extracts
# its OpenCL/ directory and verifies every kernel file m*.cl with the
# defines hashcat's own build passes (KERNEL_STATIC, INCLUDE_PATH, M2S,
# the HAS_* feature flags off, VECT_SIZE=1, KERN_TYPE = the hash mode, the
# scrypt parameters hashcat's host passes for the scrypt modes),
# in two phases: every file is compiled and lowered (--stop-at=ivl: counts
# of kernels lowered, unsupported by construct, clang failures, crashes),
# then every kernel of every SAMPLE-th file is verified on its own
# (verified, reported, unsupported, timeouts).
#
# Environment: GPUVERIFY (binary, default target/release/gpuverify when
# built, else target/debug/gpuverify), JOBS (parallel runs, default 2),
# TIMEOUT (solver CPU seconds per query, default 10), FILE_TIMEOUT (wall-clock
# seconds to lower one file, default 300), KERNEL_CPU (CPU seconds to verify
# one kernel, default 120, a soft `ulimit -t` on gpuverify and on each solver
# process: SIGXCPU, counted as a timeout; CPU time, so that a loaded machine
# measures the same), KERNEL_TIMEOUT (wall-clock cap per kernel, default 10 x
# KERNEL_CPU), SAMPLE (verify the kernels
# of every SAMPLE-th lowered file, default 1 = all), LOWER_SAMPLE (lower
# every LOWER_SAMPLE-th file, default 1 = all), MEMORY_LIMIT (megabytes
# of address space per run, default 4096: a kernel that needs more is
# counted as out of memory instead of exhausting a shared machine), WORK
# (default target/realworld).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WORK=${WORK:-$ROOT/target/realworld}
JOBS=${JOBS:-2}
TIMEOUT=${TIMEOUT:-10}
FILE_TIMEOUT=${FILE_TIMEOUT:-300}
KERNEL_CPU=${KERNEL_CPU:-120}
KERNEL_TIMEOUT=${KERNEL_TIMEOUT:-$((10 * KERNEL_CPU))}
SAMPLE=${SAMPLE:-1}
LOWER_SAMPLE=${LOWER_SAMPLE:-1}
MEMORY_LIMIT=${MEMORY_LIMIT:-4096}
if [[ -z "${GPUVERIFY:-}" ]]; then
  if [[ -x target/release/gpuverify ]]; then GPUVERIFY=$ROOT/target/release/gpuverify
  else GPUVERIFY=$ROOT/target/debug/gpuverify; fi
fi
mkdir -p "$WORK"
cd "$WORK"
if [[ ! -d hashcat/usr/share/hashcat/OpenCL ]]; then
  rm -f hashcat-data_*.deb
  apt-get download hashcat-data
  dpkg-deb -x hashcat-data_*.deb hashcat
fi
SRC=$WORK/hashcat/usr/share/hashcat/OpenCL
OUT=$WORK/results
rm -rf "$OUT"
mkdir -p "$OUT"

DEFINES=(-DKERNEL_STATIC -DINCLUDE_PATH=. '-DXM2S(x)=#x' '-DM2S(x)=XM2S(x)'
  -DLOCAL_MEM_TYPE=1 -DVENDOR_ID=8 -DCUDA_ARCH=0 -DHAS_ADD=0 -DHAS_ADDC=0 -DHAS_SUB=0
  -DHAS_SUBC=0 -DHAS_VADD=0 -DHAS_VADDC=0 -DHAS_VADD_CO=0 -DHAS_VADDC_CO=0 -DHAS_VSUB=0
  -DHAS_VSUBB=0 -DHAS_VSUB_CO=0 -DHAS_VSUBB_CO=0 -DHAS_VPERM=0 -DHAS_VADD3=0 -DHAS_VBFE=0
  -DHAS_BFE=0 -DHAS_LOP3=0 -DHAS_MOV64=0 -DHAS_PRMT=0 -DVECT_SIZE=1 -DDEVICE_TYPE=2
  -DDGST_R0=0 -DDGST_R1=1 -DDGST_R2=2 -DDGST_R3=3 -DDGST_ELEM=4
  -DATTACK_EXEC=11 -DATTACK_KERN=0 -D_unroll -DFIXED_LOCAL_SIZE=8
  -DSCRYPT_N=1024 -DSCRYPT_R=1 -DSCRYPT_P=1 -DSCRYPT_TMTO=1)
export DEFINES_TEXT="${DEFINES[*]}"

# Phase 1, every file: clang and lowering of each kernel (--stop-at=ivl).
lower_one() {
  local file=$1 name mode
  name=$(basename "$file" .cl)
  mode=$(echo "$name" | sed -E 's/^m0*([0-9]+)_.*/\1/')
  local start end
  start=$(date +%s.%N)
  set +e
  # shellcheck disable=SC2086
  (cd "$SRC" && set -f && ulimit -v $((MEMORY_LIMIT * 1024)) && timeout "$FILE_TIMEOUT" "$GPUVERIFY" --stop-at=ivl --local_size=8 \
    --num_groups=2 $DEFINES_TEXT -DKERN_TYPE="${mode:-0}" "$name.cl" \
    >"$OUT/$name.ivl" 2>"$OUT/$name.stderr")
  echo $? >"$OUT/$name.rc"
  set -e
  end=$(date +%s.%N)
  echo "$start $end" >"$OUT/$name.time"
}

# Phase 2, every SAMPLE-th file: each lowered kernel verified on its own.
verify_one() {
  local file=$1 name mode kernel
  name=$(basename "$file" .cl)
  mode=$(echo "$name" | sed -E 's/^m0*([0-9]+)_.*/\1/')
  for kernel in $(grep -o '^procedure {:kernel} {:source_name "[^"]*"' "$OUT/$name.ivl" \
      | sed -E 's/.*"(.*)"/\1/'); do
    local start end
    start=$(date +%s.%N)
    set +e
    # shellcheck disable=SC2086
    (cd "$SRC" && set -f && ulimit -v $((MEMORY_LIMIT * 1024)) && ulimit -S -t "$KERNEL_CPU" \
      && /usr/bin/time -f '%U %S' -o "$OUT/verify/$kernel.cpu" \
      timeout "$KERNEL_TIMEOUT" "$GPUVERIFY" --json --kernel="$kernel" \
      --local_size=8 --num_groups=2 --timeout="$TIMEOUT" $DEFINES_TEXT \
      -DKERN_TYPE="${mode:-0}" "$name.cl" \
      >"$OUT/verify/$kernel.json" 2>"$OUT/verify/$kernel.stderr")
    echo $? >"$OUT/verify/$kernel.rc"
    set -e
    end=$(date +%s.%N)
    echo "$start $end" >"$OUT/verify/$kernel.time"
  done
}
export -f lower_one verify_one
export SRC OUT GPUVERIFY TIMEOUT FILE_TIMEOUT KERNEL_CPU KERNEL_TIMEOUT MEMORY_LIMIT
mkdir -p "$OUT/verify"

ls "$SRC"/m*.cl | awk -v s="$LOWER_SAMPLE" '(NR - 1) % s == 0' >"$WORK/files.txt"
echo "lowering $(wc -l <"$WORK/files.txt") files with $JOBS jobs ($GPUVERIFY)"
wall_start=$(date +%s)
xargs -P "$JOBS" -I{} bash -c 'lower_one "$1"' _ {} <"$WORK/files.txt"
lower_end=$(date +%s)
awk -v s="$SAMPLE" '(NR - 1) % s == 0' "$WORK/files.txt" >"$WORK/sample.txt"
echo "verifying the kernels of $(wc -l <"$WORK/sample.txt") files"
xargs -P "$JOBS" -I{} bash -c 'verify_one "$1"' _ {} <"$WORK/sample.txt"
wall_end=$(date +%s)
python3 "$ROOT/scripts/realworld-summary.py" "$OUT" "$((lower_end - wall_start))" \
  "$((wall_end - lower_end))"
