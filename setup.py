"""Builds the Python package for `pip install --no-build-isolation .`.

The extension is built by CMake, exactly as `make` builds it, in
LEGATO_BUILD_DIR (default: ./build, so a tree already built with `make`
only relinks what changed); the wheel then holds python/legato, the
extension and liblegato.so beside it (the extension finds it through its
$ORIGIN run path; liblegato.so finds Debian's MLIR/LLVM through its own).
"""
import glob
import os
import shutil
import subprocess

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))


class BuildWithCMake(build_py):
    def run(self):
        build = os.path.abspath(os.environ.get("LEGATO_BUILD_DIR", os.path.join(HERE, "build")))
        if not os.path.exists(os.path.join(build, "build.ninja")):
            subprocess.check_call(["cmake", "-G", "Ninja", "-S", HERE, "-B", build,
                                   "-DCMAKE_BUILD_TYPE=Release"])
        subprocess.check_call(["cmake", "--build", build, "--target", "_core"])
        target = os.path.join(self.build_lib, "legato")
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(os.path.join(HERE, "python", "legato"), target,
                        ignore=shutil.ignore_patterns("__pycache__"))
        for lib in glob.glob(os.path.join(build, "python", "legato", "_core*.so")) + \
                [os.path.join(build, "lib", "API", "liblegato.so")]:
            shutil.copy2(lib, target)


class BinaryDistribution(Distribution):
    """The wheel holds compiled code: platform-specific."""

    def has_ext_modules(self):
        return True


setup(packages=["legato", "legato.numpy"], package_dir={"": "python"},
      cmdclass={"build_py": BuildWithCMake}, distclass=BinaryDistribution)
