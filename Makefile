# gpuverify: build, demo and test entry points. `make test` is what CI runs.
CARGO ?= cargo
RELEASE_BIN := target/release/gpuverify

.PHONY: all deps build release demo check test corpus lint fmt clean

all: build

deps:
	@bash scripts/install-deps.sh

build: deps
	$(CARGO) build

release: deps
	$(CARGO) build --release

# Verify the bundled examples with the release build and print each verdict
# (a kernel example's line 2 holds its launch flags, as in tests/kernels/).
demo: release
	@for f in examples/ivl/*.ivl; do \
	  flags=$$(sed -n '2s|^//\(--.*\)|\1|p' "$$f"); \
	  printf '%-45s ' "$$f"; \
	  if out=$$($(RELEASE_BIN) $$flags "$$f" 2>&1); then echo "$$out" | grep -m1 -E '^(Verified|Not verified)'; \
	  else echo "exit $$?:"; echo "$$out" | sed 's/^/    /'; fi; \
	done

lint: deps
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings

# Two tiers of tests. `make check` is the quick loop while developing:
# formatting, clippy, unit tests, each stage's filetests and snapshots (no
# suite that runs the whole kernel corpus). `make test` is what CI runs:
# every test of the workspace, the corpus-wide suites included, so a new
# test file can never fall between the tiers.
#
# The corpus-wide suites (each runs every kernel of tests/kernels, or a
# generated batch, through the pipeline), left out of `make check`:
#   gpuverify: kernels differential mutants inference no_inline explicit
#   frontend: corpus    simulate: corpus
#
# One cargo invocation over the whole workspace (selecting packages with -p
# would unify features differently and rebuild dependencies).
CHECK_TESTS := cfg inline roundtrip typeck api fuzz models programs \
  defect modular product houdini errors snapshots semantics replay \
  cli docs reports tester
check: deps lint
	$(CARGO) test --workspace --lib --bins $(addprefix --test ,$(CHECK_TESTS))

# `cargo test` runs the kernel corpus through gpuverify-tester
# (tests/kernels.rs); `make corpus` runs the same command directly.
test: deps lint
	$(CARGO) test --workspace

corpus: build
	target/debug/gpuverify-tester --known-failures=tests/kernels/known_failures.txt \
	  --extra-flag=--timeout=60 tests/kernels

fmt:
	$(CARGO) fmt --all

clean:
	$(CARGO) clean
