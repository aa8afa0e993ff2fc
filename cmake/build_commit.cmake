# Writes the commit the binary is built from into OUT (a C++ string literal), at
# every build: `hanoi` then names the commit of its own code in every table, even
# when it runs from a copy while the source tree has moved on.  "-dirty" marks a
# build from tracked changes not yet committed (results/ excluded: a table does not
# change what the code computes).  OUT is rewritten only when its text changes, so
# an unchanged commit recompiles nothing.
#   cmake -DSRC=<source dir> -DOUT=<file> -P build_commit.cmake
find_package(Git QUIET)
set(hash "unknown")
if(GIT_FOUND)
  execute_process(COMMAND ${GIT_EXECUTABLE} -C ${SRC} rev-parse --short HEAD
                  OUTPUT_VARIABLE out RESULT_VARIABLE rc ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(rc EQUAL 0 AND NOT out STREQUAL "")
    set(hash "${out}")
    execute_process(COMMAND ${GIT_EXECUTABLE} -C ${SRC} status --porcelain --untracked-files=no
                            -- . ":!results"
                    OUTPUT_VARIABLE status RESULT_VARIABLE rc2 ERROR_QUIET
                    OUTPUT_STRIP_TRAILING_WHITESPACE)
    if(rc2 EQUAL 0 AND NOT status STREQUAL "")
      string(APPEND hash "-dirty")
    endif()
  endif()
endif()
set(text "// Generated at build time by cmake/build_commit.cmake.\n\"${hash}\"\n")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
  if(old STREQUAL text)
    return()
  endif()
endif()
file(WRITE ${OUT} "${text}")
