// A fuzz target for every text parser: SFEN (strict and with nifu allowed), USI moves, the perft and
// tsume suite readers and their common line loop, and the quoting of input for messages.
//
// Built two ways (tests/fuzz/CMakeLists.txt): with clang's libFuzzer (-fsanitize=fuzzer, TSUMI_FUZZ=ON),
// or with fuzz_driver.cpp, a main that runs the target over the positions/ files and seeded mutations
// of them, so every compiler and every sanitizer build runs it. Whatever the bytes, a parser must
// return a value or an error that points into the text and reads as one line of valid UTF-8; what it
// accepts must survive the round trips below. A broken invariant prints the input and aborts.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "core/limits.h"
#include "core/movegen.h"
#include "core/position.h"
#include "core/quoted_text.h"
#include "core/sfen.h"
#include "core/text_lines.h"
#include "core/usi.h"
#include "notation/csa_reader.h"
#include "notation/csa_writer.h"
#include "notation/kif_reader.h"
#include "notation/kif_writer.h"
#include "notation/kifu_file.h"
#include "notation/text_encoding.h"
#include "perft/perft_suite.h"
#include "perft/split/checkpoint.h"
#include "solver/mate_problem.h"
#include "solver/mate_suite.h"

namespace tsumi {
namespace {

// Longer inputs are ignored: every parser is linear, and short inputs keep each run fast.
constexpr std::size_t kMaxInput = 4096;
// At most this many words of the input are parsed as USI moves, and this many suite entries'
// positions are checked in depth.
constexpr std::size_t kMaxWords = 64;
constexpr std::size_t kMaxEntryPositions = 4;
// An error message echoes bounded quotes of the input; anything longer is a runaway.
constexpr std::size_t kMaxMessageBytes = 1024;

// The input C-escaped in full (quoted_text is under test, so it does not print it).
std::string c_escaped(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "\"";
  for (const char ch : text) {
    const auto b = static_cast<unsigned char>(ch);
    if (b == '"' || b == '\\') {
      out += '\\';
      out += ch;
    } else if (b >= 0x20 && b < 0x7F) {
      out += ch;
    } else {
      out += "\\x";
      out += kHex[b >> 4];
      out += kHex[b & 15];
    }
  }
  return out + "\"";
}

// The input of one run, kept to be printed when an invariant breaks.
class Checker {
 public:
  explicit Checker(std::string_view input) : input_(input) {}

  void require(bool ok, const char* what, std::string_view detail = {}) const {
    if (ok) return;
    std::fprintf(stderr, "text_fuzz: invariant broken: %s\n", what);
    if (!detail.empty()) std::fprintf(stderr, "  detail: %s\n", c_escaped(detail).c_str());
    std::fprintf(stderr, "  input (%zu bytes): %s\n", input_.size(), c_escaped(input_).c_str());
    std::fflush(stderr);
    std::abort();
  }

 private:
  std::string_view input_;
};

// ---- UTF-8 and the quoting of input ----

// The length of the well-formed UTF-8 character starting `text` (RFC 3629, table 3-7 of Unicode), 0 if
// none: written from the table, independently of core's utf8_char_length.
std::size_t reference_utf8_length(std::string_view text) {
  if (text.empty()) return 0;
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned b0 = byte(0);
  if (b0 <= 0x7F) return 1;
  struct Row {
    unsigned lead_lo, lead_hi, second_lo, second_hi;
    std::size_t length;
  };
  static constexpr Row kRows[] = {
      {0xC2, 0xDF, 0x80, 0xBF, 2}, {0xE0, 0xE0, 0xA0, 0xBF, 3}, {0xE1, 0xEC, 0x80, 0xBF, 3},
      {0xED, 0xED, 0x80, 0x9F, 3}, {0xEE, 0xEF, 0x80, 0xBF, 3}, {0xF0, 0xF0, 0x90, 0xBF, 4},
      {0xF1, 0xF3, 0x80, 0xBF, 4}, {0xF4, 0xF4, 0x80, 0x8F, 4},
  };
  for (const Row& row : kRows) {
    if (b0 < row.lead_lo || b0 > row.lead_hi) continue;
    if (text.size() < row.length || byte(1) < row.second_lo || byte(1) > row.second_hi) return 0;
    for (std::size_t i = 2; i < row.length; ++i)
      if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
    return row.length;
  }
  return 0;
}

bool is_valid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = reference_utf8_length(text.substr(i));
    if (n == 0) return false;
    i += n;
  }
  return true;
}

