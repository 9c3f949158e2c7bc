#include "cli/usi/usi_client.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>

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
  buffer_.clear();
  eof_ = false;
  return child_.start(command);
}

std::optional<std::string> UsiClient::send(std::string_view line) { return send_until(line, next_deadline()); }

std::optional<std::string> UsiClient::send_until(std::string_view line, Clock::time_point deadline) {
  if (!child_.input_open()) return "the engine is not running";
  std::string data(line);
  data += '\n';
  std::string error;
  switch (child_.write(data, deadline, error)) {
    case ChildProcess::Io::kOk: return std::nullopt;
    case ChildProcess::Io::kTimeout:
      return "the engine did not read `" + std::string(line) + "` within " + seconds_text(timeout_);
    case ChildProcess::Io::kError: return "writing to the engine: " + error;
    case ChildProcess::Io::kClosed: break;
  }
  return gone("reading `" + std::string(line) + "`");
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
    if (eof_) return Read::kClosed;
    switch (child_.read(buffer_, deadline)) {
      case ChildProcess::Io::kOk: continue;
      case ChildProcess::Io::kTimeout: return Read::kTimeout;
      case ChildProcess::Io::kClosed:
      case ChildProcess::Io::kError: eof_ = true; continue;  // what is left in buffer_ is a last line
    }
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
  if (child_.running()) child_.wait(std::chrono::seconds(1));
  if (const auto exit = child_.exit_description()) return "the engine " + *exit + " while " + std::string(while_doing);
  return "the engine closed its pipes while " + std::string(while_doing);
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
  if (child_.running()) {
    if (child_.input_open()) send_until("quit", Clock::now() + std::chrono::milliseconds(200));
    child_.close_input();                                      // an engine that missed `quit` still sees its input end
    if (!child_.wait(std::chrono::seconds(2))) child_.kill();  // the shell and everything it started
  }
  child_.close();
  buffer_.clear();
}

}  // namespace tsumi::cli
