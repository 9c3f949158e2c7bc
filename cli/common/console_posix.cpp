#include <unistd.h>

#include "cli/common/console.h"

namespace tsumi::cli {

void prepare_console() {}

bool stderr_is_terminal() { return isatty(STDERR_FILENO) != 0; }

}  // namespace tsumi::cli
