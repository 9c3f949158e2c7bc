#include "notation/csa_writer.h"

#include <deque>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/sfen.h"
#include "core/usi.h"
#include "notation/csa_reader.h"
#include "notation/notation_words.h"
#include "tests/support/kifu_fixture.h"
#include "tests/support/test_data.h"

namespace tsumi::notation {
namespace {

using test::kifu_of;
using test::random_game;
using test::setup_of;

TEST(WriteCsa, EvenGameWithHeaders) {
  Kifu k = kifu_of(kStartSfen, {"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"}, "投了");
  k.headers = {{"棋戦", "test"}, {"先手", "Sente"}, {"後手", "Gote"}, {"作者", "someone"}, {"SITE", "here"}};
  EXPECT_EQ(write_csa(k),
            "V2.2\n"
            "N+Sente\n"
            "N-Gote\n"
            "$EVENT:test\n"
            "$SITE:here\n"
            "'作者：someone\n"  // no CSA key: kept as a comment
            "PI\n"
            "+\n"
            "+7776FU\n"
            "-3334FU\n"
            "+8822UM\n"
            "-3122GI\n"
            "+0045KA\n"
            "%TORYO\n");
}

TEST(WriteCsa, HandicapsArePiWithTheRemovedPieces) {
  EXPECT_EQ(write_csa(kifu_of(*named_sfen("2-pieces"), {"5a4b"})), "V2.2\nPI82HI22KA\n-\n-5142OU\n");
  EXPECT_EQ(write_csa(kifu_of(*named_sfen("4-pieces"), {})), "V2.2\nPI91KY11KY82HI22KA\n-\n");
  EXPECT_EQ(write_csa(kifu_of(*named_sfen("left-lance"), {})), "V2.2\nPI11KY\n-\n");
}

TEST(WriteCsa, OtherPositionsAreRowsAndHands) {
  const Kifu k = kifu_of("9/7Sk/1+R7/9/9/9/9/9/9 b Pr2b4g3s4n4l17p 1", {"8c1c"}, "詰み");
  EXPECT_EQ(write_csa(k),
            "V2.2\n"
            "P1 *  *  *  *  *  *  *  *  * \n"
            "P2 *  *  *  *  *  *  * +GI-OU\n"
            "P3 * +RY *  *  *  *  *  *  * \n"
            "P4 *  *  *  *  *  *  *  *  * \n"
            "P5 *  *  *  *  *  *  *  *  * \n"
            "P6 *  *  *  *  *  *  *  *  * \n"
            "P7 *  *  *  *  *  *  *  *  * \n"
            "P8 *  *  *  *  *  *  *  *  * \n"
            "P9 *  *  *  *  *  *  *  *  * \n"
            "P+00FU\n"
            "P-00HI00KA00KA00KI00KI00KI00KI00GI00GI00GI00KE00KE00KE00KE00KY00KY00KY00KY"
            "00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU\n"
            "+\n"
            "+8313RY\n"
            "%TSUMI\n");
}

TEST(WriteCsa, PromotionNonPromotionAndDrops) {
  const char* sfen = "9/8k/9/7S1/9/9/9/9/9 b G 1";
  EXPECT_EQ(write_csa(kifu_of(sfen, {"2d2c+"})).substr(write_csa(kifu_of(sfen, {})).size()), "+2423NG\n");
  EXPECT_EQ(write_csa(kifu_of(sfen, {"2d2c"})).substr(write_csa(kifu_of(sfen, {})).size()), "+2423GI\n");
  EXPECT_EQ(write_csa(kifu_of(sfen, {"G*3b"})).substr(write_csa(kifu_of(sfen, {})).size()), "+0032KI\n");
}

TEST(WriteCsa, AnEndCsaHasNoWordForIsAComment) {
  const std::string text = write_csa(kifu_of(kStartSfen, {}, "封じ手"));
  EXPECT_EQ(text.substr(text.size() - 13), "+\n'封じ手\n");
  EXPECT_EQ(read_csa(text)->end, "");
}

// read_csa(write_csa(k)) gives k back (CSA keeps no move number: k's is 1).
void expect_csa_round_trip(const Kifu& k) {
  const std::string text = write_csa(k);
  const auto back = read_csa(text);
  ASSERT_TRUE(back) << back.error().describe() << "\n" << text;
  EXPECT_EQ(to_sfen(back->start), to_sfen(k.start)) << text;
  EXPECT_EQ(to_usi(back->moves), to_usi(k.moves)) << text;
  EXPECT_EQ(back->end, csa_end_word(k.end, BLACK)) << text;
  EXPECT_EQ(back->headers, k.headers) << text;
}

TEST(CsaRoundTrip, RandomGamesFromEveryNamedPosition) {
  std::mt19937 rng(20240611);
  for (const NamedPosition& p : named_positions())
    for (int game = 0; game < 4; ++game) {
      Kifu k;
      k.start = setup_of(p.sfen);
      k.moves = random_game(k.start, rng, 150);
      k.end = game % 2 == 0 ? "%CHUDAN" : "";
      k.headers = {{"先手", "a, b"}, {"後手", "c"}, {"EVENT", "e"}};
      SCOPED_TRACE(std::string(p.name) + " game " + std::to_string(game));
      expect_csa_round_trip(k);
    }
}

TEST(CsaRoundTrip, EveryPublicTsumeProblemWithAFewMoves) {
  std::mt19937 rng(7);
  for (const std::string& sfen : test::tsume_sfens()) {
    Kifu k;
    k.start = setup_of(sfen);
    k.start.game_ply = 1;
    k.moves = random_game(k.start, rng, 3);
    k.end = "%TSUMI";
    SCOPED_TRACE(sfen);
    expect_csa_round_trip(k);
  }
}

}  // namespace
}  // namespace tsumi::notation
