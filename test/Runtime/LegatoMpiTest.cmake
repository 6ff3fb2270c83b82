# legato_add_mpi_test: a command run by mpirun at several rank counts.
#
#   legato_add_mpi_test(NAME <name> RANKS <n>... COMMAND <target|program> [<arg>...]
#                       [PLAIN] [ENVIRONMENT <VAR=value>...] [MPIRUN_ARGS <arg>...]
#                       [TIMEOUT <seconds>] [LABELS <label>...]
#                       [WORKING_DIRECTORY <dir>])
#
# adds one test per rank count N, named <name>.np<N>:
#   mpiexec -n N --oversubscribe --bind-to none <MPIRUN_ARGS> <command> <args>
# and, with PLAIN, <name>.plain: the command alone (rank 0 of 1, no MPI).
# A target name as the command means its executable. Every test gets
#   OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1  (CI runs as root)
#   OMPI_MCA_orte_abort_on_non_zero_status=1  (a failed rank ends the job;
#                                              OpenMPI's default, made explicit)
#   OMPI_MCA_mpi_yield_when_idle=1  (waiting ranks yield the core: tests share
#                                    few cores with each other and builds)
# plus ENVIRONMENT; the plain run gets ENVIRONMENT only. --bind-to none: ranks
# on a shared machine must not be pinned to one core each (OpenMP threads).
# PROCESSORS is N, so `ctest -j` does not stack several jobs on few cores.
# TIMEOUT defaults to 120 s; LABELS default to "mpi".
include_guard(GLOBAL)
find_package(MPI REQUIRED COMPONENTS C)

# What every test under mpirun needs in its environment (see above).
set(LEGATO_MPI_TEST_ENVIRONMENT
    "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;OMPI_MCA_orte_abort_on_non_zero_status=1;OMPI_MCA_mpi_yield_when_idle=1"
    CACHE INTERNAL "the environment of tests under mpirun")

function(legato_add_mpi_test)
  cmake_parse_arguments(PARSE_ARGV 0 ARG "PLAIN" "NAME;TIMEOUT;WORKING_DIRECTORY"
                        "RANKS;COMMAND;ENVIRONMENT;MPIRUN_ARGS;LABELS")
  if(NOT ARG_NAME OR NOT ARG_COMMAND OR (NOT ARG_RANKS AND NOT ARG_PLAIN))
    message(FATAL_ERROR "legato_add_mpi_test: NAME, COMMAND and RANKS (or PLAIN) are required")
  endif()
  if(NOT ARG_TIMEOUT)
    set(ARG_TIMEOUT 120)
  endif()
  if(NOT ARG_LABELS)
    set(ARG_LABELS mpi)
  endif()
  # LABELS "a;b" (one quoted argument) means the labels a and b, as in
  # set_tests_properties; PARSE_ARGV would keep it as one label "a;b".
  string(REPLACE "\\;" ";" ARG_LABELS "${ARG_LABELS}")
  if(NOT ARG_WORKING_DIRECTORY)
    set(ARG_WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
  endif()
  list(POP_FRONT ARG_COMMAND program)
  if(TARGET ${program})
    set(program $<TARGET_FILE:${program}>)
  endif()
  set(mpi_env ${LEGATO_MPI_TEST_ENVIRONMENT} ${ARG_ENVIRONMENT})

  foreach(ranks IN LISTS ARG_RANKS)
    set(test ${ARG_NAME}.np${ranks})
    add_test(NAME ${test}
             COMMAND ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${ranks}
                     --oversubscribe --bind-to none ${MPIEXEC_PREFLAGS} ${ARG_MPIRUN_ARGS}
                     ${program} ${MPIEXEC_POSTFLAGS} ${ARG_COMMAND}
             WORKING_DIRECTORY ${ARG_WORKING_DIRECTORY})
    set_tests_properties(${test} PROPERTIES
      ENVIRONMENT "${mpi_env}" TIMEOUT ${ARG_TIMEOUT} LABELS "${ARG_LABELS}"
      PROCESSORS ${ranks})
  endforeach()
  if(ARG_PLAIN)
    set(test ${ARG_NAME}.plain)
    add_test(NAME ${test} COMMAND ${program} ${ARG_COMMAND}
             WORKING_DIRECTORY ${ARG_WORKING_DIRECTORY})
    set_tests_properties(${test} PROPERTIES TIMEOUT ${ARG_TIMEOUT} LABELS "${ARG_LABELS}")
    if(ARG_ENVIRONMENT)
      set_tests_properties(${test} PROPERTIES ENVIRONMENT "${ARG_ENVIRONMENT}")
    endif()
  endif()
endfunction()
