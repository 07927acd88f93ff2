#!/usr/bin/env bash
# `make test-deb`: builds the Debian package (make deb), checks its
# dependencies, installs it (as root: dpkg -i; otherwise unpacked into a
# temporary directory), runs the installed binary on an installed example
# pair (race-free: exit 0, racy: exit 6), records the launches of the C
# host program of tests/data/record with the installed recorder (when
# pocl is installed: scripts/install-deps.sh) and removes it again.
# Not part of `make test`: it needs a release build and cargo-deb.
set -euo pipefail
make deb
deb=$(ls -t target/debian/gpuverify_*.deb | head -n 1)
depends=$(dpkg-deb -f "$deb" Depends)
for dep in clang-14 llvm-14 libz3-4 cvc5; do
  case "$depends" in
    *"$dep"*) ;;
    *) echo "test-deb: $deb does not depend on $dep: $depends" >&2; exit 1 ;;
  esac
done
if [ "$(id -u)" -eq 0 ]; then
  dpkg -i "$deb" >/dev/null
  trap 'dpkg -r gpuverify >/dev/null' EXIT
  root=
else
  root=$(mktemp -d)
  trap 'rm -rf "$root"' EXIT
  dpkg-deb -x "$deb" "$root"
fi
bin=$root/usr/bin/gpuverify
examples=$root/usr/share/doc/gpuverify/examples/kernels/opencl
"$bin" --version
"$bin" --global_size=1024 --local_size=128 "$examples/vector_add.cl"
set +e
"$bin" --global_size=1024 --local_size=128 "$examples/vector_add_racy.cl" >/dev/null 2>&1
code=$?
set -e
if [ "$code" -ne 6 ]; then
  echo "test-deb: the installed binary gave exit $code on the racy example (expected 6)" >&2
  exit 1
fi
if [ -e /etc/OpenCL/vendors/pocl.icd ]; then
  work=$(mktemp -d)
  cc -o "$work/host" tests/data/record/host.c -lOpenCL
  "$bin" record -o "$work/launches.json" -- "$work/host" tests/data/record/kernels.cl
  set +e
  "$bin" --launches="$work/launches.json" >/dev/null 2>&1
  code=$?
  set -e
  rm -rf "$work"
  if [ "$code" -ne 6 ]; then
    echo "test-deb: the installed recorder's launches gave exit $code (expected 6: one racy launch)" >&2
    exit 1
  fi
fi
echo "test-deb: $deb installs, verifies its examples and records launches"
