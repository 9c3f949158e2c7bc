#include "notation/notation_words.h"

#include <array>

namespace tsumi::notation {

namespace {

struct Words {
  std::string_view csa;
  std::string_view kif;
};

// Header keys: CSA V2.2's information keys and KIF's words for them.
constexpr std::array<Words, 6> kHeaderKeys = {{
    {"EVENT", "棋戦"},
    {"SITE", "場所"},
    {"START_TIME", "開始日時"},
    {"END_TIME", "終了日時"},
    {"TIME_LIMIT", "持ち時間"},
    {"OPENING", "戦型"},
}};

// The players: CSA's name lines and KIF's keys (下手 / 上手 in a handicap game).
constexpr std::array<Words, 4> kPlayerKeys = {{{"N+", "先手"}, {"N-", "後手"}, {"N+", "下手"}, {"N-", "上手"}}};

// Ends of the moves: CSA's special moves and Kakinoki's words (the ILLEGAL_ACTION pair, which names the
// side at fault, is handled apart).
constexpr std::array<Words, 13> kEndWords = {{
    {"%TORYO", "投了"},
    {"%CHUDAN", "中断"},
    {"%SENNICHITE", "千日手"},
    {"%TIME_UP", "切れ負け"},
    {"%ILLEGAL_MOVE", "反則負け"},
    {"%JISHOGI", "持将棋"},
    {"%KACHI", "入玉勝ち"},
    {"%HIKIWAKE", "引き分け"},
    {"%MATTA", "待った"},
    {"%TSUMI", "詰み"},
    {"%TSUMI", "詰"},
    {"%FUZUMI", "不詰"},
    {"%ERROR", "エラー"},
}};

bool is_csa_key(std::string_view key) {
  return !key.empty() && key.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == std::string_view::npos;
}

}  // namespace

std::string_view csa_header_key(std::string_view key) {
  for (const Words& w : kPlayerKeys)
    if (key == w.csa || key == w.kif) return w.csa;
  for (const Words& w : kHeaderKeys)
    if (key == w.csa || key == w.kif) return w.csa;
  return is_csa_key(key) ? key : std::string_view();
}

std::string_view kif_header_key(std::string_view key) {
  for (const Words& w : kPlayerKeys)
    if (key == w.csa) return w.kif;
  for (const Words& w : kHeaderKeys)
    if (key == w.csa) return w.kif;
  return key;
}

std::string csa_end_word(std::string_view end, Color to_move) {
  // 反則負け: the side to move is at fault; 反則勝ち: the other side is.
  if (end == "反則負け" || end == "反則勝ち") {
    const Color at_fault = end == "反則負け" ? to_move : ~to_move;
    return at_fault == BLACK ? "%+ILLEGAL_ACTION" : "%-ILLEGAL_ACTION";
  }
  if (end == "%+ILLEGAL_ACTION" || end == "%-ILLEGAL_ACTION") return std::string(end);
  for (const Words& w : kEndWords)
    if (end == w.csa || end == w.kif) return std::string(w.csa);
  return "";
}

std::string kif_end_word(std::string_view end, Color to_move) {
  if (end == "%+ILLEGAL_ACTION" || end == "%-ILLEGAL_ACTION") {
    const Color at_fault = end[1] == '+' ? BLACK : WHITE;
    return at_fault == to_move ? "反則負け" : "反則勝ち";
  }
  for (const Words& w : kEndWords)
    if (end == w.csa) return std::string(w.kif);
  return std::string(end);
}

}  // namespace tsumi::notation
