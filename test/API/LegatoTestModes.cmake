# legato_add_mode_tests(<name> COMMAND <cmd> [args...] [LABEL <label>] [FIXTURE <fixture>]
#                       [MODES <mode>...])
#
# Registers <cmd> once per mode (default: all three), as <name>.<mode>:
#   eager  LEGATO_MODE=eager                     every op is its own program
#   lazy   LEGATO_MODE=lazy                      ops accumulate in a window
#   jit    LEGATO_MODE=lazy LEGATO_TEST_JIT=1    the tests trace with legato::jit
# (test_support.h reads LEGATO_TEST_JIT.)
function(legato_add_mode_tests name)
  cmake_parse_arguments(ARG "" "LABEL;FIXTURE" "COMMAND;MODES" ${ARGN})
  if(NOT ARG_MODES)
    set(ARG_MODES eager lazy jit)
  endif()
  set(env_eager "LEGATO_MODE=eager;LEGATO_TEST_JIT=0")
  set(env_lazy "LEGATO_MODE=lazy;LEGATO_TEST_JIT=0")
  set(env_jit "LEGATO_MODE=lazy;LEGATO_TEST_JIT=1")
  foreach(mode ${ARG_MODES})
    add_test(NAME ${name}.${mode} COMMAND ${ARG_COMMAND})
    set_tests_properties(${name}.${mode} PROPERTIES
      ENVIRONMENT "${env_${mode}}" LABELS "${ARG_LABEL};${mode}" TIMEOUT 300)
    if(ARG_FIXTURE)
      set_tests_properties(${name}.${mode} PROPERTIES FIXTURES_REQUIRED ${ARG_FIXTURE})
    endif()
  endforeach()
endfunction()
