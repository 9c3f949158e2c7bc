// The Windows half of StopSignals (cli/common/stop_signal.h): a console control handler. Windows runs
// it on a thread of its own, so the command's threads are not interrupted; returning TRUE tells the
// system the event was handled (for CTRL_CLOSE_EVENT the system still ends the process some seconds
// later, which leaves a `--save` that time).
#include <csignal>
#include <cstdlib>

#include <windows.h>

#include "cli/common/stop_signal.h"

namespace tsumi::cli {

namespace {

BOOL WINAPI on_console_event(DWORD event) {
  switch (event) {
    case CTRL_C_EVENT: StopSignals::record(SIGINT); return TRUE;
    case CTRL_BREAK_EVENT:
    case CTRL_CLOSE_EVENT:
    case CTRL_LOGOFF_EVENT:
    case CTRL_SHUTDOWN_EVENT: StopSignals::record(SIGTERM); return TRUE;
    default: return FALSE;
  }
}

}  // namespace

struct StopSignals::Saved {};

StopSignals::StopSignals() : saved_(std::make_unique<Saved>()) {
  reset();
  SetConsoleCtrlHandler(on_console_event, TRUE);
}

StopSignals::~StopSignals() { SetConsoleCtrlHandler(on_console_event, FALSE); }

// Exit status 128 + N, what a POSIX shell reports for a process ended by signal N (130 for Ctrl-C), so
// that scripts read the same code on both systems.
void StopSignals::end_now(int signal) { std::_Exit(128 + signal); }

}  // namespace tsumi::cli