bool has_control_byte(std::string_view text) {
  for (const char ch : text)
    if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7F) return true;
  return false;
}

// Text meant for one line of a message: valid UTF-8, no control byte.
// Whether valid UTF-8 text holds a character that a terminal acts on instead of showing: a C1 control
// (C2 80-C2 9F), LINE or PARAGRAPH SEPARATOR (E2 80 A8-A9), or a bidi formatting character (D8 9C,
// E2 80 8E-8F, E2 80 AA-AE, E2 81 A6-A9), found by their bytes, independently of core's decoding.
bool has_terminal_control(std::string_view text) {
  const auto at = [&](std::size_t i) { return i < text.size() ? static_cast<unsigned char>(text[i]) : 0u; };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned b0 = at(i), b1 = at(i + 1), b2 = at(i + 2);
    if (b0 == 0xC2 && b1 >= 0x80 && b1 <= 0x9F) return true;
    if (b0 == 0xD8 && b1 == 0x9C) return true;
    if (b0 == 0xE2 && b1 == 0x80 && (b2 == 0x8E || b2 == 0x8F || (b2 >= 0xA8 && b2 <= 0xAE))) return true;
    if (b0 == 0xE2 && b1 == 0x81 && b2 >= 0xA6 && b2 <= 0xA9) return true;
  }
  return false;
}

void check_message_text(const Checker& check, std::string_view text, const char* what) {
  check.require(is_valid_utf8(text), what, text);
  check.require(!has_control_byte(text), what, text);
  check.require(!has_terminal_control(text), what, text);
}

void check_parse_error(const Checker& check, const ParseError& e, std::size_t text_size) {
  check.require(!e.message.empty(), "an error has a message");
  check.require(e.message.size() <= kMaxMessageBytes, "an error message is bounded", e.message);
  check_message_text(check, e.message, "an error message is one line of valid UTF-8");
  check.require(e.offset <= text_size, "an error offset points into the text", e.message);
}

void check_utf8_reading(const Checker& check, std::string_view text) {
  for (std::size_t i = 0; i <= text.size(); ++i) {
    const std::size_t n = utf8_char_length(text.substr(i));
    check.require(n == reference_utf8_length(text.substr(i)), "utf8_char_length follows RFC 3629");
    const std::string_view at = utf8_char_at(text, i);
    check.require(at.size() == (i == text.size() ? 0 : n == 0 ? 1 : n), "utf8_char_at takes one character");
    check.require(at.empty() || at.data() == text.data() + i, "utf8_char_at starts at the offset");
  }
}

// Undoes quoted_text's escapes in `body` (the text between the quotes); false when an escape is not
// one quoted_text writes.
bool unescape(std::string_view body, std::string& out) {
  const auto hex = [](char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1; };
  for (std::size_t i = 0; i < body.size(); ++i) {
    if (body[i] != '\\') {
      out += body[i];
      continue;
    }
    if (++i == body.size()) return false;
    switch (body[i]) {
      case '\\': out += '\\'; break;
      case '\'': out += '\''; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'u': {  // \u{XXXX}: four hex digits, a character below U+10000, written back as UTF-8
        if (i + 6 >= body.size() || body[i + 1] != '{' || body[i + 6] != '}') return false;
        unsigned c = 0;
        for (std::size_t k = i + 2; k < i + 6; ++k) {
          if (hex(body[k]) < 0) return false;
          c = c * 16 + unsigned(hex(body[k]));
        }
        if (c < 0x80) return false;
        if (c < 0x800) {
          out += char(0xC0 | (c >> 6));
        } else {
          out += char(0xE0 | (c >> 12));
          out += char(0x80 | ((c >> 6) & 0x3F));
        }
        out += char(0x80 | (c & 0x3F));
        i += 6;
        break;
      }
      case 'x': {
        if (i + 2 >= body.size()) return false;
        const int hi = hex(body[i + 1]), lo = hex(body[i + 2]);
        if (hi < 0 || lo < 0) return false;
        out += char(hi * 16 + lo);
        i += 2;
        break;
      }
      default: return false;
    }
  }
  return true;
}

