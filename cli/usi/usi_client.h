#pragma once
// An external USI engine driven through two pipes: start it, talk to it line by line, ask it for a
// perft divide, shut it down. The same code on every system: the process and its pipes are a
// ChildProcess (cli/usi/child_process.h: `/bin/sh -c` on POSIX, `cmd.exe /S /C` on Windows), which
// also says how each system keeps the promises below.
//
// Every method returns an error message instead of throwing, and none of them can hang or kill the
// caller, whatever the engine does:
// - every wait for an answer ends at a deadline (set_timeout, default 600 s);
// - writes wait for the engine to read up to the same deadline; a write to an engine that has exited
//   fails (no SIGPIPE: ChildProcess's scoped guard) and the error says how it exited;
// - shutdown sends `quit`, closes the engine's input, waits up to 2 s for it to exit, then kills it and
//   everything it started (its process group on POSIX, its Job Object on Windows), not only the shell
//   that started it. The price on POSIX: Ctrl-C at the terminal does not reach the engine; it sees its
//   input close when tsumi ends, which makes USI engines quit once their current command is done.
// The engine's stderr is left as tsumi's stderr, so its own complaints reach the user unparsed.
// One thread at a time per UsiClient.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/usi/child_process.h"

namespace tsumi::cli {

// A `setoption`: a button when value is empty and has_value is false.
struct UsiOption {
  std::string name;
  std::string value;
  bool has_value = true;
};

// One line of a divide as the engine wrote it: the move text is kept as written, since a move the
// engine generates wrongly may be one that tsumi cannot even parse in that position.
struct EngineDivideEntry {
  std::string move;
  std::uint64_t nodes = 0;
};

struct EngineDivide {
  std::vector<EngineDivideEntry> moves;  // in the engine's order
  std::uint64_t total = 0;               // its `Nodes searched`
};

// A per-move line of `go perft`, in any of the formats engines write: `7g7f: 1` (Stockfish,
// Fairy-Stockfish, tsumi), `7g7f : 1`, `7g7f 1`. Anything else (info lines, blank lines) is nullopt.
std::optional<EngineDivideEntry> parse_divide_line(std::string_view line);

// The count of a `Nodes searched: N` line (also `Nodes searched : N`, any case), or nullopt.
std::optional<std::uint64_t> parse_nodes_searched(std::string_view line);

class UsiClient {
 public:
  UsiClient() = default;
  ~UsiClient() { shutdown(); }
  UsiClient(const UsiClient&) = delete;
  UsiClient& operator=(const UsiClient&) = delete;

  // The longest wait for one answer (usiok, readyok, a whole divide), in seconds.
  // At most 1e7 s (about four months), so that deadlines never overflow.
  void set_timeout(double seconds) { timeout_ = std::chrono::duration<double>(std::min(seconds, 1e7)); }

  // Starts `command` through the shell (`/bin/sh -c command`; `cmd.exe /S /C "command"` on Windows).
  // Fails only when the process cannot be created; a command that does not exist shows up as an exit
  // (status 127; 9009 from cmd.exe) at the first read.
  std::optional<std::string> start(const std::string& command);

  // `usi` → `usiok`, one `setoption` per option, `isready` → `readyok`.
  std::optional<std::string> handshake(const std::vector<UsiOption>& options);

  // Lines the engine wrote between `usiok` and `readyok`: where engines complain about options
  // (Fairy-Stockfish: `No such option: X`). Info lines are left out.
  const std::vector<std::string>& handshake_messages() const { return handshake_messages_; }

  // `position sfen <sfen> [moves ...]`, `go perft <depth>`, and the per-move lines up to
  // `Nodes searched`.
  std::optional<std::string> divide(const std::string& sfen, const std::vector<std::string>& usi_moves, int depth,
                                    EngineDivide& out);

  // Writes one line (the newline is added).
  std::optional<std::string> send(std::string_view line);
  // Reads one line (without its newline or a trailing '\r'), waiting up to the timeout.
  std::optional<std::string> read_line(std::string& line);

  // `quit`, close its input, wait up to 2 s for it to exit, then kill it with all it started. Idempotent.
  void shutdown();

  bool running() const { return child_.running(); }

 private:
  using Clock = std::chrono::steady_clock;

  Clock::time_point next_deadline() const {
    return Clock::now() + std::chrono::duration_cast<Clock::duration>(timeout_);
  }

  std::optional<std::string> send_until(std::string_view line, Clock::time_point deadline);
  enum class Read { kLine, kTimeout, kClosed };
  Read read_line_until(std::string& line, Clock::time_point deadline);
  // Reads lines until one equals `token`, the answer to `request`.
  std::optional<std::string> wait_for(std::string_view token, std::string_view request,
                                      std::vector<std::string>* other_lines);
  // The error for an engine that stopped talking: how it exited, if it did.
  std::string gone(std::string_view while_doing);

  ChildProcess child_;
  std::string buffer_;  // read but not yet returned
  bool eof_ = false;    // the engine's stdout is at its end
  std::chrono::duration<double> timeout_{600.0};
  std::vector<std::string> handshake_messages_;
};

}  // namespace tsumi::cli
