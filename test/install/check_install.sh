#!/usr/bin/env bash
# What a user does after building: `cmake --install` into a prefix, then a
# C++ program that finds the library with find_package(legato) and the
# Python package from the prefix; and `pip install .` into a virtual
# environment (no network: --no-build-isolation, Debian's setuptools), then
# `import legato.numpy` from it. Each program checks a value against NumPy's.
#   check_install.sh SOURCE_DIR BUILD_DIR WORK_DIR
set -euo pipefail
src=$1 build=$2 work=$3
rm -rf "$work"; mkdir -p "$work"
py=/usr/bin/python3

# 1. cmake --install, find_package(legato) from a C++ project.
cmake --install "$build" --prefix "$work/prefix" >/dev/null
mkdir -p "$work/app"
cat > "$work/app/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.20)
project(uses_legato CXX)
set(CMAKE_CXX_STANDARD 17)
find_package(legato CONFIG REQUIRED)
add_executable(app main.cpp)
target_link_libraries(app PRIVATE legato::legato)
CMAKE
cat > "$work/app/main.cpp" <<'CPP'
#include <legato/legato.h>
#include <cstdio>
int main() {
  legato::Runtime rt;
  legato::Array a = legato::arange(0.0, 10.0, 1.0);
  std::printf("%.17g\n", legato::sum(legato::exp(a * 0.1)).item<double>());
}
CPP
cmake -S "$work/app" -B "$work/app/build" -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/app/build" >/dev/null
got=$("$work/app/build/app")
want=$($py -c 'import numpy as np; print(repr(float(np.exp(np.arange(10.0) * 0.1).sum())))')
$py -c "import sys; g, w = float(sys.argv[1]), float(sys.argv[2]); sys.exit(abs(g - w) > 1e-12 * abs(w))" "$got" "$want" \
  || { echo "installed C++ library: got $got, NumPy $want"; exit 1; }
echo "find_package(legato): $got (NumPy $want)"

# 2. The installed Python package, from outside the source and build trees.
check_python='import numpy, legato.numpy as np
x = np.linspace(0, 1, 101)
got = float(np.sum(np.sin(x) ** 2))
want = float((numpy.sin(numpy.linspace(0, 1, 101)) ** 2).sum())
assert abs(got - want) <= 1e-12 * want, (got, want)
print(legato.numpy.__file__.rsplit("/legato/", 1)[0], got)'
site="$work/prefix/lib/python3/dist-packages"  # LEGATO_PYTHON_INSTALL_DIR
(cd "$work" && PYTHONPATH="$site" $py -c "import legato; $check_python")

# 3. pip install . into a virtual environment (NumPy from Debian).
$py -m venv --system-site-packages "$work/venv"
LEGATO_BUILD_DIR="$build" "$work/venv/bin/pip" install -q --no-build-isolation --no-deps \
  --no-index "$src" >/dev/null
(cd "$work" && "$work/venv/bin/python" -c "import legato; $check_python")
echo "install checks passed"
