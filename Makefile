# Two commands on a fresh Debian 12 machine:
#   make demo   installs what is missing, builds, runs the Black-Scholes demo
#   make test   the same set-up, then every test
BUILD ?= build
JOBS ?= $(shell nproc)
DEBS = cmake ninja-build ccache g++ libmlir-22-dev mlir-22-tools llvm-22-dev \
       llvm-22-tools libopenblas-dev liblapack-dev libfftw3-dev libomp-dev libgtest-dev python3-numpy python3-mpmath \
       python3-numexpr libopenmpi-dev openmpi-bin python3-dev pybind11-dev \
       python3-pybind11 python3-pytest python3-setuptools python3-wheel python3-venv

.PHONY: deps configure build demo test test-asan test-gpu bench bench-gpu report scaling fuzz overhead install clean

deps:
	@missing=""; for p in $(DEBS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q $$missing; \
	fi

$(BUILD)/build.ninja:
	cmake -G Ninja -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release

configure: deps $(BUILD)/build.ninja

build: configure
	cmake --build $(BUILD) -j $(JOBS)

demo: build
	$(BUILD)/examples/black_scholes
	PYTHONPATH=$(BUILD)/python /usr/bin/python3 python/examples/demo.py

# The C++ library, its header, a CMake package (find_package(legato)) and the
# Python package (PREFIX/lib/python3/dist-packages/legato) under PREFIX.
PREFIX ?= /usr/local
install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The suite under AddressSanitizer + UBSan (its own build folder). The
# fuzzer's 2000-program run is left to `make test`: under ASan it would
# take most of an hour, and its reproducers still run here. Generated code
# runs on one thread here: LeakSanitizer's exit-time scan crashes ("Tracer
# caught signal 11") when the OpenMP runtime's worker threads exist, which
# every kernel of 32K+ iterations starts; `make test` covers the threaded
# paths. The Python package is not built here: an ASan-instrumented
# extension cannot load into Debian's uninstrumented interpreter (the ASan
# runtime must come first); make test runs its suite. Tests under mpirun (label mpi) are left out: OpenMPI's libraries are
# not instrumented, and their memory hooks and exit-time allocations would be
# reported as ours; make test runs them (docs/RELIABILITY.md). The NumPy
# suites run here in lazy mode only (make test runs every mode): eager mode
# and jit functions are exercised here by the API tests, which run in every
# mode, and the suites' three runs would take CI past its time.
ASAN_BUILD ?= build-asan
test-asan: deps
	cmake -G Ninja -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Release -DLEGATO_SANITIZE=ON -DLEGATO_PYTHON=OFF
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && LEGATO_THREADS=1 \
	  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:allocator_may_return_null=1 \
	  UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j $(JOBS) -LE mpi \
	  -E '^(fuzz\.ci|numpy\.[a-z_]+\.(eager|jit))$$'

# The suite on the CUDA backend (exits 77, "skipped", without an NVIDIA GPU):
# examples against NumPy, the NumPy differential and API tests, the cubin cache.
# On the lent GPU machine: test/gpu/bundle.sh, carry .gpu and .devpack, run
# test/gpu/run.sh .gpu/build there (docs/GPU.md).
test-gpu: build
	test/gpu/run.sh $(BUILD)

bench: build
	bench/cpu.sh

# legato on the GPU beside CuPy, JAX and torch.compile (needs ../shared/bench).
bench-gpu: build
	bench/gpu.sh $(BUILD) ../shared/bench $(BUILD)/bench-gpu

# docs/PERFORMANCE.md and docs/plots/ from the JSON results committed under
# bench/results/ (bench/report --run measures the CPU first). Plots need
# python3-matplotlib.
report:
	@dpkg -s python3-matplotlib >/dev/null 2>&1 || { SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get install -y -q python3-matplotlib; }
	bench/report

# Weak and strong scaling over 1, 2 and 4 MPI ranks (docs/DISTRIBUTED.md).
scaling: build
	bench/scaling.sh

# Differential fuzzing soak: 10 minutes from a fresh seed
# (LEGATO_FUZZ_SECONDS, LEGATO_FUZZ_SEED); see docs/RELIABILITY.md.
fuzz: build
	cmake --build $(BUILD) --target fuzz

# Host-side cost of tiny programs (eager op, lazy window, jit dispatch).
overhead: build
	$(BUILD)/tools/legato-overhead/legato-overhead

clean:
	rm -rf $(BUILD)
