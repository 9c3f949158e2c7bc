#include "notation/kif_writer.h"

#include <array>
#include <deque>

#include "core/sfen.h"
#include "core/usi.h"
#include "notation/csa_writer.h"
#include "notation/kif_text.h"

namespace tsumi::notation {

namespace {

using kif_text::kBoardName;
using kif_text::kFileDigit;
using kif_text::kKanjiNumber;
using kif_text::kMoveName;

// KIF's 手合割 names of core's named positions (sfen.h), Kakinoki's list; both-lances has no name there.
struct HandicapName {
  std::string_view position;  // NamedPosition::name
  std::string_view kif;
};
constexpr std::array<HandicapName, 11> kHandicapNames = {{
    {"startpos", "平手"},
    {"left-lance", "香落ち"},
    {"right-lance", "右香落ち"},
    {"bishop", "角落ち"},
    {"rook", "飛車落ち"},
    {"rook-lance", "飛香落ち"},
    {"2-pieces", "二枚落ち"},
    {"4-pieces", "四枚落ち"},
    {"6-pieces", "六枚落ち"},
    {"8-pieces", "八枚落ち"},
    {"10-pieces", "十枚落ち"},
}};

// 1..18 in kanji: 一 .. 九, 十, 十一 .. 十八.
std::string kanji_number(int n) {
  if (n <= 10) return std::string(kKanjiNumber[n]);
  return std::string(kKanjiNumber[10]) + std::string(kKanjiNumber[n - 10]);
}

// "飛　角二　歩十八　" (a count only above one), or "なし".
std::string hand_text(Hand hand) {
  if (hand.empty()) return "なし";
  std::string s;
  for (PieceType pt : kif_text::kHandOrder) {
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
  return s + "|" + std::string(kKanjiNumber[r + 1]) + "\n";
}

std::string square_text(Square sq) {
  return std::string(kFileDigit[file_of(sq)]) + std::string(kKanjiNumber[rank_of(sq) + 1]);
}

bool same_position(const PositionSetup& a, const PositionSetup& b) {
  for (Square sq = SQ_11; sq < SQ_NB; ++sq)
    if (a.board[sq] != b.board[sq]) return false;
  return a.hands[BLACK] == b.hands[BLACK] && a.hands[WHITE] == b.hands[WHITE] && a.side_to_move == b.side_to_move;
}

// The move number as KIF writes it: right-aligned in four columns.
std::string move_number(std::size_t n) {
  std::string s = std::to_string(n);
  if (s.size() < 4) s.insert(0, 4 - s.size(), ' ');
  return s;
}

// Kakinoki's closing line for an end in KIF's words, after `plies` moves with `to_move` to move.
std::string closing_line(std::string_view end, std::size_t plies, Color to_move, bool handicap) {
  const auto side = [&](Color c) {
    return std::string(c == BLACK ? (handicap ? "下手" : "先手") : (handicap ? "上手" : "後手"));
  };
  std::string s = "まで" + std::to_string(plies) + "手で";
  if (end == "投了") return s + side(~to_move) + "の勝ち";
  if (end == "切れ負け") return s + "時間切れにより" + side(~to_move) + "の勝ち";
  if (end == "反則勝ち" || end == "反則負け" || end == "入玉勝ち") return s + side(to_move) + "の" + std::string(end);
  return s + std::string(end);
}

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
  const Square to = m.to();
  const PieceType pt = m.is_drop() ? m.dropped_piece() : type_of(pos.piece_on(m.from()));
  const std::string_view name = kMoveName[pt];
  std::string s;
  // "同" takes a full-width space after it when the piece name is one character (three UTF-8 bytes).
  if (to == previous_to)
    s = name.size() == 3 ? "同　" : "同";
  else
    s = square_text(to);
  s += name;
  if (m.is_drop()) return s + "打";
  if (m.is_promotion()) s += "成";
  const Square from = m.from();
  return s + "(" + std::to_string(file_of(from) + 1) + std::to_string(rank_of(from) + 1) + ")";
}

std::vector<std::string> kif_lines(const PositionSetup& setup, std::span<const Move> moves) {
  std::deque<StateInfo> states(1);  // a deque never moves the states the position links
  Position pos;
  pos.set(setup, &states.back());
  std::vector<std::string> lines;
  Square previous_to = SQ_NONE;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const std::string number = move_number(i + 1);
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

std::string_view handicap_name(const PositionSetup& setup) {
  for (const NamedPosition& p : named_positions()) {
    const auto named = parse_sfen(p.sfen);
    if (!named || !same_position(*named, setup)) continue;
    for (const HandicapName& h : kHandicapNames)
      if (h.position == p.name) return h.kif;
    return {};
  }
  return {};
}

std::string write_kif(const Kifu& kifu) {
  std::string s = "# KIF形式棋譜ファイル Generated by tsumi\n";
  const std::string_view handicap = handicap_name(kifu.start);
  for (const auto& [key, value] : kifu.headers) {
    const std::string_view k = kif_header_key(key);
    if (k == "手合割") continue;
    s += std::string(k) + "：" + value + "\n";
  }
  if (handicap.empty())
    s += board_diagram(kifu.start);
  else
    s += "手合割：" + std::string(handicap) + "\n";
  s += "手数----指手---------消費時間--\n";
  const std::vector<std::string> lines = kif_lines(kifu.start, kifu.moves);
  for (const std::string& line : lines) s += line + "\n";
  if (kifu.end.empty() || lines.size() != kifu.moves.size()) return s;
  const std::size_t plies = kifu.moves.size();
  const Color to_move = plies % 2 == 0 ? kifu.start.side_to_move : ~kifu.start.side_to_move;
  const std::string end = kif_end_word(kifu.end, to_move);
  const bool handicap_game = !handicap.empty() && handicap != "平手";
  s += move_number(plies + 1) + " " + end + "\n";
  s += closing_line(end, plies, to_move, handicap_game) + "\n";
  return s;
}

}  // namespace tsumi::notation
