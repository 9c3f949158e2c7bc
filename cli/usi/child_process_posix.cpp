// The POSIX half of ChildProcess (cli/usi/child_process.h): fork, `/bin/sh -c`, pipes, poll, waitpid,
// a process group of its own, and the scoped SIGPIPE guard on writes.
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <thread>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/usi/child_process.h"

namespace tsumi::cli {

namespace {

std::string describe_exit(int status) {
  if (WIFEXITED(status)) {
    const int code = WEXITSTATUS(status);
    std::string s = "exited with status " + std::to_string(code);
    if (code == 127) s += " (the shell could not find the command)";
    if (code == 126) s += " (the command is not executable)";
    return s;
  }
  if (WIFSIGNALED(status))
    return "was killed by signal " + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) + ")";
  return "stopped (wait status " + std::to_string(status) + ")";
}

// write(2) that fails with EPIPE instead of raising SIGPIPE: the signal is blocked in this thread
// for the write, and one the write raised is consumed before the old mask comes back. A SIGPIPE
// that was pending before is left alone.
ssize_t write_without_sigpipe(int fd, const char* data, std::size_t size) {
  sigset_t pipe_set;
  sigemptyset(&pipe_set);
  sigaddset(&pipe_set, SIGPIPE);
  sigset_t pending;
  sigemptyset(&pending);
  sigpending(&pending);
  const bool was_pending = sigismember(&pending, SIGPIPE) == 1;
  sigset_t old_mask;
  pthread_sigmask(SIG_BLOCK, &pipe_set, &old_mask);
  const ssize_t n = ::write(fd, data, size);
  const int saved_errno = errno;
  if (n < 0 && saved_errno == EPIPE && !was_pending) {
    const timespec zero{0, 0};
    while (sigtimedwait(&pipe_set, nullptr, &zero) < 0 && errno == EINTR) {
    }
  }
  pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
  errno = saved_errno;
  return n;
}

bool make_pipe(int fds[2]) {
  if (pipe(fds) != 0) return false;
  fcntl(fds[0], F_SETFD, FD_CLOEXEC);
  fcntl(fds[1], F_SETFD, FD_CLOEXEC);
  return true;
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// Milliseconds left to the deadline, rounded up.
long long ms_left(ChildProcess::Clock::time_point deadline) {
  return std::chrono::ceil<std::chrono::milliseconds>(deadline - ChildProcess::Clock::now()).count();
}

}  // namespace

struct ChildProcess::Impl {
  pid_t pid = -1;
  int to_child = -1;               // its stdin
  int from_child = -1;             // its stdout
  bool eof = false;                // its stdout is at its end
  std::optional<int> exit_status;  // waitpid's status once reaped
};

ChildProcess::ChildProcess() : impl_(std::make_unique<Impl>()) {}

ChildProcess::~ChildProcess() {
  kill();
  close();
}

bool ChildProcess::running() const { return impl_->pid > 0; }

bool ChildProcess::input_open() const { return impl_->to_child >= 0; }

std::optional<std::string> ChildProcess::start(const std::string& command) {
  if (running()) return "a process is already running";
  close();
  Impl& p = *impl_;
  int in[2], out[2], exec_error[2];
  if (!make_pipe(in)) return std::string("cannot create a pipe: ") + std::strerror(errno);
  if (!make_pipe(out)) {
    const int e = errno;
    ::close(in[0]), ::close(in[1]);
    return std::string("cannot create a pipe: ") + std::strerror(e);
  }
  if (!make_pipe(exec_error)) {
    const int e = errno;
    ::close(in[0]), ::close(in[1]), ::close(out[0]), ::close(out[1]);
    return std::string("cannot create a pipe: ") + std::strerror(e);
  }
  // Built before fork: the child may only make async-signal-safe calls.
  const char* argv[] = {"sh", "-c", command.c_str(), nullptr};
  const pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    dup2(in[0], STDIN_FILENO);
    dup2(out[1], STDOUT_FILENO);
    execvp("/bin/sh", const_cast<char* const*>(argv));
    const int e = errno;
    [[maybe_unused]] const ssize_t ignored = ::write(exec_error[1], &e, sizeof e);
    _exit(127);
  }
  const int fork_errno = errno;
  ::close(in[0]), ::close(out[1]), ::close(exec_error[1]);
  if (pid < 0) {
    ::close(in[1]), ::close(out[0]), ::close(exec_error[0]);
    return std::string("cannot start the engine: fork: ") + std::strerror(fork_errno);
  }
  setpgid(pid, pid);  // as the child does: whichever runs first, the group exists before any kill
  int exec_errno = 0;
  ssize_t n;
  do n = ::read(exec_error[0], &exec_errno, sizeof exec_errno);
  while (n < 0 && errno == EINTR);
  ::close(exec_error[0]);
  p.pid = pid;
  p.to_child = in[1];
  p.from_child = out[0];
  p.eof = false;
  p.exit_status.reset();
  if (n == sizeof exec_errno) {
    wait(std::chrono::seconds(1));
    close();
    return std::string("cannot run /bin/sh: ") + std::strerror(exec_errno);
  }
  fcntl(p.to_child, F_SETFL, fcntl(p.to_child, F_GETFL) | O_NONBLOCK);
  return std::nullopt;
}

