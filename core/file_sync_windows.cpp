#include <io.h>

#include "core/file_sync.h"

namespace tsumi {

bool flush_to_disk(std::FILE* file) { return std::fflush(file) == 0 && _commit(_fileno(file)) == 0; }

}  // namespace tsumi
