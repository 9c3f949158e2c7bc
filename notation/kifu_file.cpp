#include "notation/kifu_file.h"

#include <algorithm>
#include <cstddef>
#include <deque>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/quoted_text.h"
#include "core/sfen.h"
#include "core/text_lines.h"
#include "core/usi.h"
#include "notation/csa_reader.h"
#include "notation/kif_reader.h"
#include "notation/text_encoding.h"

namespace tsumi::notation {
namespace {

// More plies than any game or problem: a bound on what a line of USI moves can make the reader hold.
constexpr std::size_t kMaxPlies = 100000;

struct TextLine {
  std::string_view text;  // without the line break
  std::size_t number;     // from 1
};

std::vector<TextLine> split_lines(std::string_view text) {
  std::vector<TextLine> lines;
  for (std::size_t start = 0, number = 1; start <= text.size(); ++number) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    lines.push_back({text.substr(start, end - start), number});
    start = end + 1;
  }
  return lines;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }

// A statement CSA starts a line with: `V2.2`, `PI`, `P1`..`P9`, `P+`, `P-`, `N+`, `N-`, `$KEY:`, `+` or
// `-` alone (the side to move), a move `+7776FU`, or a special move `%TORYO`.
bool is_csa_statement(std::string_view t) {
  if (t.starts_with("V2") || t.starts_with("PI") || t.starts_with("P+") || t.starts_with("P-") || t.starts_with("N+") ||
      t.starts_with("N-") || t.starts_with("$"))
    return true;
  if (t.size() >= 2 && t[0] == 'P' && t[1] >= '1' && t[1] <= '9') return true;
  if (t == "+" || t == "-") return true;
  if (t.size() >= 7 && (t[0] == '+' || t[0] == '-') && is_digit(t[1]) && is_digit(t[2]) && is_digit(t[3]) &&
      is_digit(t[4]) && is_upper(t[5]) && is_upper(t[6]))
    return true;
  return t.size() >= 2 && t[0] == '%' && is_upper(t[1]);
}

// Blank-separated words of a line, with their byte offsets.
struct Word {
  std::string_view text;
  std::size_t offset;
};

std::vector<Word> split_words(std::string_view line) {
  std::vector<Word> words;
  for (std::size_t i = 0; i < line.size();) {
    if (is_blank(line[i])) {
      ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < line.size() && !is_blank(line[i])) ++i;
    words.push_back({line.substr(start, i - start), start});
  }
  return words;
}

// A SFEN, `sfen ...`, `position ...`, `startpos` or a named position (core/sfen.h), as a line starts.
bool is_sfen_line(std::string_view t) {
  const std::vector<Word> words = split_words(t);
  if (words.empty()) return false;
  const std::string_view first = words.front().text;
  if (first == "position" || first == "sfen" || first == "startpos" || named_sfen(first)) return true;
  return words.size() >= 2 && std::count(first.begin(), first.end(), '/') == 8;
}

bool starts_with_any(std::string_view t, std::initializer_list<std::string_view> prefixes) {
  for (std::string_view p : prefixes)
    if (t.starts_with(p)) return true;
  return false;
}

// A KIF move line: a move number, then (after blanks and perhaps a mark) a square, 同 or an end word.
bool is_kif_move_line(std::string_view t) {
  std::size_t i = 0;
  while (i < t.size() && is_digit(t[i])) ++i;
  if (i == 0 || i == t.size() || !(is_blank(t[i]) || t.substr(i).starts_with("\u3000"))) return false;
  std::string_view rest = t.substr(i);
  while (!rest.empty()) {
    if (is_blank(rest.front())) {
      rest.remove_prefix(1);
    } else if (starts_with_any(rest, {"\u3000", "▲", "△", "☗", "☖"})) {
      rest.remove_prefix(3);
    } else {
      break;
    }
  }
  if (rest.empty()) return false;
  if (is_digit(rest.front()) || starts_with_any(rest, {"１", "２", "３", "４", "５", "６", "７", "８", "９", "同"}))
    return true;
  return starts_with_any(rest, {"投了", "詰み", "中断", "千日手", "持将棋", "切れ負け", "反則", "入玉", "不詰",
                                "宣言勝ち", "封じ手", "時間切れ", "不戦"});
}

bool is_ki2_move_line(std::string_view t) {
  if (!starts_with_any(t, {"▲", "△", "☗", "☖"})) return false;
  const std::string_view rest = t.substr(3);
  return (!rest.empty() && is_digit(rest.front())) ||
         starts_with_any(rest, {"１", "２", "３", "４", "５", "６", "７", "８", "９", "同"});
}

std::string_view format_label(KifuFormat f) {
  switch (f) {
    case KifuFormat::sfen: return "SFEN";
    case KifuFormat::kif: return "KIF";
    case KifuFormat::ki2: return "KI2";
    case KifuFormat::csa: return "CSA";
    case KifuFormat::bod: return "BOD";
  }
  return "?";
}

// The kifu of a SFEN line: `<sfen> [moves ...]`, `sfen <sfen> [moves ...]`, `[position] startpos|<name>
// [moves ...]`, `position sfen <sfen> [moves ...]`; nothing else but blank and `#` lines around it.
ParseResult<Kifu> read_sfen_kifu(std::string_view utf8) {
  const TextLine* found = nullptr;
  const std::vector<TextLine> lines = split_lines(utf8);
  for (const TextLine& l : lines) {
    const std::string_view t = trim(l.text);
    if (t.empty() || t.front() == '#') continue;
    if (found) return ParseError{"a second line after the SFEN", 0, l.number};
    found = &l;
  }
  if (!found) return ParseError{"no SFEN", 0, 1};
  const std::string_view line = found->text;
  const auto error = [&](std::string message, std::size_t offset) {
    return ParseError{std::move(message), utf8_column(line, offset), found->number};
  };
  const std::vector<Word> words = split_words(line);
  std::size_t w = 0;
  if (w < words.size() && words[w].text == "position") ++w;
  Kifu kifu;
  if (w < words.size() && words[w].text != "sfen" && named_sfen(words[w].text)) {
    kifu.start = *parse_sfen(*named_sfen(words[w].text));
    ++w;
  } else {
    if (w < words.size() && words[w].text == "sfen") ++w;
    const std::size_t first = w;
    while (w < words.size() && words[w].text != "moves") ++w;
    if (first == w) return error("expected a SFEN", first < words.size() ? words[first].offset : line.size());
    const std::size_t begin = words[first].offset;
    const std::size_t end = words[w - 1].offset + words[w - 1].text.size();
    auto setup = parse_sfen(line.substr(begin, end - begin), {.allow_nifu = true});
    if (!setup) return error(setup.error().message, begin + setup.error().offset);
    kifu.start = *setup;
  }
  if (w < words.size() && words[w].text != "moves")
    return error("expected 'moves' or the end of the line", words[w].offset);
  if (w < words.size()) ++w;
  Position pos;
  std::deque<StateInfo> states;
  pos.set(kifu.start, &states.emplace_back());
  for (; w < words.size(); ++w) {
    auto move = parse_usi_move(pos, words[w].text);
    if (!move) return error(move.error().message, words[w].offset + move.error().offset);
    if (kifu.moves.size() >= kMaxPlies) return error("more than 100000 moves", words[w].offset);
    pos.do_move(*move, states.emplace_back());
    kifu.moves.push_back(*move);
  }
  kifu.format = KifuFormat::sfen;
  return kifu;
}

}  // namespace