// quoted_text shows a prefix of whole characters that fits max_bytes and nothing less, escaped so that
// it decodes back to the input; escaped_text is the same without the quote escapes.
void check_quoting(const Checker& check, std::string_view text, std::size_t max_bytes) {
  const std::string quoted = quoted_text(text, max_bytes);
  check_message_text(check, quoted, "quoted_text is one line of valid UTF-8");
  check.require(quoted.size() >= 2 && quoted.front() == '\'', "quoted_text starts with a quote", quoted);
  // The body ends at the first quote that no backslash escapes.
  std::size_t close = 1;
  while (close < quoted.size() && quoted[close] != '\'') close += quoted[close] == '\\' ? 2 : 1;
  check.require(close < quoted.size(), "quoted_text has a closing quote", quoted);
  std::string_view body = std::string_view(quoted).substr(1, close - 1);
  const std::string_view tail = std::string_view(quoted).substr(close + 1);
  const bool cut = !tail.empty();
  if (cut) {
    check.require(tail == " (" + std::to_string(text.size()) + " bytes)", "a cut quote gives the length", quoted);
    check.require(body.ends_with("..."), "a cut quote ends in ...", quoted);
    body.remove_suffix(3);
  }
  std::string shown;
  check.require(unescape(body, shown), "quoted_text writes only its own escapes", quoted);
  check.require(text.starts_with(shown), "quoted_text shows a prefix of the text", quoted);
  check.require(cut == (shown.size() < text.size()), "quoted_text says when it cuts", quoted);
  check.require(shown.size() <= max_bytes, "quoted_text respects the cap", quoted);
  if (shown.size() < text.size()) {
    const std::size_t n = reference_utf8_length(text.substr(shown.size()));
    check.require(shown.size() + (n == 0 ? 1 : n) > max_bytes, "quoted_text cuts only where the cap is", quoted);
  }
  // A character is never split: the cut falls at the start of one (or at a byte that starts none).
  for (std::size_t i = 0; i < shown.size();) {
    const std::size_t n = reference_utf8_length(text.substr(i));
    i += n == 0 ? 1 : n;
    check.require(i <= shown.size(), "quoted_text never shows half a character", quoted);
  }

  // escaped_text: the body with \\ and \' read back, then "..." when cut.
  std::string expected;
  for (std::size_t i = 0; i < body.size(); ++i) {
    if (body[i] == '\\' && i + 1 < body.size() && (body[i + 1] == '\\' || body[i + 1] == '\'')) ++i;
    expected += body[i];
  }
  if (cut) expected += "...";
  const std::string escaped = escaped_text(text, max_bytes);
  check_message_text(check, escaped, "escaped_text is one line of valid UTF-8");
  check.require(escaped == expected, "escaped_text is quoted_text without the quotes", escaped);
}

// ---- positions ----

// The key of a position set up from scratch.
Key fresh_key(const PositionSetup& setup) {
  Position pos;
  StateInfo st;
  pos.set(setup, &st);
  return pos.key();
}

bool same_moves(const MoveList& a, const MoveList& b) {
  if (a.size() != b.size()) return false;
  for (const Move m : a)
    if (!b.contains(m)) return false;
  return true;
}

