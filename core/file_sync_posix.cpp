#include <unistd.h>

#include "core/file_sync.h"

namespace tsumi {

bool flush_to_disk(std::FILE* file) { return std::fflush(file) == 0 && fsync(fileno(file)) == 0; }

}  // namespace tsumi
