"""CTest driver for a program's command line: runs it and checks the exit
status and that the output mentions a given text.

Usage: python3 check_cli.py <status> <text> <executable> [args...]
  status 0 (e.g. --help): <text> must be in what it prints on stdout
  status 2 (a bad argument): <text> must be in its message on stderr
"""
import subprocess
import sys

status, text, command = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
run = subprocess.run(command, capture_output=True, text=True, timeout=60)
sys.stdout.write(run.stdout)
sys.stderr.write(run.stderr)
out = run.stdout if status == 0 else run.stderr
if run.returncode != status:
    sys.exit("exit status %d, want %d" % (run.returncode, status))
if text not in out:
    sys.exit("%s does not mention %r" % ("stdout" if status == 0 else "stderr", text))