ChildProcess::Io ChildProcess::write(std::string_view data, Clock::time_point deadline, std::string& error) {
  const int fd = impl_->to_child;
  if (fd < 0) return Io::kClosed;
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = write_without_sigpipe(fd, data.data() + done, data.size() - done);
    if (n >= 0) {
      done += std::size_t(n);
      continue;
    }
    if (errno == EINTR) continue;
    if (errno == EPIPE) return Io::kClosed;
    if (errno != EAGAIN && errno != EWOULDBLOCK) {
      error = std::strerror(errno);
      return Io::kError;
    }
    const long long left = ms_left(deadline);
    if (left <= 0) return Io::kTimeout;
    pollfd poll_fd{fd, POLLOUT, 0};
    poll(&poll_fd, 1, int(std::min<long long>(left, 1000 * 1000)));
  }
  return Io::kOk;
}

ChildProcess::Io ChildProcess::read(std::string& out, Clock::time_point deadline) {
  Impl& p = *impl_;
  for (;;) {
    if (p.eof || p.from_child < 0) return Io::kClosed;
    const long long left = ms_left(deadline);
    if (left <= 0) return Io::kTimeout;
    pollfd poll_fd{p.from_child, POLLIN, 0};
    const int ready = poll(&poll_fd, 1, int(std::min<long long>(left, 1000 * 1000)));
    if (ready <= 0) continue;  // timeout or EINTR: the deadline check above decides
    char chunk[4096];
    const ssize_t n = ::read(p.from_child, chunk, sizeof chunk);
    if (n > 0) {
      out.append(chunk, std::size_t(n));
      return Io::kOk;
    }
    if (n == 0 || (errno != EINTR && errno != EAGAIN)) p.eof = true;
  }
}

void ChildProcess::close_input() { close_fd(impl_->to_child); }

bool ChildProcess::wait(std::chrono::duration<double> limit) {
  Impl& p = *impl_;
  const Clock::time_point deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(limit);
  while (p.pid > 0) {
    int status = 0;
    const pid_t r = waitpid(p.pid, &status, WNOHANG);
    if (r == p.pid) {
      p.exit_status = status;
      p.pid = -1;
    } else if (r < 0 && errno != EINTR) {
      p.pid = -1;  // reaped elsewhere (SIGCHLD ignored): its status is lost
    } else if (Clock::now() >= deadline) {
      return false;
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  return true;
}

void ChildProcess::kill() {
  Impl& p = *impl_;
  if (p.pid <= 0) return;
  ::kill(-p.pid, SIGKILL);  // the shell and everything it started
  ::kill(p.pid, SIGKILL);
  int status = 0;
  while (waitpid(p.pid, &status, 0) < 0 && errno == EINTR) {
  }
  p.exit_status = status;
  p.pid = -1;
}

std::optional<std::string> ChildProcess::exit_description() const {
  if (running() || !impl_->exit_status) return std::nullopt;
  return describe_exit(*impl_->exit_status);
}

void ChildProcess::close() {
  close_fd(impl_->to_child);
  close_fd(impl_->from_child);
}

}  // namespace tsumi::cli
