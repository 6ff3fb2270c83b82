"""CTest driver: runs an example and compares the checksum it prints with the
one NumPy computes from the same inputs (reference.py), within 1e-9 relative.

Usage: /usr/bin/python3 check_example.py <executable> <app> [args...]
LEGATO_TEST_LAUNCH, when set, is a launcher command put before the executable
(e.g. "mpiexec -n 3 --oversubscribe": the distributed run must give the same
checksum).
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference

RTOL = 1e-9

exe, app, args = sys.argv[1], sys.argv[2], sys.argv[3:]
launch = os.environ.get("LEGATO_TEST_LAUNCH", "").split()
run = subprocess.run([*launch, exe, *args], capture_output=True, text=True)
sys.stdout.write(run.stdout)
sys.stderr.write(run.stderr)
if run.returncode != 0:
    sys.exit("%s exited with status %d" % (app, run.returncode))
found = re.search(r"^checksum (\S+)$", run.stdout, re.M)
if not found:
    sys.exit("%s printed no `checksum <value>` line" % app)

got, want = float(found.group(1)), reference.checksum(app, args)
err = abs(got - want) / max(abs(want), sys.float_info.min)
print("numpy    %.17g\nrelative error %.3g (tolerance %g)" % (want, err, RTOL))
sys.exit(0 if err <= RTOL else 1)
