// The Windows half of ChildProcess (cli/usi/child_process.h): CreateProcessW of `cmd.exe /S /C`,
// anonymous pipes (the parent's end of stdin in PIPE_NOWAIT mode, stdout peeked before each read),
// and a Job Object that kill() terminates.
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include <windows.h>

#include "cli/usi/child_process.h"

namespace tsumi::cli {

namespace {

constexpr DWORD kPipeBuffer = 64 * 1024;  // asked of CreatePipe: USI lines are far shorter
constexpr DWORD kKilledExitCode = 1;      // what TerminateJobObject gives the processes it ends
constexpr DWORD kCmdNotFound = 9009;      // cmd.exe's exit code for a command it cannot find

// The system's message for a Windows error code, as UTF-8, with the code.
std::string system_message(DWORD code) {
  wchar_t* text = nullptr;
  const DWORD n =
      FormatMessageW(FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS,
                     nullptr, code, 0, reinterpret_cast<wchar_t*>(&text), 0, nullptr);
  std::string utf8;
  if (n > 0 && text) {
    const int size = WideCharToMultiByte(CP_UTF8, 0, text, int(n), nullptr, 0, nullptr, nullptr);
    if (size > 0) {
      utf8.assign(std::size_t(size), '\0');
      WideCharToMultiByte(CP_UTF8, 0, text, int(n), utf8.data(), size, nullptr, nullptr);
    }
  }
  if (text) LocalFree(text);
  while (!utf8.empty() && (utf8.back() == '\n' || utf8.back() == '\r' || utf8.back() == ' ' || utf8.back() == '.'))
    utf8.pop_back();
  const std::string number = "Windows error " + std::to_string(code);
  return utf8.empty() ? number : utf8 + " (" + number + ")";
}

std::string last_error(const char* what) { return std::string(what) + ": " + system_message(GetLastError()); }

void close_handle(HANDLE& h) {
  if (h) CloseHandle(h);
  h = nullptr;
}

// Milliseconds left to the deadline, rounded up; 0 once it has passed.
DWORD ms_left(ChildProcess::Clock::time_point deadline) {
  const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - ChildProcess::Clock::now()).count();
  return left <= 0 ? 0 : DWORD(std::min<long long>(left, 1000 * 1000));
}

// The sleep between two looks at a pipe: 1 ms, doubling up to 10 ms, never past the deadline.
void back_off(DWORD& pause, ChildProcess::Clock::time_point deadline) {
  Sleep(std::min(pause, std::max<DWORD>(ms_left(deadline), 1)));
  pause = std::min<DWORD>(pause * 2, 10);
}

// An exit code that is an NTSTATUS error: the process died of an exception (FormatMessage has no
// text for these without ntdll's message table; the few that engines die of are named here).
std::string describe_exception(DWORD code) {
  static const char kDigits[] = "0123456789ABCDEF";
  std::string s = "ended with exception 0x";
  for (int shift = 28; shift >= 0; shift -= 4) s += kDigits[(code >> shift) & 0xF];
  switch (code) {
    case 0xC0000005u: return s + " (access violation)";
    case 0xC000001Du: return s + " (illegal instruction)";
    case 0xC0000094u: return s + " (integer division by zero)";
    case 0xC00000FDu: return s + " (stack overflow)";
    case 0xC000013Au: return s + " (Ctrl-C)";
    case 0xC0000409u: return s + " (fail fast: a runtime check failed)";
    default: return s;
  }
}

std::optional<std::wstring> widen(const std::string& utf8) {
  if (utf8.empty()) return std::wstring();
  const int n = MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, utf8.data(), int(utf8.size()), nullptr, 0);
  if (n <= 0) return std::nullopt;
  std::wstring wide(std::size_t(n), L'\0');
  MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, utf8.data(), int(utf8.size()), wide.data(), n);
  return wide;
}

// The full path of cmd.exe: System32's, not one that the search path would find first.
std::wstring cmd_exe() {
  wchar_t dir[MAX_PATH];
  const UINT n = GetSystemDirectoryW(dir, MAX_PATH);
  if (n == 0 || n >= MAX_PATH) return L"C:\\Windows\\System32\\cmd.exe";
  return std::wstring(dir, n) + L"\\cmd.exe";
}

// Handles that close themselves: start()'s pieces until they are handed over.
struct Owned {
  HANDLE h = nullptr;
  Owned() = default;
  Owned(const Owned&) = delete;
  Owned& operator=(const Owned&) = delete;
  ~Owned() { close_handle(h); }
  HANDLE release() { return std::exchange(h, nullptr); }
};

}  // namespace

struct ChildProcess::Impl {
  HANDLE process = nullptr;     // until close()
  HANDLE job = nullptr;         // until close(), which kills what is left in it; null where none could be used
  HANDLE to_child = nullptr;    // its stdin (PIPE_NOWAIT)
  HANDLE from_child = nullptr;  // its stdout
  DWORD write_piece = 4096;     // the most one WriteFile is given: at most the pipe's buffer
  bool reaped = false;
  bool eof = false;
  bool killed = false;
  std::optional<DWORD> exit_code;

