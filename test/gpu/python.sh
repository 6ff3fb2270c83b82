#!/usr/bin/env bash
# The Python package on the GPU machine (docs/PYTHON.md, "On a GPU"):
#   here:  test/gpu/python.sh bundle [build]      -> .gpu-python.txz (carry it and .devpack)
#   there: source .devpack/env.sh && test/gpu/python.sh run .gpu-python.txz OUT_DIR
# (compressed: .devpack, the bundle and the tracked tree must fit the 64 MiB
# that a device call carries)
# The machine's python3 is another version than Debian's, so the extension
# is compiled there (g++ and pip's pybind11 are in its image) against the
# carried liblegato.so. Then, with LEGATO_BACKEND=cuda: the pytest suite
# (NumPy there is 2.x: its NEP 50 promotion is legato's own), the Python
# examples against NumPy's checksums, DLPack with PyTorch and CuPy, and
# bench/python_vs_cpp.py (Python beside the C++ twins, lazy and jit).
# PYTEST_FILES="python/tests/test_complex.py ..." runs those tests alone.
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)

if [ "$1" = bundle ]; then
  build=${2:-build}
  out=.gpu-python
  rm -rf "$out"; mkdir -p "$out/lib/API" "$out/tools/legato-bench"
  cp "$build/lib/API/liblegato.so" "$out/lib/API/"
  # FFTW (Debian's libfftw3-*, which the GPU machine's image need not have) beside it.
  cp -L /usr/lib/x86_64-linux-gnu/libfftw3{,f}{,_threads}.so.3 "$out/lib/API/"
  cp "$build/tools/legato-bench/legato-bench" "$out/tools/legato-bench/"
  strip "$out/lib/API/liblegato.so" "$out/tools/legato-bench/legato-bench"
  tar cJf "$out.txz" "$out" && rm -rf "$out"
  du -sh "$out.txz"
  exit 0
fi

if [ -f "$2" ]; then # the compressed bundle
  tar xJf "$2" -C /tmp && set -- "$1" /tmp/.gpu-python "$3"
fi
bundle=$(cd "$2" && pwd); out=$3
mkdir -p "$out"
pkg=/tmp/legato-python; rm -rf "$pkg"; mkdir -p "$pkg"
cp -r "$here/python/legato" "$pkg/"
cp "$bundle"/lib/API/lib*.so* "$pkg/legato/"
ext=$(python3 -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
echo "== build the extension for $(python3 --version)"
g++ -O2 -std=c++17 -shared -fPIC -fvisibility=hidden $(python3 -m pybind11 --includes) \
  -I"$here/include" "$here"/python/src/*.cpp -L"$pkg/legato" -llegato -Wl,-rpath,'$ORIGIN' \
  -o "$pkg/legato/_core$ext" 2>&1 | tail -20
export PYTHONPATH=$pkg LEGATO_BACKEND=cuda PYTHONUNBUFFERED=1
export LD_LIBRARY_PATH="$bundle/lib/API:${LD_LIBRARY_PATH:-}"  # (legato-bench)
python3 -c 'import legato, legato.numpy as np; print(legato.options(), float(np.sum(np.arange(10.0))))'

echo "== pytest on the GPU (lazy, eager, jit)"
for mode in lazy eager jit; do
  jit=0; m=$mode; [ $mode = jit ] && { jit=1; m=lazy; }
  LEGATO_MODE=$m LEGATO_PYTEST_JIT=$jit python3 -m pytest -q -p no:cacheprovider \
    ${PYTEST_FILES:-"$here/python/tests"} > "$out/pytest-$mode.txt" 2>&1
  echo "$mode: $(tail -n 1 "$out/pytest-$mode.txt")"
  grep -E "^(FAILED|ERROR)" "$out/pytest-$mode.txt" | head -20
done
[ -n "${PYTEST_FILES:-}" ] && exit 0  # (a subset: the pytest runs only)

echo "== examples against NumPy's checksums"
declare -A args=([black_scholes]="1000" [stencil]="33 10" [cg]="24 50" [jacobi]="50 10"
                 [bicgstab]="23 15" [cfd]="27 4 8" [swe]="29 5")
for app in black_scholes stencil cg jacobi bicgstab cfd swe; do
  r=$(LEGATO_TEST_LAUNCH=python3 python3 "$here/test/examples/check_example.py" \
      "$here/python/examples/$app.py" $app ${args[$app]} 2>&1 | tail -n 1)
  echo "$app: $r"
done

echo "== DLPack with PyTorch and CuPy"
python3 - <<'PY'
import numpy, legato.numpy as np
for name in ("torch", "cupy"):
    try:
        mod = __import__(name)
    except ImportError as e:
        print(name, "missing:", e); continue
    src = mod.arange(6, dtype=mod.float64) * 1.5
    if name == "torch":
        src = src.cuda()
    try:
        a = np.from_dlpack(src)
        print(name, "-> legato:", numpy.asarray(a).tolist())
    except Exception as e:
        print(name, "-> legato failed:", type(e).__name__, e)
    try:
        back = mod.from_dlpack(np.arange(4.0))
        print("legato ->", name, back, getattr(back, "device", None))
    except Exception as e:
        print("legato ->", name, "failed:", type(e).__name__, e)
PY

echo "== Python beside C++ on the GPU, at the CPU benchmark's sizes (host-bound) and at bench/gpu.sh's"
python3 "$here/bench/python_vs_cpp.py" "$bundle" --rounds 3 | tee "$out/python_vs_cpp.jsonl" | tail -n 16
python3 "$here/bench/python_vs_cpp.py" "$bundle" --rounds 3 --sizes gpu | tee "$out/python_vs_cpp_gpu_sizes.jsonl" | tail -n 16
echo "== one recorded op from Python"
python3 "$here/bench/python_overhead.py" | tee "$out/python_overhead.jsonl" | tail -n 9