// A position parse_sfen accepted (with `leniency`): its SFEN round-trips, the generators agree, and each
// legal move survives USI text and do/undo.
void check_position(const Checker& check, const PositionSetup& setup, SfenLeniency leniency) {
  const std::string sfen = to_sfen(setup);
  const auto again = parse_sfen(sfen, leniency);
  check.require(again.ok(), "to_sfen's text parses", sfen);
  check.require(to_sfen(*again) == sfen, "SFEN round-trips to the same text", sfen);

  Position pos;
  StateInfo root;
  pos.set(setup, &root);
  std::string why;
  check.require(pos.is_ok(&why), "a parsed position is consistent", why);
  check.require(to_sfen(pos) == sfen, "a position's SFEN is its setup's", sfen);
  check.require(fresh_key(*again) == pos.key(), "a round trip keeps the key", sfen);
  check.require(pos.key() == pos.board_key_from_scratch() + pos.hand_key_from_scratch(), "keys from scratch", sfen);

  const PositionSetup flip = flipped(setup);
  check.require(to_sfen(flipped(flip)) == sfen, "flipping twice is the identity", sfen);
  check.require(parse_sfen(to_sfen(flip), leniency).ok(), "the flipped position parses", to_sfen(flip));

  MoveList legal, split, checks;
  generate<LEGAL>(pos, legal);
  if (pos.in_check())
    generate<EVASIONS>(pos, split);
  else
    generate<NON_EVASIONS>(pos, split);
  generate<CHECKS>(pos, checks);
  check.require(same_moves(legal, split), "LEGAL equals EVASIONS or NON_EVASIONS", sfen);
  check.require(legal_move_count(pos) == legal.size(), "legal_move_count counts the list", sfen);
  check.require(has_legal_move(pos) == !legal.empty(), "has_legal_move", sfen);
  {
    Position flipped_pos;
    StateInfo flipped_root;
    flipped_pos.set(flip, &flipped_root);
    check.require(legal_move_count(flipped_pos) == legal.size(), "the flipped position has as many moves", sfen);
  }

  for (const Move m : legal) {
    const std::string usi = to_usi(m);
    const auto parsed = parse_usi_move(pos, usi);
    check.require(parsed.ok() && *parsed == m, "to_usi's text parses back to the move", sfen + " " + usi);
    check.require(checks.contains(m) == pos.gives_check(m), "CHECKS holds the moves that give check", usi);
    const Key key_after = pos.key_after(m);
    StateInfo st;
    pos.do_move(m, st);
    check.require(pos.key() == key_after, "key_after predicts the key", sfen + " " + usi);
    check.require(pos.in_check() == checks.contains(m), "a move of CHECKS checks", sfen + " " + usi);
    check.require(pos.is_ok(&why), "do_move keeps the position consistent", sfen + " " + usi + ": " + why);
    check.require(pos.game_ply() == setup.game_ply + 1, "do_move counts the ply", sfen + " " + usi);
    // The child parses, its move number set back to the parent's: parse_sfen bounds the move number
    // (at 1000000009), and a child of a position at the bound is past it.
    PositionSetup child_with_ply = pos.setup();
    child_with_ply.game_ply = setup.game_ply;
    const std::string child = to_sfen(child_with_ply);
    const auto child_setup = parse_sfen(child, leniency);
    check.require(child_setup.ok(), "the position after a legal move parses", child);
    check.require(fresh_key(*child_setup) == pos.key(), "the child's key equals its key from scratch", child);
    check.require(to_sfen(*child_setup) == child, "the child's SFEN round-trips", child);
    pos.undo_move(m);
    check.require(pos.key() == root.board_key + root.hand_key, "undo_move restores the key", sfen + " " + usi);
    check.require(to_sfen(pos) == sfen, "undo_move restores the SFEN", sfen + " " + usi);
  }
}

// The input as SFEN, strict and lenient: strict acceptance implies lenient acceptance of the same
// position, and they differ only on nifu.
void check_sfen(const Checker& check, std::string_view text) {
  const auto strict = parse_sfen(text);
  const auto lenient = parse_sfen(text, kTsumeLeniency);
  if (!strict) check_parse_error(check, strict.error(), text.size());
  if (!lenient) check_parse_error(check, lenient.error(), text.size());
  if (strict) {
    check.require(lenient.ok() && to_sfen(*lenient) == to_sfen(*strict), "leniency accepts what strict accepts");
    check_position(check, *strict, {});
  } else if (lenient) {
    check.require(strict.error().message.find("nifu") != std::string::npos, "leniency only forgives nifu",
                  strict.error().message);
    check_position(check, *lenient, kTsumeLeniency);
  }
}

// ---- USI moves ----

// The words of the text (split on blanks), at most kMaxWords of them.
std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (out.size() < kMaxWords) {
    while (i < text.size() && is_blank(text[i])) ++i;
    if (i == text.size()) break;
    const std::size_t start = i;
    while (i < text.size() && !is_blank(text[i])) ++i;
    out.push_back(text.substr(start, i - start));
  }
  return out;
}

