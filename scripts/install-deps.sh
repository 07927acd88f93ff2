#!/usr/bin/env bash
# Installs the Debian packages gpuverify needs to build, test and run.
#
# Idempotent: silent and quick when everything is already present. Must be
# run as root (or through sudo) when something is missing; says what is
# missing otherwise. The Rust toolchain itself is expected to be present
# (rustup); everything else comes from apt.
set -euo pipefail

# package -> a file whose presence proves it is installed
declare -A probes=(
  [clang-14]=/usr/bin/clang-14
  [llvm-14]=/usr/bin/opt-14
  [llvm-14-dev]=/usr/bin/llvm-config-14
  [libclang-common-14-dev]=/usr/lib/llvm-14/lib/clang/14.0.6/include/opencl-c-base.h
  [libz3-dev]=/usr/include/z3.h
  [z3]=/usr/bin/z3
  [cvc5]=/usr/bin/cvc5
  [libpolly-14-dev]=/usr/lib/llvm-14/lib/libPolly.a
  [zlib1g-dev]=/usr/include/zlib.h
  [libzstd-dev]=/usr/include/zstd.h
  [libtinfo-dev]=/usr/include/term.h
  [libxml2-dev]=/usr/include/libxml2/libxml/parser.h
  [libclang-14-dev]=/usr/lib/llvm-14/lib/libclang.so
  [pkg-config]=/usr/bin/pkg-config
  [make]=/usr/bin/make
  [gcc]=/usr/bin/gcc
  [time]=/usr/bin/time  # GNU time: peak memory in scripts/bench
  # `gpuverify record` tests (tests/record.rs): OpenCL on the CPU, the ICD
  # loader's development files for the C host program, a Python host.
  [pocl-opencl-icd]=/etc/OpenCL/vendors/pocl.icd
  [ocl-icd-opencl-dev]=/usr/lib/x86_64-linux-gnu/libOpenCL.so
  [opencl-c-headers]=/usr/include/CL/cl.h
  [python3-pyopencl]=/usr/lib/python3/dist-packages/pyopencl/__init__.py
)

missing=()
for pkg in "${!probes[@]}"; do
  if [ ! -e "${probes[$pkg]}" ]; then
    missing+=("$pkg")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

IFS=$'\n' missing=($(sort <<<"${missing[*]}")); unset IFS

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    as_root=(sudo -n)
  else
    echo "install-deps: these Debian packages are missing: ${missing[*]}" >&2
    echo "install-deps: run as root: apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq >/dev/null
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

for pkg in "${missing[@]}"; do
  if [ ! -e "${probes[$pkg]}" ]; then
    echo "install-deps: $pkg installed but ${probes[$pkg]} is still missing" >&2
    exit 1
  fi
done
