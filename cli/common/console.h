#pragma once
// The terminal tsumi writes to: whether stderr is one (progress lines are drawn only there), and the
// text it takes. One interface, a half for each system (cli/CMakeLists.txt picks one):
// - console_posix.cpp: isatty; terminals take UTF-8 as it is, so there is nothing to set up;
// - console_windows.cpp: a console handle (GetConsoleMode succeeds; a pipe, a file or NUL are none),
//   and the console's output code page set to UTF-8 (65001), so that the Japanese of KIF moves and
//   verdicts shows in cmd.exe and PowerShell instead of the code page's mojibake; the code page is
//   restored at exit, since it is the console's, not the process's.
// Thread safety: prepare_console once, from main before any other thread starts; stderr_is_terminal
// from any thread.

namespace tsumi::cli {

// Sets up the console for tsumi's UTF-8 output, for the whole run. Call once, first thing in main.
void prepare_console();
// Whether stderr is an interactive terminal.
bool stderr_is_terminal();

}  // namespace tsumi::cli