// One USI move against pos: accepted exactly when it is the text of a legal move.
void check_usi_word(const Checker& check, const Position& pos, const MoveList& legal,
                    const std::vector<std::string>& legal_texts, std::string_view text) {
  const auto parsed = parse_usi_move(pos, text);
  if (parsed) {
    check.require(legal.contains(*parsed), "parse_usi_move gives a legal move", text);
    check.require(to_usi(*parsed) == text, "parse_usi_move accepts only the move's own text", text);
    return;
  }
  check_parse_error(check, parsed.error(), text.size());
  for (const std::string& t : legal_texts) check.require(t != text, "parse_usi_move accepts every legal move", text);
}

// The whole input and each word as a move of pos; then the words played in turn as far as they are
// legal (as `position ... moves` does), and taken back.
void check_usi(const Checker& check, Position& pos, std::string_view text) {
  MoveList legal;
  generate<LEGAL>(pos, legal);
  std::vector<std::string> legal_texts;
  for (const Move m : legal) legal_texts.push_back(to_usi(m));
  check_usi_word(check, pos, legal, legal_texts, text);
  const std::vector<std::string_view> ws = words(text);
  for (const std::string_view w : ws) check_usi_word(check, pos, legal, legal_texts, w);

  const std::string start = to_sfen(pos);
  const Key start_key = pos.key();
  StateInfo states[kMaxWords];
  Move played[kMaxWords];
  std::size_t n = 0;
  for (const std::string_view w : ws) {
    const auto m = parse_usi_move(pos, w);
    if (!m) break;
    pos.do_move(*m, states[n]);
    played[n++] = *m;
    std::string why;
    check.require(pos.is_ok(&why), "a line of USI moves keeps the position consistent", why);
  }
  while (n > 0) pos.undo_move(played[--n]);
  check.require(pos.key() == start_key && to_sfen(pos) == start, "undoing a line of moves restores the position");
}

void check_usi_moves(const Checker& check, std::string_view text) {
  Position pos;
  StateInfo st;
  pos.set(*parse_sfen(kStartSfen), &st);
  check_usi(check, pos, text);
  // Against the position the input names, if the input starts with one (the first four words).
  const std::vector<std::string_view> ws = words(text);
  if (ws.size() < 4) return;
  const std::string_view head(ws[0].data(), std::size_t(ws[3].data() + ws[3].size() - ws[0].data()));
  const auto setup = parse_sfen(head, kTsumeLeniency);
  if (!setup) return;
  Position named;
  StateInfo named_st;
  named.set(*setup, &named_st);
  check_usi(check, named, text.substr(head.size() + std::size_t(head.data() - text.data())));
}

// ---- suites ----

struct Line {
  std::string text;
  int line = 0;
};

// The lines of a text that are neither blank nor comments, numbered from 1: what a suite reader must
// hand over, found here without text_lines.h.
std::vector<Line> content_lines(std::string_view text) {
  std::vector<Line> lines;
  int line_no = 0;
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    ++line_no;
    start = end + 1;
    std::size_t first = 0;
    while (first < line.size() && is_blank(line[first])) ++first;
    if (first == line.size() || line[first] == '#') continue;
    lines.push_back({std::string(line), line_no});
  }
  return lines;
}

// parse_suite_lines hands over exactly the lines that are neither blank nor comments, whole, numbered
// from 1, and stops at the first error with its line number.
void check_suite_lines(const Checker& check, std::string_view text) {
  const std::vector<Line> expected = content_lines(text);
  const auto all =
      parse_suite_lines<Line>(text, [](std::string_view line) { return ParseResult<Line>(Line{std::string(line)}); });
  check.require(all.ok() && all->size() == expected.size(), "parse_suite_lines takes every line");
  for (std::size_t i = 0; i < expected.size(); ++i)
    check.require((*all)[i].text == expected[i].text && (*all)[i].line == expected[i].line,
                  "parse_suite_lines gives each line whole with its number", expected[i].text);

  // A line parser that refuses every line holding a '!': the suite fails on the first of them.
  const auto refusing = parse_suite_lines<Line>(text, [](std::string_view line) {
    if (line.find('!') != std::string_view::npos) return ParseResult<Line>(ParseError{"bang", 2});
    return ParseResult<Line>(Line{std::string(line)});
  });
  for (const Line& l : expected) {
    if (l.text.find('!') == std::string::npos) continue;
    check.require(!refusing.ok() && refusing.error().message == "line " + std::to_string(l.line) + ": bang" &&
                      refusing.error().offset == 2,
                  "parse_suite_lines stops at the first refused line", l.text);
    return;
  }
  check.require(refusing.ok(), "parse_suite_lines refuses nothing the line parser accepts");
}

