#!/bin/sh
# rank_failure.sh MPIEXEC PROGRAM MODE: runs PROGRAM MODE on 2 ranks (see
# rank_failure.cpp) and checks that the job ends within 60 s, fails, and
# names rank 1. The teardown is OpenMPI's orte_abort_on_non_zero_status
# (true by default; set here so a user's MCA configuration cannot turn it
# off): mpirun kills the other ranks once one dies from a signal or exits
# non-zero. A rank that exits non-zero from a legato program aborts the job
# itself (MpiCommunicator's exit handler), because OpenMPI's MPI_Finalize
# would wait for the ranks that wait for it.
mpiexec=$1 program=$2 mode=$3
start=$(date +%s%N)
output=$(timeout 60 "$mpiexec" -n 2 --oversubscribe --bind-to none \
  --mca orte_abort_on_non_zero_status 1 "$program" "$mode" 2>&1)
status=$?
end=$(date +%s%N)
echo "$output"
echo "rank_failure.sh: $mode: mpirun exited with status $status after" \
  "$(( (end - start) / 1000000 )) ms"
fail() { echo "rank_failure.sh: FAIL: $*"; exit 1; }
[ $status -eq 124 ] && fail "mpirun was still running after 60 s (the job hangs)"
[ $status -eq 0 ] && fail "mpirun exited 0 although rank 1 failed"
echo "$output" | grep -q "returned without rank 1" && fail "the collective completed without rank 1"
case $mode in
kill) echo "$output" | grep -q "rank 1 .*signal 9" || fail "the output does not name rank 1 and SIGKILL" ;;
exit) echo "$output" | grep -q "rank 1 exits with status 1" || fail "the output does not name rank 1" ;;
esac
echo "rank_failure.sh: $mode: PASS"
