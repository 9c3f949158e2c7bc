#include <windows.h>

#include "cli/common/console.h"

namespace tsumi::cli {

namespace {

// Gives the console back the output code page it had, when the process exits normally (a function's
// static: destroyed at exit, after main returns).
struct CodePageRestorer {
  UINT old;
  ~CodePageRestorer() { SetConsoleOutputCP(old); }
};

}  // namespace

void prepare_console() {
  const UINT old = GetConsoleOutputCP();  // 0 where the process has no console
  if (old == 0 || old == CP_UTF8) return;
  if (SetConsoleOutputCP(CP_UTF8)) static const CodePageRestorer restorer{old};
}

bool stderr_is_terminal() {
  DWORD mode = 0;
  return GetConsoleMode(GetStdHandle(STD_ERROR_HANDLE), &mode) != 0;
}

}  // namespace tsumi::cli
