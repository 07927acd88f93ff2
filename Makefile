# gpuverify: build, demo and test entry points. `make test` is what CI runs.
CARGO ?= cargo
RELEASE_BIN := target/release/gpuverify

.PHONY: all deps build release demo install uninstall deb test-deb check test corpus realistic lint fmt clean realworld

all: build

deps:
	@bash scripts/install-deps.sh

# The verifier and the launch recorder (libgpuverify_intercept.so, which
# `gpuverify record` finds beside the binary).
build: deps
	$(CARGO) build -p gpuverify -p gpuverify-intercept

release: deps
	$(CARGO) build --release -p gpuverify -p gpuverify-intercept

# Verify the example kernels (examples/kernels/: a race-free kernel and
# its racy twin per topic, launch in line 2 of each file) with the release
# build, printing each verdict and one full race report.
demo: release
	@bash scripts/demo.sh $(RELEASE_BIN)

# Install the binaries, the docs and the man-page-like usage under PREFIX.
PREFIX ?= /usr/local
DESTDIR ?=
install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/gpuverify $(DESTDIR)$(PREFIX)/share/doc/gpuverify/examples
	install -m 755 target/release/gpuverify target/release/gpuverify-tester $(DESTDIR)$(PREFIX)/bin/
	install -m 644 target/release/libgpuverify_intercept.so $(DESTDIR)$(PREFIX)/lib/gpuverify/
	install -m 644 README.md SOUNDNESS.md docs/usage.md docs/ci.md $(DESTDIR)$(PREFIX)/share/doc/gpuverify/
	cp -r examples/kernels $(DESTDIR)$(PREFIX)/share/doc/gpuverify/examples/

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/gpuverify $(DESTDIR)$(PREFIX)/bin/gpuverify-tester
	rm -rf $(DESTDIR)$(PREFIX)/lib/gpuverify
	rm -rf $(DESTDIR)$(PREFIX)/share/doc/gpuverify

# A Debian package (target/debian/gpuverify_VERSION_ARCH.deb) built by
# cargo-deb, installed into ~/.cargo/bin by this target when missing.
deb: deps
	@command -v cargo-deb >/dev/null || $(CARGO) install --locked cargo-deb
	$(CARGO) build --release -p gpuverify-intercept
	$(CARGO) deb

# Install the package and run the installed binary on an example
# (scripts/test-deb.sh); slow (release build), so not part of `make test`.
test-deb:
	@bash scripts/test-deb.sh

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
#   kernels differential mutants inference no_inline explicit
#   frontend_corpus (all in the root crate's tests/)
# They read tests/kernels recursively; a kernel one of them cannot run is
# listed with its reason in tests/kernels/suite_exclusions.txt.
# GPUVERIFY_CORPUS_ONLY=part,part runs them on part of the corpus (while
# developing; never in CI).
#
# One cargo invocation over the whole workspace (selecting packages with -p
# would unify features differently and rebuild dependencies).
CHECK_TESTS := cfg inline roundtrip typeck api fuzz models programs \
  defect modular product houdini errors snapshots semantics replay \
  cli docs reports tester record
check: deps lint
	$(CARGO) test --workspace --lib --bins $(addprefix --test ,$(CHECK_TESTS))

# `cargo test` runs the kernel corpus through gpuverify-tester
# (tests/kernels.rs); `make corpus` runs the same command directly.
test: deps lint
	$(CARGO) test --workspace

corpus: build
	target/debug/gpuverify-tester --known-failures=tests/kernels/known_failures.txt \
	  --extra-flag=--timeout=60 tests/kernels

# The realistic corpus (tests/kernels/realistic: SDK- and benchmark-style
# files written the way their authors write them) with the release build:
# not part of `make test` (several files take minutes each in a debug
# build). Same known-failures list as the corpus test.
realistic: release
	target/release/gpuverify-tester --gpuverify=target/release/gpuverify \
	  --known-failures=tests/kernels/known_failures.txt \
	  --extra-flag=--timeout=60 --kernel-timeout=900 tests/kernels/realistic

fmt:
	$(CARGO) fmt --all

clean:
	$(CARGO) clean

# Robustness on OpenCL nobody here wrote (not part of `make test`): every
# kernel of Debian's hashcat-data, with the defines hashcat's build uses.
# SAMPLE=N verifies every N-th file; JOBS, TIMEOUT, FILE_TIMEOUT as in the
# script. Figures: README.md, "Real-world OpenCL".
realworld: build
	bash scripts/realworld-hashcat.sh