void check_trim(const Checker& check, std::string_view text) {
  const std::string_view t = trim(text);
  check.require(t.empty() || (!is_blank(t.front()) && !is_blank(t.back())), "trim leaves no blank at either end");
  check.require(t.data() >= text.data() && t.data() + t.size() <= text.data() + text.size(), "trim takes a part");
  for (const char* p = text.data(); p < t.data(); ++p) check.require(is_blank(*p), "trim removes only blanks");
  for (const char* p = t.data() + t.size(); p < text.data() + text.size(); ++p)
    check.require(is_blank(*p), "trim removes only blanks");
}

// A suite parsed whole agrees with its lines parsed one by one.
template <class Entry, class ParseLine>
void check_suite_against_lines(const Checker& check, std::string_view text,
                               const ParseResult<std::vector<Entry>>& suite, ParseLine&& parse_line) {
  if (!suite) check_parse_error(check, suite.error(), text.size());
  std::size_t index = 0;
  for (const Line& content : content_lines(text)) {
    const std::string_view line = content.text;
    const int line_no = content.line;
    const auto entry = parse_line(line);
    if (!entry) {
      check_parse_error(check, entry.error(), line.size());
      check.require(
          !suite.ok() && suite.error().message == "line " + std::to_string(line_no) + ": " + entry.error().message,
          "a suite fails at its first bad line", line);
      return;
    }
    // Until its first bad line a suite holds each good line (a failed suite holds none).
    if (suite)
      check.require(index < suite->size() && (*suite)[index].line == line_no, "a suite holds each good line", line);
    ++index;
  }
  check.require(suite.ok() && index == suite->size(), "a suite holds only its lines");
}

void check_perft_suite(const Checker& check, std::string_view text) {
  const auto suite = parse_perft_suite(text);
  check_suite_against_lines(check, text, suite,
                            [](std::string_view line) { return parse_perft_suite_line(trim(line)); });
  if (!suite) return;
  std::size_t checked = 0;
  for (const PerftSuiteEntry& e : *suite) {
    int last_depth = 0;
    for (const PerftExpectation& x : e.expected) {
      check.require(x.depth > last_depth && x.depth <= limits::kMaxPerftDepth, "depths increase within bounds", e.sfen);
      last_depth = x.depth;
    }
    const auto setup = parse_sfen(e.sfen);
    check.require(setup.ok(), "a perft suite's SFEN parses", e.sfen);
    if (checked++ < kMaxEntryPositions) check_position(check, *setup, {});
  }
}

void check_mate_suite(const Checker& check, std::string_view text) {
  const auto suite = parse_mate_suite(text);
  check_suite_against_lines(check, text, suite, [](std::string_view line) { return parse_mate_suite_line(line); });
  if (!suite) return;
  std::size_t checked = 0;
  for (const MateSuiteEntry& e : *suite) {
    check.require(!e.sfen.empty() && trim(e.sfen) == e.sfen, "a tsume entry has a trimmed SFEN", e.sfen);
    check.require(!e.expected || (*e.expected >= 1 && *e.expected <= 10000), "expected plies are bounded", e.sfen);
    check.require(!e.time_s || (*e.time_s >= 1 && *e.time_s <= 86400), "a time is bounded", e.sfen);
    for (std::size_t i = 0; i < e.fields.size(); ++i) {
      check.require(!e.fields[i].first.empty(), "a field has a key", e.fields[i].second);
      for (std::size_t j = 0; j < i; ++j)
        check.require(e.fields[i].first != e.fields[j].first, "a key is given once", e.fields[i].first);
    }
    if (checked >= kMaxEntryPositions) continue;
    const auto setup = parse_sfen(e.sfen, kTsumeLeniency);
    if (!setup) continue;
    ++checked;
    check_position(check, *setup, kTsumeLeniency);
    const auto problem = make_mate_problem(*setup);
    if (!problem) {
      check_parse_error(check, problem.error(), 0);
      continue;
    }
    const auto completed = parse_sfen(to_sfen(problem->setup), kTsumeLeniency);
    check.require(completed.ok(), "a mate problem is a position", to_sfen(problem->setup));
  }
}

