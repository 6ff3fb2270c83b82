# lit configuration for the legato-opt + FileCheck tests.
import os
import lit.formats

config.name = "legato"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.legato_build_dir, "test")
config.environment["FILECHECK_OPTS"] = "-enable-var-scope"
config.substitutions.append(("%legato_opt", os.path.join(config.legato_build_dir, "tools", "legato-opt", "legato-opt")))
config.substitutions.append(("FileCheck", os.path.join(config.llvm_tools_dir, "FileCheck")))
config.excludes = ["API", "numpy", "examples", "lit.cfg.py", "lit.site.cfg.py.in"]
