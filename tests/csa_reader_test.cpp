#include "notation/csa_reader.h"

#include <random>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "core/sfen.h"
#include "core/usi.h"
#include "tests/support/test_data.h"

namespace tsumi::notation {
namespace {

// The text read, or a failure with the error.
Kifu read_csa_ok(std::string_view text) {
  const auto k = read_csa(text);
  if (!k) {
    ADD_FAILURE() << k.error().describe() << "\n" << text;
    return {};
  }
  return *k;
}

// The error of a text that must not read.
ParseError read_error(std::string_view text) {
  const auto k = read_csa(text);
  if (k) {
    ADD_FAILURE() << "read: " << text;
    return {};
  }
  return k.error();
}

std::string sfen_of(std::string_view text) { return to_sfen(read_csa_ok(text).start); }

constexpr std::string_view kStartRows =
    "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\n"
    "P2 * -HI *  *  *  *  * -KA * \n"
    "P3-FU-FU-FU-FU-FU-FU-FU-FU-FU\n"
    "P4 *  *  *  *  *  *  *  *  * \n"
    "P5 *  *  *  *  *  *  *  *  * \n"
    "P6 *  *  *  *  *  *  *  *  * \n"
    "P7+FU+FU+FU+FU+FU+FU+FU+FU+FU\n"
    "P8 * +KA *  *  *  *  * +HI * \n"
    "P9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n";

TEST(ReadCsa, AGameWithNamesInformationMovesAndTheEnd) {
  const Kifu k = read_csa_ok(
      "'CSA file\n"
      "V2.2\n"
      "N+Sente, Jr.\n"
      "N-後手 名人\n"
      "$EVENT:test match\n"
      "$START_TIME:2024/06/11 10:00:00\n"
      "PI\n"
      "+\n"
      "+7776FU\n"
      "T12\n"
      "-3334FU,T3\n"
      "+8822UM,T1,-3122GI\n"
      "+0045KA\n"
      "%TORYO\n");
  EXPECT_EQ(k.format, KifuFormat::csa);
  EXPECT_EQ(to_sfen(k.start), kStartSfen);
  EXPECT_EQ(to_usi(k.moves), "7g7f 3c3d 8h2b+ 3a2b B*4e");
  EXPECT_EQ(k.end, "%TORYO");
  const std::vector<std::pair<std::string, std::string>> headers = {
      {"先手", "Sente, Jr."}, {"後手", "後手 名人"}, {"EVENT", "test match"}, {"START_TIME", "2024/06/11 10:00:00"}};
  EXPECT_EQ(k.headers, headers);
}

TEST(ReadCsa, RowsWithCrLfAndComments) {
  std::string text = "V2.1\r\n'rows\r\n";
  for (std::size_t i = 0; i < kStartRows.size(); ++i)
    text += kStartRows[i] == '\n' ? std::string("\r\n") : std::string(1, kStartRows[i]);
  text += "-\r\n-3334FU,'a comment, with a comma\r\n";
  const Kifu k = read_csa_ok(text);
  EXPECT_EQ(to_sfen(k.start), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
  EXPECT_EQ(to_usi(k.moves), "3c3d");
  EXPECT_EQ(k.end, "");
}

TEST(ReadCsa, RowsMayLoseTheirTrailingSpace) {
  std::string rows(kStartRows);
  for (std::size_t at; (at = rows.find(" \n")) != std::string::npos;) rows.erase(at, 1);
  EXPECT_EQ(sfen_of(rows + "+\n"), kStartSfen);
}

TEST(ReadCsa, PiHandicapsAreTheNamedPositions) {
  const std::pair<const char*, const char*> handicaps[] = {
      {"PI11KY", "left-lance"},
      {"PI91KY", "right-lance"},
      {"PI11KY91KY", "both-lances"},
      {"PI22KA", "bishop"},
      {"PI82HI", "rook"},
      {"PI82HI11KY", "rook-lance"},
      {"PI82HI22KA", "2-pieces"},
      {"PI82HI22KA11KY91KY", "4-pieces"},
      {"PI82HI22KA11KY91KY21KE81KE", "6-pieces"},
      {"PI82HI22KA11KY91KY21KE81KE31GI71GI", "8-pieces"},
      {"PI82HI22KA11KY91KY21KE81KE31GI71GI41KI61KI", "10-pieces"},
  };
  for (const auto& [pi, name] : handicaps) EXPECT_EQ(sfen_of(std::string(pi) + "\n-\n"), *named_sfen(name)) << pi;
}

TEST(ReadCsa, AllGivesTheRestToOneSide) {
  // tanuki1-1 of positions/tsume-public.txt, by rows and by piece lists.
  const std::string expected = "9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1";
  std::string rows = "P1 *  *  *  *  *  *  *  *  * \nP2 *  *  *  *  *  *  * +GI-OU\nP3 * +RY";
  for (int i = 0; i < 7; ++i) rows += " * ";
  rows += "\n";
  for (int r = 4; r <= 9; ++r) rows += "P" + std::to_string(r) + " *  *  *  *  *  *  *  *  * \n";
  EXPECT_EQ(sfen_of(rows + "P-00AL\n+\n"), expected);
  EXPECT_EQ(sfen_of("P-12OU\nP+22GI83RY\nP-00AL\n+\n"), expected);
  // The hands given before 00AL stay; 00AL counts them.
  EXPECT_EQ(sfen_of("P-12OU\nP+22GI83RY00KI00FU00FU\nP-00AL\n+\n"), "9/7Sk/1+R7/9/9/9/9/9/9 b G2Pr2b3g3s4n4l16p 1");
}

TEST(ReadCsa, PieceListsOnSquaresAndInHand) {
  EXPECT_EQ(sfen_of("P-51OU52KI\nP+00HI00KA00FU00FU\nP+59OU\n+\n"), "4k4/4g4/9/9/9/9/9/9/4K4 b RB2P 1");
  EXPECT_EQ(sfen_of("PI82HI\nP+00HI\n+\n"), "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b R 1");
}

TEST(ReadCsa, DropsPromotionsAndNonPromotions) {
  const std::string start = "P-11OU\nP+24GI\nP+00KI\n+\n";
  Kifu k = read_csa_ok(start + "+2423NG\n");
  ASSERT_EQ(k.moves.size(), 1u);
  EXPECT_TRUE(k.moves[0].is_promotion());
  k = read_csa_ok(start + "+2423GI\n");
  ASSERT_EQ(k.moves.size(), 1u);
  EXPECT_FALSE(k.moves[0].is_promotion());
  k = read_csa_ok(start + "+0012KI\n%TSUMI\n");
  EXPECT_EQ(to_usi(k.moves), "G*1b");
  EXPECT_EQ(k.end, "%TSUMI");
  // A promoted piece moves under its own code.
  k = read_csa_ok("P-11OU\nP+33NG\n+\n+3323NG\n");
  EXPECT_EQ(to_usi(k.moves), "3c2c");
}

TEST(ReadCsa, EveryEndWordStopsTheMoves) {
  for (const char* end :
       {"%TORYO", "%CHUDAN", "%SENNICHITE", "%TIME_UP", "%ILLEGAL_MOVE", "%+ILLEGAL_ACTION", "%-ILLEGAL_ACTION",
        "%JISHOGI", "%KACHI", "%HIKIWAKE", "%MATTA", "%TSUMI", "%FUZUMI", "%ERROR"}) {
    const Kifu k = read_csa_ok(std::string("PI\n+\n+7776FU\n") + end + "\nnot read\n");
    EXPECT_EQ(k.end, end);
    EXPECT_EQ(k.moves.size(), 1u);
  }
}

TEST(ReadCsa, OnlyTheFirstGameOfSeveral) {
  const Kifu k = read_csa_ok("PI\n+\n+7776FU\n/\nPI\n-\n+2726FU\ngarbage\n");
  EXPECT_EQ(to_usi(k.moves), "7g7f");
  EXPECT_EQ(k.end, "");
}

struct ErrorCase {
  const char* text;
  std::size_t line;
  std::size_t column;  // 1-based, in characters
  const char* says;
};

TEST(ReadCsa, ErrorsGiveTheLineAndTheColumn) {
  const ErrorCase cases[] = {
      {"", 1, 1, "no position"},
      {"PI\n", 1, 3, "no position"},
      {"V3.0\nPI\n+\n", 1, 1, "unsupported CSA version"},
      {"PI\nV2.2\n+\n", 2, 1, "must come first"},
      {"PI\n+\n+7775FU\n", 3, 1, "not a legal move"},
      {"PI\n+\n+7776FU,-3334XX\n", 3, 9, "not a move"},
      {"PI\n+\n-3334FU\n", 3, 1, "black is to move"},
      {"PI\n+\n+6978TO\n", 3, 1, "cannot become"},
      {"PI\n+\n+5554FU\n", 3, 1, "no black piece on 55"},
      {"PI\n+\n+0055FU\n", 3, 1, "not a legal move"},  // no pawn in hand
      {"PI\n+7776FU\n", 2, 1, "before the side to move"},
      {"PI\n+\n+7776FU\nP+00FU\n", 4, 1, "after the moves began"},
      {"PI\n+\n%FOO\n", 3, 1, "unknown special move"},
      {"PI\n+\nT1x\n", 3, 1, "not a time"},
      {"PI\n+\n+\n", 3, 1, "given twice"},
      {"PI\nN+late\n+\n", 2, 1, "after the position began"},
      {"$EVENT\nPI\n+\n", 1, 1, "has no ':'"},
      {"PI82HI22HI\n-\n", 1, 7, "does not hold one"},
      {"PI82H\n-\n", 1, 3, "not a square and a piece"},
      {"P1 *  * +XX\n+\n", 1, 9, "is not a square"},
      {"P1 *  *  *  *  *  *  *  *  * +FU\n+\n", 1, 30, "more follow"},
      {"P1 *  *  * \n+\n", 1, 12, "this one has 3"},
      {"P1 *  *  *  *  *  *  *  * -OU\nP1 *  *  *  *  *  *  *  *  * \n+\n", 2, 1, "given twice"},
      {"P-11OU\nP+11KI\n+\n", 2, 3, "given twice"},
      {"P-00OU\n+\n", 1, 3, "cannot be in hand"},
      {"P+00KA00KA00KA\n+\n", 1, 11, "more KA than a set has"},
      {"P-00AL00AL\n+\n", 1, 7, "00AL is given twice"},
      {"P+59OU\nP+58OU\n+\n", 3, 1, "not one of shogi"},  // two black kings
      {"P+51FU\n+\n", 2, 1, "could never move"},
      {"P-51OU\nP+52KI\n+\n", 3, 1, "in check"},  // white, not to move, is in check
      {"Q\n", 1, 1, "unknown statement"},
      {"P-11OU\nP+23KI33KE00FU\n+\n+0012FU\n", 4, 1, "not a legal move"},  // a pawn-drop mate
  };
  for (const ErrorCase& c : cases) {
    const ParseError e = read_error(c.text);
    EXPECT_EQ(e.line, c.line) << c.text << " -> " << e.describe();
    EXPECT_EQ(e.offset + 1, c.column) << c.text << " -> " << e.describe();
    EXPECT_NE(e.message.find(c.says), std::string::npos) << c.text << " -> " << e.describe();
  }
}

TEST(ReadCsa, ColumnsCountCharacters) {
  const ParseError e = read_error("PI\n+\n+7776FU,名人,T1\n");
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.offset, 8u);
  const ParseError second = read_error("P1 * 名名 *  *  *  *  *  * \n+\n");
  EXPECT_EQ(second.line, 1u);
  EXPECT_EQ(second.offset, 5u);
}

// Every prefix of a file, and random damage to it, reads or fails with a place; never crashes or hangs.
TEST(ReadCsa, GarbageNeverCrashes) {
  const std::string good = std::string("V2.2\nN+a\n$EVENT:e\n") + std::string(kStartRows) +
                           "P+00FU\nP-00AL\n+\n+7776FU,T1\n-3334FU\n+8822UM\n-3122GI\n+0045KA\n%TORYO\n";
  const auto check = [](const std::string& text) {
    const auto k = read_csa(text);
    if (!k) {
      EXPECT_GE(k.error().line, 1u) << text;
    }
  };
  for (std::size_t n = 0; n <= good.size(); ++n) check(good.substr(0, n));
  std::mt19937 rng(1);
  const std::string alphabet = "+-0123456789PIALNVT%$:',/ *\n\rFUKYKEGIKIKAHIOUTONYNKNGUMRY\xe5\x90\x8d\xff";
  for (int i = 0; i < 3000; ++i) {
    std::string text = good;
    for (int k = std::uniform_int_distribution<int>(1, 4)(rng); k > 0; --k) {
      const std::size_t at = std::uniform_int_distribution<std::size_t>(0, text.size() - 1)(rng);
      const char c = alphabet[std::uniform_int_distribution<std::size_t>(0, alphabet.size() - 1)(rng)];
      switch (rng() % 3) {
        case 0: text[at] = c; break;
        case 1: text.insert(at, 1, c); break;
        default: text.erase(at, 1);
      }
    }
    check(text);
  }
  std::string noise(4096, '\0');
  for (char& c : noise) c = char(rng());
  check(noise);
}

}  // namespace
}  // namespace tsumi::notation
