#include "cli/usi/usi_client.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <sstream>
#include <thread>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/text_lines.h"

namespace tsumi::cli {

namespace {

std::optional<std::uint64_t> parse_count(std::string_view s) {
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return n;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_letter(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

// The shape of a USI move, loosely: `7g7f`, `7g7f+`, `P*7f`. Squares are not range-checked, so a
// move an engine prints wrongly (`0a1b`) still reaches the comparison.
bool looks_like_move(std::string_view s) {
  if (s.size() != 4 && s.size() != 5) return false;
  if (s.size() == 5 && s[4] != '+') return false;
  const bool board = is_digit(s[0]) && is_letter(s[1]);
  const bool drop = is_letter(s[0]) && s[1] == '*' && s.size() == 4;
  return (board || drop) && is_digit(s[2]) && is_letter(s[3]);
}

std::string seconds_text(std::chrono::duration<double> d) {
  std::ostringstream s;
  s << d.count() << " s";
  return s.str();
}

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
  const ssize_t n = write(fd, data, size);
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
  if (fd >= 0) close(fd);
  fd = -1;
}

}  // namespace

std::optional<EngineDivideEntry> parse_divide_line(std::string_view line) {
  std::vector<std::string_view> tokens;
  std::string_view rest = trim(line);
  while (!rest.empty()) {
    std::size_t end = 0;
    while (end < rest.size() && !std::isspace(static_cast<unsigned char>(rest[end]))) ++end;
    tokens.push_back(rest.substr(0, end));
    rest = trim(rest.substr(end));
  }
  std::string_view move, count;
  if (tokens.size() == 1) {  // `7g7f:1`
    const std::size_t colon = tokens[0].find(':');
    if (colon == std::string_view::npos) return std::nullopt;
    move = tokens[0].substr(0, colon);
    count = tokens[0].substr(colon + 1);
  } else if (tokens.size() == 2) {  // `7g7f: 1`, `7g7f 1`, `7g7f :1`
    move = tokens[0];
    count = tokens[1];
    if (move.ends_with(':'))
      move.remove_suffix(1);
    else if (count.starts_with(':'))
      count.remove_prefix(1);
  } else if (tokens.size() == 3 && tokens[1] == ":") {  // `7g7f : 1`
    move = tokens[0];
    count = tokens[2];
  } else {
    return std::nullopt;
  }
  const auto n = parse_count(count);
  if (!n || !looks_like_move(move)) return std::nullopt;
  return EngineDivideEntry{std::string(move), *n};
}

std::optional<std::uint64_t> parse_nodes_searched(std::string_view line) {
  constexpr std::string_view kPrefix = "nodes searched";
  std::string_view s = trim(line);
  if (s.size() < kPrefix.size()) return std::nullopt;
  for (std::size_t i = 0; i < kPrefix.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(s[i])) != kPrefix[i]) return std::nullopt;
  s.remove_prefix(kPrefix.size());
  while (!s.empty() && (s.front() == ':' || std::isspace(static_cast<unsigned char>(s.front())))) s.remove_prefix(1);
  return parse_count(s);
}

std::optional<std::string> UsiClient::start(const std::string& command) {
  if (running()) return "an engine is already running";
  int in[2], out[2], exec_error[2];
  if (!make_pipe(in)) return std::string("cannot create a pipe: ") + std::strerror(errno);
  if (!make_pipe(out)) {
    const int e = errno;
    close(in[0]), close(in[1]);
    return std::string("cannot create a pipe: ") + std::strerror(e);
  }
  if (!make_pipe(exec_error)) {
    const int e = errno;
    close(in[0]), close(in[1]), close(out[0]), close(out[1]);
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
    [[maybe_unused]] const ssize_t ignored = write(exec_error[1], &e, sizeof e);
    _exit(127);
  }
  const int fork_errno = errno;
  close(in[0]), close(out[1]), close(exec_error[1]);
  if (pid < 0) {
    close(in[1]), close(out[0]), close(exec_error[0]);
    return std::string("cannot start the engine: fork: ") + std::strerror(fork_errno);
  }
  setpgid(pid, pid);  // as the child does: whichever runs first, the group exists before any kill
  int exec_errno = 0;
  ssize_t n;
  do n = read(exec_error[0], &exec_errno, sizeof exec_errno);
  while (n < 0 && errno == EINTR);
  close(exec_error[0]);
  pid_ = pid;
  to_engine_ = in[1];
  from_engine_ = out[0];
  buffer_.clear();
  eof_ = false;
  exit_status_.reset();
  if (n == sizeof exec_errno) {
    wait_exit(std::chrono::seconds(1));
    close_fds();
    return std::string("cannot run /bin/sh: ") + std::strerror(exec_errno);
  }
  fcntl(to_engine_, F_SETFL, fcntl(to_engine_, F_GETFL) | O_NONBLOCK);
  return std::nullopt;
}

std::optional<std::string> UsiClient::send(std::string_view line) { return send_until(line, next_deadline()); }

std::optional<std::string> UsiClient::send_until(std::string_view line, Clock::time_point deadline) {
  if (to_engine_ < 0) return "the engine is not running";
  std::string data(line);
  data += '\n';
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = write_without_sigpipe(to_engine_, data.data() + done, data.size() - done);
    if (n >= 0) {
      done += std::size_t(n);
      continue;
    }
    if (errno == EINTR) continue;
    if (errno == EPIPE) return gone("reading `" + std::string(line) + "`");
    if (errno != EAGAIN && errno != EWOULDBLOCK) return std::string("writing to the engine: ") + std::strerror(errno);
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return "the engine did not read `" + std::string(line) + "` within " + seconds_text(timeout_);
    pollfd p{to_engine_, POLLOUT, 0};
    poll(&p, 1, int(std::min<long long>(left, 1000 * 1000)));
  }
  return std::nullopt;
}

