#include "core/sfen.h"

#include <gtest/gtest.h>

#include "tests/support/reference_rules.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

// Our canonical SFEN equals the independent oracle's, which writes hands R B G S N L P.
void expect_canonical_round_trip(const std::string& sfen, SfenLeniency leniency = {}) {
  const auto setup = parse_sfen(sfen, leniency);
  ASSERT_TRUE(setup) << sfen << " " << setup.error().describe();
  const std::string out = to_sfen(*setup);
  EXPECT_EQ(out, reference::to_sfen(reference::parse_sfen(sfen))) << sfen;
  const auto again = parse_sfen(out, leniency);
  ASSERT_TRUE(again);
  EXPECT_EQ(to_sfen(*again), out);
}

TEST(Sfen, RoundTripsEveryReferencePosition) {
  for (const PerftSuiteEntry& e : test::perft_suite()) expect_canonical_round_trip(e.sfen);
  int nifu = 0;
  for (const std::string& s : test::tsume_sfens()) {
    expect_canonical_round_trip(s, kTsumeLeniency);
    const auto strict = parse_sfen(s);
    if (!strict) {
      EXPECT_NE(strict.error().message.find("nifu"), std::string::npos) << s;
      ++nifu;
    }
  }
  EXPECT_EQ(nifu, 4) << "published problems with two pawns on a file";
}

TEST(Sfen, HandsAreWrittenInCanonicalOrder) {
  const auto setup = parse_sfen("4k4/9/9/9/9/9/9/9/4K4 b 2PLNSGBRp 1");
  ASSERT_TRUE(setup);
  EXPECT_EQ(to_sfen(*setup), "4k4/9/9/9/9/9/9/9/4K4 b RBGSNL2Pp 1");
  EXPECT_EQ(setup->hands[BLACK].count(PAWN), 2);
  EXPECT_EQ(setup->hands[WHITE].count(PAWN), 1);
  const auto many = parse_sfen("4k4/9/9/9/9/9/9/9/4K4 w 18p 1");
  ASSERT_TRUE(many);
  EXPECT_EQ(many->hands[WHITE].count(PAWN), 18);
}

TEST(Sfen, MoveNumberIsOptionalAndKept) {
  const auto without = parse_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -");
  ASSERT_TRUE(without);
  EXPECT_EQ(without->game_ply, 1);
  const auto with = parse_sfen("  lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL   w -  124 ");
  ASSERT_TRUE(with);
  EXPECT_EQ(with->game_ply, 124);
  EXPECT_EQ(with->side_to_move, WHITE);
}

TEST(Sfen, PositionsWithoutKingsAreValid) {
  EXPECT_TRUE(parse_sfen("9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1"));
  EXPECT_TRUE(parse_sfen("9/9/9/9/9/9/9/9/9 b - 1"));
}

TEST(Sfen, NamedPositions) {
  ASSERT_EQ(named_sfen("startpos"), kStartSfen);
  EXPECT_FALSE(named_sfen("nonsense"));
  int handicaps = 0;
  for (const NamedPosition& p : named_positions()) {
    const auto setup = parse_sfen(p.sfen);
    ASSERT_TRUE(setup) << p.name;
    int white = 0, black = 0;
    for (Piece pc : setup->board)
      if (pc != NO_PIECE) (color_of(pc) == WHITE ? white : black) += 1;
    EXPECT_EQ(black, 20) << p.name;
    if (p.name == "startpos") {
      EXPECT_EQ(setup->side_to_move, BLACK);
      EXPECT_EQ(white, 20);
      continue;
    }
    ++handicaps;
    EXPECT_EQ(setup->side_to_move, WHITE) << p.name << ": handicap games start with white";
    EXPECT_LT(white, 20) << p.name;
  }
  EXPECT_EQ(handicaps, 11);
  const auto ten = parse_sfen(*named_sfen("10-pieces"));
  int white = 0;
  for (Piece pc : ten->board) white += pc != NO_PIECE && color_of(pc) == WHITE;
  EXPECT_EQ(white, 10);
  // The lance handicap removes white's left lance, on 1a.
  EXPECT_EQ(parse_sfen(*named_sfen("left-lance"))->board[SQ_11], NO_PIECE);
  EXPECT_NE(parse_sfen(*named_sfen("left-lance"))->board[SQ_91], NO_PIECE);
}

struct BadSfen {
  const char* sfen;
  const char* message;  // a part of the error message
};

class SfenErrors : public ::testing::TestWithParam<BadSfen> {};