  void take_exit_code() {
    DWORD code = 0;
    if (GetExitCodeProcess(process, &code) && code != STILL_ACTIVE)
      exit_code = code;
    else
      exit_code.reset();
    reaped = true;
  }
};

ChildProcess::ChildProcess() : impl_(std::make_unique<Impl>()) {}

ChildProcess::~ChildProcess() {
  kill();
  close();
}

bool ChildProcess::running() const { return impl_->process && !impl_->reaped; }

bool ChildProcess::input_open() const { return impl_->to_child != nullptr; }

std::optional<std::string> ChildProcess::start(const std::string& command) {
  if (running()) return "a process is already running";
  close();
  const auto wide_command = widen(command);
  if (!wide_command) return "cannot start the engine: the command is not valid UTF-8";
  const std::wstring application = cmd_exe();
  std::wstring command_line = L"cmd.exe /S /C \"" + *wide_command + L"\"";

  SECURITY_ATTRIBUTES inheritable{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
  Owned in_read, in_write, out_read, out_write, err;
  if (!CreatePipe(&in_read.h, &in_write.h, &inheritable, kPipeBuffer) ||
      !CreatePipe(&out_read.h, &out_write.h, &inheritable, kPipeBuffer))
    return last_error("cannot create a pipe");
  if (!SetHandleInformation(in_write.h, HANDLE_FLAG_INHERIT, 0) ||
      !SetHandleInformation(out_read.h, HANDLE_FLAG_INHERIT, 0))
    return last_error("cannot create a pipe");
  // Never blocks: a write takes what fits or nothing, and write() waits for room up to its deadline.
  DWORD mode = PIPE_READMODE_BYTE | PIPE_NOWAIT;
  if (!SetNamedPipeHandleState(in_write.h, &mode, nullptr, nullptr)) return last_error("cannot set up a pipe");
  // A non-blocking write larger than the pipe's buffer would never fit: pieces of at most that.
  DWORD piece = 4096, out_buffer = 0, in_buffer = 0;
  if (GetNamedPipeInfo(in_write.h, nullptr, &out_buffer, &in_buffer, nullptr))
    for (const DWORD size : {out_buffer, in_buffer})
      if (size > 0) piece = std::min(piece, size);
  // tsumi's stderr, as an inheritable duplicate (the original need not be inheritable); none if it
  // has none.
  const HANDLE parent_err = GetStdHandle(STD_ERROR_HANDLE);
  if (parent_err && parent_err != INVALID_HANDLE_VALUE)
    DuplicateHandle(GetCurrentProcess(), parent_err, GetCurrentProcess(), &err.h, 0, TRUE, DUPLICATE_SAME_ACCESS);

  // The child inherits these and nothing else.
  std::vector<HANDLE> inherited{in_read.h, out_write.h};
  if (err.h) inherited.push_back(err.h);
  SIZE_T attributes_size = 0;
  InitializeProcThreadAttributeList(nullptr, 1, 0, &attributes_size);
  std::vector<unsigned char> attributes_memory(attributes_size);
  auto* attributes = reinterpret_cast<LPPROC_THREAD_ATTRIBUTE_LIST>(attributes_memory.data());
  if (!InitializeProcThreadAttributeList(attributes, 1, 0, &attributes_size))
    return last_error("cannot start the engine: InitializeProcThreadAttributeList");
  struct DeleteAttributes {
    LPPROC_THREAD_ATTRIBUTE_LIST list;
    ~DeleteAttributes() { DeleteProcThreadAttributeList(list); }
  } delete_attributes{attributes};
  if (!UpdateProcThreadAttribute(attributes, 0, PROC_THREAD_ATTRIBUTE_HANDLE_LIST, inherited.data(),
                                 inherited.size() * sizeof(HANDLE), nullptr, nullptr))
    return last_error("cannot start the engine: UpdateProcThreadAttribute");

  STARTUPINFOEXW startup{};
  startup.StartupInfo.cb = sizeof startup;
  startup.StartupInfo.dwFlags = STARTF_USESTDHANDLES;
  startup.StartupInfo.hStdInput = in_read.h;
  startup.StartupInfo.hStdOutput = out_write.h;
  startup.StartupInfo.hStdError = err.h;
  startup.lpAttributeList = attributes;
  PROCESS_INFORMATION info{};
  if (!CreateProcessW(application.c_str(), command_line.data(), nullptr, nullptr, TRUE,
                      CREATE_SUSPENDED | CREATE_NEW_PROCESS_GROUP | EXTENDED_STARTUPINFO_PRESENT, nullptr, nullptr,
                      &startup.StartupInfo, &info))
    return last_error("cannot start the engine: CreateProcessW");

  // The job, before the child runs: whatever cmd.exe starts is in it from its first instruction.
  HANDLE job = CreateJobObjectW(nullptr, nullptr);
  if (job) {
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION limits{};
    limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
    if (!SetInformationJobObject(job, JobObjectExtendedLimitInformation, &limits, sizeof limits) ||
        !AssignProcessToJobObject(job, info.hProcess))
      close_handle(job);  // kill() ends cmd.exe alone
  }
  ResumeThread(info.hThread);
  CloseHandle(info.hThread);

  Impl& p = *impl_;
  p.process = info.hProcess;
  p.job = job;
  p.to_child = in_write.release();
  p.from_child = out_read.release();
  p.write_piece = piece;
  p.reaped = false;
  p.eof = false;
  p.killed = false;
  p.exit_code.reset();
  return std::nullopt;  // the child's ends close here, with in_read, out_write and err
}

ChildProcess::Io ChildProcess::write(std::string_view data, Clock::time_point deadline, std::string& error) {
  Impl& p = *impl_;
  if (!p.to_child) return Io::kClosed;
  DWORD pause = 1;
  std::size_t done = 0;
  while (done < data.size()) {
    const DWORD size = DWORD(std::min<std::size_t>(data.size() - done, p.write_piece));
    DWORD written = 0;
    if (!WriteFile(p.to_child, data.data() + done, size, &written, nullptr)) {
      const DWORD e = GetLastError();
      if (e == ERROR_NO_DATA || e == ERROR_BROKEN_PIPE) return Io::kClosed;
      error = system_message(e);
      return Io::kError;
    }
    if (written > 0) {
      done += written;
      pause = 1;
      continue;
    }
    if (ms_left(deadline) == 0) return Io::kTimeout;  // the pipe is full: the child is not reading
    back_off(pause, deadline);
  }
  return Io::kOk;
}

ChildProcess::Io ChildProcess::read(std::string& out, Clock::time_point deadline) {
  Impl& p = *impl_;
  DWORD pause = 1;
  for (;;) {
    if (p.eof || !p.from_child) return Io::kClosed;
    DWORD available = 0;
    if (!PeekNamedPipe(p.from_child, nullptr, 0, nullptr, &available, nullptr)) {
      p.eof = true;  // ERROR_BROKEN_PIPE: every writer is gone; any other error ends the output too
      continue;
    }
    if (available > 0) {
      char chunk[4096];
      DWORD n = 0;
      if (ReadFile(p.from_child, chunk, std::min<DWORD>(available, sizeof chunk), &n, nullptr) && n > 0) {
        out.append(chunk, n);
        return Io::kOk;
      }
      p.eof = true;
      continue;
    }
    if (ms_left(deadline) == 0) return Io::kTimeout;
    back_off(pause, deadline);
  }
}

void ChildProcess::close_input() { close_handle(impl_->to_child); }

bool ChildProcess::wait(std::chrono::duration<double> limit) {
  Impl& p = *impl_;
  if (!running()) return true;
  const double ms = std::chrono::duration<double, std::milli>(limit).count();
  const DWORD timeout = ms <= 0 ? 0 : ms >= 1e9 ? 1000 * 1000 * 1000 : DWORD(ms + 0.999);
  const DWORD r = WaitForSingleObject(p.process, timeout);
  if (r == WAIT_TIMEOUT) return false;
  if (r == WAIT_OBJECT_0)
    p.take_exit_code();
  else
    p.reaped = true;  // WAIT_FAILED: nothing to wait on; its status is lost
  return true;
}

void ChildProcess::kill() {
  Impl& p = *impl_;
  if (!running()) return;
  const bool had_exited = WaitForSingleObject(p.process, 0) == WAIT_OBJECT_0;
  if (p.job)
    TerminateJobObject(p.job, kKilledExitCode);  // cmd.exe and everything it started
  else
    TerminateProcess(p.process, kKilledExitCode);
  // Termination is asynchronous; bounded all the same, so that kill() cannot hang on a process that
  // does not die.
  if (WaitForSingleObject(p.process, 10 * 1000) == WAIT_OBJECT_0) {
    p.take_exit_code();
    p.killed = !had_exited && p.exit_code == kKilledExitCode;
  } else {
    p.reaped = true;  // its status is lost
    p.exit_code.reset();
  }
}

std::optional<std::string> ChildProcess::exit_description() const {
  const Impl& p = *impl_;
  if (running() || !p.exit_code) return std::nullopt;
  if (p.killed) return "was killed";
  const DWORD code = *p.exit_code;
  if (code >= 0xC0000000u) return describe_exception(code);
  std::string s = "exited with status " + std::to_string(code);
  if (code == kCmdNotFound) s += " (cmd.exe could not find the command)";
  return s;
}

void ChildProcess::close() {
  Impl& p = *impl_;
  close_handle(p.to_child);
  close_handle(p.from_child);
  close_handle(p.job);  // JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE: what the child left running ends here
  close_handle(p.process);
}

}  // namespace tsumi::cli