std::optional<std::string> UsiClient::read_line(std::string& line) {
  switch (read_line_until(line, next_deadline())) {
    case Read::kLine: return std::nullopt;
    case Read::kTimeout: return "the engine wrote no line within " + seconds_text(timeout_);
    case Read::kClosed: break;
  }
  return gone("we waited for a line");
}

UsiClient::Read UsiClient::read_line_until(std::string& line, Clock::time_point deadline) {
  constexpr std::size_t kMaxLine = 1 << 20;  // a longer line is cut: memory stays bounded
  for (;;) {
    const std::size_t newline = buffer_.find('\n');
    if (newline != std::string::npos || buffer_.size() >= kMaxLine || (eof_ && !buffer_.empty())) {
      const std::size_t end = std::min({newline, buffer_.size(), kMaxLine});
      line = buffer_.substr(0, end);
      buffer_.erase(0, end == newline ? end + 1 : end);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return Read::kLine;
    }
    if (eof_ || from_engine_ < 0) return Read::kClosed;
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return Read::kTimeout;
    pollfd p{from_engine_, POLLIN, 0};
    const int ready = poll(&p, 1, int(std::min<long long>(left, 1000 * 1000)));
    if (ready <= 0) continue;  // timeout or EINTR: the deadline check above decides
    char chunk[4096];
    const ssize_t n = read(from_engine_, chunk, sizeof chunk);
    if (n > 0)
      buffer_.append(chunk, std::size_t(n));
    else if (n == 0 || (errno != EINTR && errno != EAGAIN))
      eof_ = true;
  }
}

std::optional<std::string> UsiClient::wait_for(std::string_view token, std::string_view request,
                                               std::vector<std::string>* other_lines) {
  const Clock::time_point until = next_deadline();
  for (std::string line;;) {
    switch (read_line_until(line, until)) {
      case Read::kLine:
        if (trim(line) == token) return std::nullopt;
        if (other_lines && !trim(line).empty() && !trim(line).starts_with("info")) other_lines->push_back(line);
        continue;
      case Read::kTimeout:
        return "no `" + std::string(token) + "` within " + seconds_text(timeout_) + " after `" + std::string(request) +
               "`";
      case Read::kClosed: return gone("we waited for `" + std::string(token) + "`");
    }
  }
}

std::string UsiClient::gone(std::string_view while_doing) {
  if (pid_ > 0) wait_exit(std::chrono::seconds(1));
  if (exit_status_) return "the engine " + describe_exit(*exit_status_) + " while " + std::string(while_doing);
  return "the engine closed its pipes while " + std::string(while_doing);
}

bool UsiClient::wait_exit(std::chrono::duration<double> limit) {
  const Clock::time_point deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(limit);
  while (pid_ > 0) {
    int status = 0;
    const pid_t r = waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
      exit_status_ = status;
      pid_ = -1;
    } else if (r < 0 && errno != EINTR) {
      pid_ = -1;  // reaped elsewhere (SIGCHLD ignored): its status is lost
    } else if (Clock::now() >= deadline) {
      return false;
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  return true;
}

void UsiClient::close_fds() {
  close_fd(to_engine_);
  close_fd(from_engine_);
}

std::optional<std::string> UsiClient::handshake(const std::vector<UsiOption>& options) {
  handshake_messages_.clear();
  if (auto e = send("usi")) return e;
  if (auto e = wait_for("usiok", "usi", nullptr)) return e;
  for (const UsiOption& o : options) {
    std::string line = "setoption name " + o.name;
    if (o.has_value) line += " value " + o.value;
    if (auto e = send(line)) return e;
  }
  if (auto e = send("isready")) return e;
  return wait_for("readyok", "isready", &handshake_messages_);
}

std::optional<std::string> UsiClient::divide(const std::string& sfen, const std::vector<std::string>& usi_moves,
                                             int depth, EngineDivide& out) {
  out = {};
  std::string position = "position sfen " + sfen;
  if (!usi_moves.empty()) position += " moves";
  for (const std::string& m : usi_moves) position += " " + m;
  const std::string go = "go perft " + std::to_string(depth);
  if (auto e = send(position)) return e;
  if (auto e = send(go)) return e;
  const Clock::time_point until = next_deadline();
  for (std::string line;;) {
    switch (read_line_until(line, until)) {
      case Read::kLine:
        if (const auto total = parse_nodes_searched(line)) {
          out.total = *total;
          return std::nullopt;
        }
        if (auto entry = parse_divide_line(line))
          out.moves.push_back(std::move(*entry));
        else if (trim(line).starts_with("bestmove"))
          return "the engine answered `" + go + "` with `" + std::string(trim(line)) +
                 "`: it searched instead of counting (no `go perft` in this engine?)";
        continue;
      case Read::kTimeout:
        return "no `Nodes searched` line within " + seconds_text(timeout_) + " after `" + go + "` (" +
               std::to_string(out.moves.size()) + " move lines read)";
      case Read::kClosed: return gone("answering `" + go + "`");
    }
  }
}

void UsiClient::shutdown() {
  if (pid_ > 0) {
    if (to_engine_ >= 0) send_until("quit", Clock::now() + std::chrono::milliseconds(200));
    close_fd(to_engine_);  // an engine that missed `quit` still sees its input end
    if (!wait_exit(std::chrono::seconds(2))) {
      kill(-pid_, SIGKILL);  // the shell and everything it started
      kill(pid_, SIGKILL);
      int status = 0;
      while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
      }
      exit_status_ = status;
      pid_ = -1;
    }
  }
  close_fds();
  buffer_.clear();
}

}  // namespace tsumi::cli
