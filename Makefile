# Two commands on a fresh Debian 12 machine:
#   make demo   installs what is missing, builds, runs the Black-Scholes demo
#   make test   the same set-up, then every test
BUILD ?= build
JOBS ?= $(shell nproc)
DEBS = cmake ninja-build ccache g++ libmlir-22-dev mlir-22-tools llvm-22-dev \
       llvm-22-tools libopenblas-dev libomp-dev libgtest-dev python3-numpy \
       python3-numexpr libopenmpi-dev openmpi-bin

.PHONY: deps configure build demo test bench fuzz overhead clean

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

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

bench: build
	bench/cpu.sh

# Differential fuzzing soak: 10 minutes from a fresh seed
# (LEGATO_FUZZ_SECONDS, LEGATO_FUZZ_SEED); see docs/RELIABILITY.md.
fuzz: build
	cmake --build $(BUILD) --target fuzz

# Host-side cost of tiny programs (eager op, lazy window, jit dispatch).
overhead: build
	$(BUILD)/tools/legato-overhead/legato-overhead

clean:
	rm -rf $(BUILD)