TEST_P(SfenErrors, AreRefusedWithAReason) {
  const BadSfen& bad = GetParam();
  const auto r = parse_sfen(bad.sfen);
  ASSERT_FALSE(r) << bad.sfen << " was accepted";
  EXPECT_NE(r.error().message.find(bad.message), std::string::npos)
      << "sfen: " << bad.sfen << "\nmessage: " << r.error().message;
  EXPECT_LE(r.error().offset, std::string_view(bad.sfen).size());
}

constexpr BadSfen kBadSfens[] = {
    {"", "empty"},
    {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1", "8 ranks"},
    {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL/9 b - 1", "more than 9 ranks"},
    {"lnsgkgsnl/1r5b/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "8 squares"},
    {"lnsgkgsnl/1r5b11/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "more than 9 squares"},
    {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1", "8 squares"},
    {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1", "unknown piece letter 'X'"},
    {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG0GSNL b - 1", "unknown piece letter '0'"},
    // A multi-byte character is quoted whole (before 88645d6 the message held its first byte alone).
    {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG王GSNL b - 1", "unknown piece letter '王'"},
    {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG\x1bGSNL b - 1", "unknown piece letter '\\x1b'"},
    {"lnsg+kgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "'+' on king"},
    {"lnsgk+gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "'+' on gold"},
    {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN+ b - 1", "'+' at the end"},
    {"P3k4/9/9/9/9/9/9/9/4K4 b - 1", "black pawn on rank a could never move"},
    {"L3k4/9/9/9/9/9/9/9/4K4 b - 1", "black lance on rank a"},
    {"4k4/N8/9/9/9/9/9/9/4K4 b - 1", "black knight on rank b"},
    {"4k4/9/9/9/9/9/9/n8/4K4 b - 1", "white knight on rank h"},
    {"4k4/9/9/9/9/9/9/9/p3K4 b - 1", "white pawn on rank i"},
    {"4k4/9/9/9/9/9/9/9/K3K4 b - 1", "two black kings"},
    {"4k3k/9/9/9/9/9/9/9/4K4 b - 1", "two white kings"},
    {"4k4/9/4P4/9/4P4/9/9/9/4K4 b - 1", "nifu"},
    {"4k4/9/9/9/9/9/9/9/4K4 b 3R 1", "3 rooks in hand, a set has 2"},
    {"4k4/9/9/9/9/9/9/9/4K4 b 2Rr 1", "3 rooks on board and in hand"},
    {"4k4/9/9/9/9/9/9/9/4K4 b 10P9p 1", "19 pawns"},
    {"4k4/9/9/9/9/9/9/9/4K4 b 0P 1", "zero"},
    {"4k4/9/9/9/9/9/9/9/4K4 b 1000P 1", "too large"},
    {"4k4/9/9/9/9/9/9/9/4K4 b 2 1", "without a piece letter"},
    {"4k4/9/9/9/9/9/9/9/4K4 b PXp 1", "unknown hand piece 'X'"},
    {"4k4/9/9/9/9/9/9/9/4K4 b P歩 1", "unknown hand piece '歩'"},
    {"4k4/9/9/9/9/9/9/9/4K4 b K 1", "king in hand"},
    {"4k4/9/9/9/9/9/9/9/4K4 b +P 1", "promoted piece in hand"},
    {"4k4/9/9/9/9/9/9/9/4K4 b P2P 1", "listed twice"},
    {"4k4/9/9/9/9/9/9/9/4K4 x - 1", "side to move must be 'b' or 'w'"},
    {"4k4/9/9/9/9/9/9/9/4K4 black - 1", "side to move must be 'b' or 'w'"},
    {"4k4/9/9/9/9/9/9/9/4K4", "missing side to move"},
    {"4k4/9/9/9/9/9/9/9/4K4 b", "missing hands"},
    {"4k4/9/9/9/9/9/9/9/4K4 b - 0", "positive integer"},
    {"4k4/9/9/9/9/9/9/9/4K4 b - -3", "positive integer"},
    {"4k4/9/9/9/9/9/9/9/4K4 b - 1x", "positive integer"},
    {"4k4/9/9/9/9/9/9/9/4K4 b - 1 moves", "unexpected text after the move number"},
    {"4k4/9/9/9/9/9/9/9/4K4 b - 99999999999999999999", "positive integer"},
    {"4k4/9/9/9/9/9/9/9/4R4 b - 1", "the side not to move (white) is in check"},
    {"4K4/9/9/9/9/9/9/9/4r4 w - 1", "the side not to move (black) is in check"},
};

INSTANTIATE_TEST_SUITE_P(Bad, SfenErrors, ::testing::ValuesIn(kBadSfens),
                         [](const ::testing::TestParamInfo<BadSfen>& param) {
                           return "case" + std::to_string(param.index);
                         });

TEST(Sfen, GarbageNeverCrashes) {
  // Random printable junk and random mutations of a good SFEN: parse must return, never crash.
  std::string good(kStartSfen);
  std::uint64_t state = 12345;
  auto next = [&] { return state = state * 6364136223846793005ULL + 1442695040888963407ULL; };
  const std::string alphabet = "kKrRbBgGsSnNlLpP+0123456789/ -bw\t";
  int accepted = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string s = good;
    const int edits = 1 + int(next() >> 60);
    for (int e = 0; e < edits; ++e) {
      const std::size_t at = std::size_t(next() >> 33) % (s.size() + 1);
      const char ch = alphabet[std::size_t(next() >> 40) % alphabet.size()];
      switch (next() >> 62) {
        case 0: s.insert(s.begin() + long(at), ch); break;
        case 1:
          if (at < s.size()) s.erase(s.begin() + long(at));
          break;
        default:
          if (at < s.size()) s[at] = ch;
          break;
      }
    }
    const auto r = parse_sfen(s);
    if (r) {
      ++accepted;
      // Whatever is accepted is a consistent position.
      Position pos;
      StateInfo si;
      pos.set(*r, &si);
      std::string why;
      ASSERT_TRUE(pos.is_ok(&why)) << s << ": " << why;
    } else {
      ASSERT_FALSE(r.error().message.empty());
    }
  }
  EXPECT_GT(accepted, 0);
}

// setup_fault applies parse_sfen's rules to a setup built by another reader: every SFEN that parse_sfen
// refuses for its content (not its syntax) is a setup that setup_fault refuses too.
TEST(Sfen, SetupFaultAgreesWithParseSfen) {
  const auto kings = parse_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1");  // kings on 5a and 5i
  ASSERT_TRUE(kings);
  EXPECT_EQ(setup_fault(*kings), std::nullopt);

  PositionSetup s = *kings;
  s.board[SQ_11] = make_piece(BLACK, PAWN);  // a black pawn on 1a could never move
  EXPECT_NE(setup_fault(s).value_or("").find("could never move"), std::string::npos);

  s = *kings;
  s.board[SQ_55] = make_piece(BLACK, KING);
  EXPECT_NE(setup_fault(s).value_or("").find("two black kings"), std::string::npos);

  s = *kings;
  s.board[SQ_55] = make_piece(BLACK, PAWN);
  s.board[SQ_57] = make_piece(BLACK, PAWN);
  EXPECT_NE(setup_fault(s).value_or("").find("nifu"), std::string::npos);
  EXPECT_EQ(setup_fault(s, {.allow_nifu = true}), std::nullopt);

  s = *kings;
  s.hands[BLACK].add(ROOK, 2);
  s.hands[WHITE].add(ROOK);  // three rooks
  EXPECT_NE(setup_fault(s).value_or("").find("3 rooks"), std::string::npos);

  s = *kings;
  s.board[SQ_58] = make_piece(WHITE, GOLD);  // a white gold on 5h checks black's king on 5i
  EXPECT_EQ(setup_fault(s), std::nullopt);   // black to move: black may be in check
  s.side_to_move = WHITE;                    // white to move: black, not to move, is in check
  EXPECT_NE(setup_fault(s).value_or("").find("is in check"), std::string::npos);
}

TEST(Sfen, HandToSfenWritesOneColoursHandInSfenOrder) {
  Hand h;
  EXPECT_EQ(hand_to_sfen(h, BLACK), "");
  h.add(PAWN, 2);
  h.add(ROOK);
  h.add(GOLD, 3);
  EXPECT_EQ(hand_to_sfen(h, BLACK), "R3G2P");
  EXPECT_EQ(hand_to_sfen(h, WHITE), "r3g2p");
  h.add(PAWN, 16);
  EXPECT_EQ(hand_to_sfen(h, BLACK), "R3G18P");
  // The same text as the hands of a whole SFEN.
  const auto setup = parse_sfen("4k4/9/9/9/9/9/9/9/4K4 b R2G2Pr2g3p 1");
  ASSERT_TRUE(setup);
  EXPECT_EQ(hand_to_sfen(setup->hands[BLACK], BLACK) + hand_to_sfen(setup->hands[WHITE], WHITE), "R2G2Pr2g3p");
}

}  // namespace
}  // namespace tsumi
