#include "cli/mate/board_diagram.h"

#include <deque>

#include "core/usi.h"

namespace tsumi::cli {

namespace {

// Indexed by PieceType. The board uses one character a piece, moves the usual names.
constexpr const char* kBoardName[PIECE_TYPE_NB] = {"・", "歩", "香", "桂", "銀", "角", "飛", "金",
                                                   "玉", "と", "杏", "圭", "全", "馬", "龍"};
constexpr const char* kMoveName[PIECE_TYPE_NB] = {"?",  "歩", "香",   "桂",   "銀",   "角", "飛", "金",
                                                  "玉", "と", "成香", "成桂", "成銀", "馬", "龍"};
constexpr const char* kFileDigit[9] = {"１", "２", "３", "４", "５", "６", "７", "８", "９"};
constexpr const char* kKanjiNumber[11] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"};
// Hand pieces in the order of the KIF format.
constexpr PieceType kHandOrder[7] = {ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN};

// 1..18 in kanji: 一 .. 九, 十, 十一 .. 十八.
std::string kanji_number(int n) {
  if (n <= 10) return kKanjiNumber[n];
  return std::string(kKanjiNumber[10]) + kKanjiNumber[n - 10];
}

// "飛　角二　歩十八　" (a count only above one), or "なし".
std::string hand_text(Hand hand) {
  if (hand.empty()) return "なし";
  std::string s;
  for (PieceType pt : kHandOrder) {
    const int n = hand.count(pt);
    if (n == 0) continue;
    s += kBoardName[pt];
    if (n > 1) s += kanji_number(n);
    s += "　";
  }
  return s;
}

std::string board_row(const PositionSetup& setup, Rank r) {
  std::string s = "|";
  for (int f = FILE_9; f >= FILE_1; --f) {
    const Piece pc = setup.board[make_square(File(f), r)];
    s += pc == NO_PIECE || color_of(pc) == BLACK ? " " : "v";
    s += kBoardName[pc == NO_PIECE ? NO_PIECE_TYPE : type_of(pc)];
  }
  return s + "|" + kKanjiNumber[r + 1] + "\n";
}

std::string square_text(Square sq) { return std::string(kFileDigit[file_of(sq)]) + kKanjiNumber[rank_of(sq) + 1]; }

}  // namespace

std::string board_diagram(const PositionSetup& setup) {
  const std::string border = "+---------------------------+\n";
  std::string s = "後手の持駒：" + hand_text(setup.hands[WHITE]) + "\n";
  s += "  ９ ８ ７ ６ ５ ４ ３ ２ １\n" + border;
  for (int r = RANK_1; r <= RANK_9; ++r) s += board_row(setup, Rank(r));
  s += border + "先手の持駒：" + hand_text(setup.hands[BLACK]) + "\n";
  s += setup.side_to_move == BLACK ? "先手番\n" : "後手番\n";
  return s;
}

std::string kif_move(const Position& pos, Move m, Square previous_to) {
  const Color us = pos.side_to_move();
  std::string s = us == BLACK ? "▲" : "△";
  const Square to = m.to();
  const PieceType pt = m.is_drop() ? m.dropped_piece() : type_of(pos.piece_on(m.from()));
  const std::string name = kMoveName[pt];
  // "同" takes a full-width space after it when the piece name is one character (three UTF-8 bytes).
  if (to == previous_to)
    s += name.size() == 3 ? "同　" : "同";
  else
    s += square_text(to);
  s += name;
  if (m.is_drop()) return s + "打";
  const Square from = m.from();
  if (m.is_promotion())
    s += "成";
  else if (is_promotable(pt) && (in_promotion_zone(us, from) || in_promotion_zone(us, to)))
    s += "不成";
  return s + "(" + std::to_string(file_of(from) + 1) + std::to_string(rank_of(from) + 1) + ")";
}

std::vector<std::string> kif_lines(const PositionSetup& setup, std::span<const Move> moves) {
  std::deque<StateInfo> states(1);  // a deque never moves the states the position links
  Position pos;
  pos.set(setup, &states.back());
  const std::size_t width = std::to_string(moves.size()).size();
  std::vector<std::string> lines;
  Square previous_to = SQ_NONE;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    std::string number = std::to_string(i + 1);
    number.insert(0, width - number.size(), ' ');
    if (!pos.is_valid_move(moves[i])) {
      lines.push_back(number + " (" + to_usi(moves[i]) + " is not a legal move here)");
      break;
    }
    lines.push_back(number + " " + kif_move(pos, moves[i], previous_to));
    previous_to = moves[i].to();
    pos.do_move(moves[i], states.emplace_back());
  }
  return lines;
}

}  // namespace tsumi::cli
