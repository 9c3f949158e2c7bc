#pragma once
// A file written to disk before it is renamed into place (the solver's table with `tsumi mate --save`):
// the C library's buffer flushed, then the system's cache written through. One interface, a half for
// each system (core/CMakeLists.txt picks one): file_sync_posix.cpp calls fsync, file_sync_windows.cpp
// _commit (FlushFileBuffers). Thread safe for distinct files.

#include <cstdio>

namespace tsumi {

// fflush and then the system's sync of `file`; false with errno set where either failed.
bool flush_to_disk(std::FILE* file);

}  // namespace tsumi
