#pragma once
// A command run through the system's shell with its stdin and stdout as pipes to this process (its
// stderr is left as tsumi's): the operating system's half of the USI client (cli/usi/usi_client.h),
// which keeps everything else (lines, deadlines, the USI dialogue, the shutdown policy) for both
// systems. One interface, a half for each system (cli/CMakeLists.txt picks one):
// - child_process_posix.cpp: fork, `/bin/sh -c`, pipes, poll, waitpid, a process group;
// - child_process_windows.cpp: CreateProcessW of `cmd.exe /S /C`, anonymous pipes, a Job Object.
//
// Invariants, on both systems:
// - nothing waits past the deadline or the limit it is given (kill() alone waits for the end it
//   caused), and nothing can end or stop tsumi, whatever the child does: a write to a child that has
//   exited or closed its stdin is reported as Io::kClosed, never a signal or a crash;
// - running() is true from a successful start() until the child is reaped, by wait() or kill(); its
//   exit is then described by exit_description();
// - kill() ends the child and everything it started (the shell's command, not only the shell);
// - the pipes stay open until close() (stdin: close_input()), so that what the child wrote before it
//   exited can still be read; close() is for a child that is reaped (or never started).
// Thread safety: none inside. One object is used by one thread at a time; distinct objects may be
// used on distinct threads at once: a write's SIGPIPE guard is per thread, and start() works in a
// multi-threaded process (POSIX: the child makes only async-signal-safe calls before exec; one gap,
// kept from before: the pipes get FD_CLOEXEC just after pipe(), so a fork+exec on another thread in
// between can carry them into its program. Windows: the handle list below).
//
// POSIX recipe:
// - the command runs as `/bin/sh -c CMD` in a process group of its own (setpgid in the child and in
//   the parent, whichever runs first), so that kill() can kill the engine itself and not only the
//   shell that started it (dash does not exec the last command of -c): SIGKILL to the group, then to
//   the shell, then a blocking waitpid. The price: Ctrl-C at the terminal does not reach the child;
//   it sees its input close when tsumi ends, which makes USI engines quit once their current command
//   is done. Between fork and exec the child makes only async-signal-safe calls;
// - every pipe end is close-on-exec; a third pipe carries exec's errno back, so that a shell that
//   cannot run at all is start()'s error; a command the shell cannot find is an exit (status 127);
// - writes go through a non-blocking pipe, waited on with poll up to the deadline; reads are polled
//   up to theirs;
// - a write to a child that has exited raises SIGPIPE, which would end tsumi. The writing thread
//   blocks SIGPIPE around its write and takes a SIGPIPE that the write raised off the thread's
//   pending set with sigtimedwait before restoring its mask (the "scoped SIGPIPE" recipe), so the
//   write simply fails with EPIPE and the process's signal dispositions are never touched;
// - wait() polls waitpid(WNOHANG) every 5 ms up to its limit; a child reaped elsewhere (SIGCHLD
//   ignored) counts as reaped with its status lost.
// Windows recipe (Windows 8 or later: nested jobs, real console handles in the handle list):
// - CreateProcessW of `%SystemRoot%\System32\cmd.exe /S /C "CMD"` (the full path, so that no cmd.exe
//   in the current folder runs instead; the command is converted from UTF-8), created suspended in a
//   new process group (Ctrl-C does not reach it, as on POSIX), put in a Job Object with
//   JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE, then resumed: everything cmd.exe starts is in the job, and
//   kill() is TerminateJobObject, which ends the engine itself and not only cmd.exe. The job's handle
//   closes with close() or when tsumi ends, however it ends, which kills what is left of the tree
//   (a difference: on POSIX an engine outlives tsumi until its input closes). Where the job cannot be
//   used (an old Windows whose job tsumi runs in forbids nesting), kill() ends cmd.exe alone;
// - anonymous pipes (CreatePipe); the parent's ends are not inheritable (SetHandleInformation), and
//   the child inherits exactly its two ends and a duplicate of tsumi's stderr: STARTF_USESTDHANDLES
//   and PROC_THREAD_ATTRIBUTE_HANDLE_LIST, so that the child gets no other inheritable handle of
//   tsumi's (a file the C runtime opened, another child's pipe), which it would keep open. (A process
//   another thread starts meanwhile without such a list can still inherit the child's ends, until
//   start() closes them after CreateProcessW: that pipe's end is then seen late.)
// - reads: PeekNamedPipe, then ReadFile of what is there; while nothing is, Sleep with a backoff from
//   1 ms to 10 ms, up to the deadline. ERROR_BROKEN_PIPE is the end of the child's output;
// - writes: the parent's end of stdin is in PIPE_NOWAIT mode, so WriteFile never blocks; it takes a
//   piece no larger than the pipe's buffer (a non-blocking write larger than the buffer never fits)
//   whole or not at all; while it takes nothing, write() sleeps with the same backoff up to the
//   deadline. ERROR_NO_DATA / ERROR_BROKEN_PIPE (the child exited or closed its stdin) is Io::kClosed;
// - wait() is WaitForSingleObject, then GetExitCodeProcess: "exited with status 9009 (cmd.exe could
//   not find the command)", "ended with exception 0xC0000005 (access violation)", "was killed".

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace tsumi::cli {

class ChildProcess {
 public:
  using Clock = std::chrono::steady_clock;

  // How a read or a write ended. kClosed: the other end is gone (the child exited, closed that pipe,
  // or the pipe is closed here); kError: a write failed otherwise (reads never give it).
  enum class Io { kOk, kTimeout, kClosed, kError };

  ChildProcess();
  ~ChildProcess();  // kill() if still running, then close()
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Starts `command` through the shell (`/bin/sh -c`, `cmd.exe /S /C`). The error, if the process
  // cannot be created; a command that does not exist shows up as an exit of the shell instead.
  // Pipes left open by an earlier child are closed first. Not while running().
  std::optional<std::string> start(const std::string& command);

  // Started and not yet reaped.
  bool running() const;
  // Its stdin is open: from start() until close_input() or close().
  bool input_open() const;

  // Writes all of `data` to its stdin. kOk; kTimeout: the deadline passed before all was taken (some
  // may have been); kClosed; kError, with the system's message in `error`.
  Io write(std::string_view data, Clock::time_point deadline, std::string& error);

  // Appends to `out` what its stdout has (at least one byte), waiting for it up to the deadline.
  // kOk; kTimeout; kClosed once its stdout is at its end (for good: later reads say kClosed at once).
  Io read(std::string& out, Clock::time_point deadline);

  // Closes its stdin: the child sees the end of its input. Idempotent.
  void close_input();

  // Waits up to `limit` for the child to exit and reaps it: true once it is reaped (or was never
  // started), false if it is still running.
  bool wait(std::chrono::duration<double> limit);

  // Kills the child and all it started, and reaps it. Nothing if not running().
  void kill();

  // How the reaped child ended, for messages: "exited with status 3", "was killed by signal 9
  // (Killed)", ...; nullopt while it runs or where its status was lost.
  std::optional<std::string> exit_description() const;

  // Closes both pipes (and on Windows the process's and the job's handles). For a reaped child.
  void close();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tsumi::cli
