# Two commands on a fresh Debian 12 machine:
#   make demo   installs what is missing, builds, runs the Black-Scholes demo
#   make test   the same set-up, then every test
BUILD ?= build
JOBS ?= $(shell nproc)
DEBS = cmake ninja-build ccache g++ libmlir-22-dev mlir-22-tools llvm-22-dev \
       llvm-22-tools libopenblas-dev libomp-dev libgtest-dev python3-numpy \
       python3-numexpr libopenmpi-dev openmpi-bin

.PHONY: deps configure build demo test bench clean

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

clean:
	rm -rf $(BUILD)