// A kifu that read_kifu or one reader returned: a valid start, legal moves, and the writers' KIF and CSA
// read back to the same start and moves.
void check_kifu(const Checker& check, const notation::Kifu& kifu) {
  check.require(!setup_fault(kifu.start, kTsumeLeniency), "a kifu's start is a position", to_sfen(kifu.start));
  std::vector<StateInfo> states(kifu.moves.size() + 1);
  Position pos;
  pos.set(kifu.start, &states[0]);
  for (std::size_t i = 0; i < kifu.moves.size(); ++i) {
    MoveList legal;
    generate<LEGAL>(pos, legal);
    check.require(legal.contains(kifu.moves[i]), "a kifu's moves are legal",
                  to_sfen(pos) + " " + to_usi(kifu.moves[i]));
    pos.do_move(kifu.moves[i], states[i + 1]);
  }
  // Neither KIF nor CSA writes a start's move number: compare the rest.
  const auto sfen_of = [](PositionSetup setup) {
    setup.game_ply = 1;
    return to_sfen(setup);
  };
  const std::string sfen = sfen_of(kifu.start), moves = to_usi(kifu.moves);
  const auto kif = notation::read_kif(notation::write_kif(kifu));
  check.require(kif.ok() && sfen_of(kif->start) == sfen && to_usi(kif->moves) == moves,
                "write_kif reads back to the same kifu", sfen + " " + moves);
  const auto csa = notation::read_csa(notation::write_csa(kifu));
  check.require(csa.ok() && sfen_of(csa->start) == sfen && to_usi(csa->moves) == moves,
                "write_csa reads back to the same kifu", sfen + " " + moves);
}

// The input as a notation file, through the entry the commands use and through each reader alone.
void check_notation(const Checker& check, std::string_view text) {
  const auto utf8 = notation::to_utf8(text);
  if (!utf8) check_message_text(check, utf8.error().message, "an encoding error is one line of valid UTF-8");
  const auto kifu = notation::read_kifu(text);
  if (kifu)
    check_kifu(check, *kifu);
  else
    check_message_text(check, kifu.error().message, "a notation error is one line of valid UTF-8");
  if (!utf8) return;
  for (const auto& read : {notation::read_kif(*utf8), notation::read_csa(*utf8)}) {
    if (read)
      check_kifu(check, *read);
    else
      check_message_text(check, read.error().message, "a reader's error is one line of valid UTF-8");
  }
}

// tsumi-mpi's checkpoint reader: a refusal is one clean line; what it accepts lies within the text and,
// written again line by line, reads back the same.
void check_checkpoint(const Checker& check, std::string_view text) {
  split::CheckpointContents c;
  if (auto e = split::read_checkpoint(text, c)) {
    check_message_text(check, *e, "a checkpoint error is one line of valid UTF-8");
    return;
  }
  check.require(c.valid_bytes <= text.size(), "a checkpoint's whole lines lie within the text");
  std::string again = split::format_header(c.header);
  for (const split::UnitCount& u : c.units) {
    check.require(u.index < c.header.units, "a checkpoint's unit is in the list", std::to_string(u.index));
    check.require(c.header.stats || u.stats == PerftStats{}, "a checkpoint without stats holds none");
    again += split::format_unit(u, c.header.stats);
  }
  split::CheckpointContents back;
  const auto e = split::read_checkpoint(again, back);
  check.require(!e, "a checkpoint written again is read", e ? *e : std::string_view(again));
  check.require(
      back.header == c.header && back.units == c.units && back.valid_bytes == again.size() && !back.partial_tail,
      "a checkpoint written again reads the same", again);
}

void check_text(std::string_view text) {
  const Checker check(text);
  check_utf8_reading(check, text);
  for (const std::size_t cap : {std::size_t(0), std::size_t(1), std::size_t(3), std::size_t(4), std::size_t(7),
                                kQuoteMaxBytes, text.size(), std::numeric_limits<std::size_t>::max()})
    check_quoting(check, text, cap);
  check_trim(check, text);
  check_sfen(check, text);
  check_usi_moves(check, text);
  check_suite_lines(check, text);
  check_perft_suite(check, text);
  check_mate_suite(check, text);
  check_notation(check, text);
  check_checkpoint(check, text);
}

}  // namespace
}  // namespace tsumi

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > tsumi::kMaxInput) return 0;
  tsumi::check_text(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