std::optional<KifuFormat> detect_format(std::string_view utf8) {
  if (utf8.starts_with("\xEF\xBB\xBF")) utf8.remove_prefix(3);
  const std::vector<TextLine> lines = split_lines(utf8);
  // CSA and SFEN by their first statement (CSA's `'` comments and a `#` comment before a SFEN aside).
  for (const TextLine& l : lines) {
    const std::string_view t = trim(l.text);
    if (t.empty() || t.front() == '\'' || t.front() == '#') continue;
    if (is_csa_statement(t)) return KifuFormat::csa;
    if (is_sfen_line(t)) return KifuFormat::sfen;
    break;
  }
  bool ki2 = false, diagram = false, header = false;
  for (const TextLine& l : lines) {
    std::string_view t = trim(l.text);
    while (t.starts_with("\u3000")) t.remove_prefix(3);
    if (t.starts_with("変化")) break;
    if (t.starts_with("手数-") || t.starts_with("手数－") || is_kif_move_line(t)) return KifuFormat::kif;
    ki2 = ki2 || is_ki2_move_line(t);
    diagram = diagram || t.starts_with("|");
    header = header || (t.find("：") != std::string_view::npos && !t.starts_with("*") && !t.starts_with("#"));
  }
  if (ki2) return KifuFormat::ki2;
  if (diagram) return KifuFormat::bod;
  if (header) return KifuFormat::kif;
  return std::nullopt;
}

ParseResult<Kifu> read_kifu(std::string_view bytes) {
  auto text = to_utf8(bytes);
  if (!text) return text.error();
  const std::optional<KifuFormat> format = detect_format(*text);
  if (!format)
    return ParseError{"the notation is none of KIF, KI2, BOD, CSA or SFEN (nothing in the text looks like them)", 0, 1};
  ParseResult<Kifu> kifu = *format == KifuFormat::csa    ? read_csa(*text)
                           : *format == KifuFormat::sfen ? read_sfen_kifu(*text)
                                                         : read_kif(*text);
  if (!kifu) {
    ParseError e = kifu.error();
    e.message = std::string(format_label(*format)) + ": " + e.message;
    return e;
  }
  return kifu;
}

}  // namespace tsumi::notation
