// random-games.mjs: seeded random legal games, written by tsshogi (the ShogiHome GUI's rules and
// notation library, https://github.com/sunfish-shogi/tsshogi, MIT) as KIF, KI2 and CSA, for checking
// tsumi's readers against an independent writer on data nobody tuned them on.
//
// A tool run by hand; never by the build or the tests. It needs tsshogi installed OUTSIDE the project:
//
//   mkdir -p /tmp/tsshogi-work && cd /tmp/tsshogi-work && npm init -y && npm install tsshogi
//   cd /tmp/tsshogi-work && node /path/to/tsumi/scripts/tsshogi/random-games.mjs SEED GAMES OUT_DIR
//
// The games start from the start position or one of tsshogi's handicaps, chosen at random, and run
// 10 to 160 plies of moves drawn uniformly from the legal moves (tsshogi's own move legality:
// Position.isValidMove over every from/to pair and drop, promotion and not), stopping early at mate.
// OUT_DIR/game-N.{kif,ki2,csa} are tsshogi's exports; OUT_DIR/manifest.txt has a line a game:
//   game-N <TAB> <start SFEN> <TAB> <SFEN after the last move> <TAB> <USI moves>
// every value from tsshogi. A reader is right on a file when it gives that start, those moves and that
// final position (docs/method.md says how the tsumi side was run).

import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const require = createRequire(path.join(process.env.TSSHOGI_DIR ?? process.cwd(), "noop.js"));
const { Record, InitialPositionSFEN, Square, handPieceTypes, exportKIF, exportKI2, exportCSA, SpecialMoveType } =
  require("tsshogi");

const [seedText, gamesText, outDir] = process.argv.slice(2);
if (!outDir) {
  console.error("usage: random-games.mjs SEED GAMES OUT_DIR");
  process.exit(2);
}

// mulberry32: a small seeded generator, so that a seed gives the same games everywhere.
let state = Number(seedText) >>> 0;
function random() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (list) => list[Math.floor(random() * list.length)];

const starts = [
  InitialPositionSFEN.STANDARD,
  InitialPositionSFEN.HANDICAP_LANCE,
  InitialPositionSFEN.HANDICAP_RIGHT_LANCE,
  InitialPositionSFEN.HANDICAP_BISHOP,
  InitialPositionSFEN.HANDICAP_ROOK,
  InitialPositionSFEN.HANDICAP_ROOK_LANCE,
  InitialPositionSFEN.HANDICAP_2PIECES,
  InitialPositionSFEN.HANDICAP_4PIECES,
  InitialPositionSFEN.HANDICAP_6PIECES,
  InitialPositionSFEN.HANDICAP_8PIECES,
  InitialPositionSFEN.HANDICAP_10PIECES,
];

// Every legal move of the position, by tsshogi's rules.
function legalMoves(position) {
  const moves = [];
  const add = (move) => {
    if (!move) return;
    if (position.isValidMove(move)) moves.push(move);
    const promoted = move.withPromote();
    if (!move.promote && position.isValidMove(promoted)) moves.push(promoted);
  };
  for (const from of Square.all) {
    const piece = position.board.at(from);
    if (!piece || piece.color !== position.color) continue;
    for (const to of Square.all) add(position.createMove(from, to));
  }
  for (const type of handPieceTypes) {
    if (position.hand(position.color).count(type) === 0) continue;
    for (const to of Square.all) if (!position.board.at(to)) add(position.createMove(type, to));
  }
  return moves;
}

fs.mkdirSync(outDir, { recursive: true });
const manifest = [];
for (let g = 1; g <= Number(gamesText); g++) {
  const start = pick(starts);
  const record = Record.newByUSI("sfen " + start);
  if (record instanceof Error) throw record;
  const plies = 10 + Math.floor(random() * 151);
  for (let i = 0; i < plies; i++) {
    const moves = legalMoves(record.position);
    if (moves.length === 0) {
      record.append(SpecialMoveType.MATE);
      break;
    }
    if (!record.append(pick(moves))) throw new Error("tsshogi refused its own legal move");
  }
  const usi = record.moves
    .slice(1)
    .filter((node) => "usi" in node.move)
    .map((node) => node.move.usi);
  const name = "game-" + g;
  fs.writeFileSync(path.join(outDir, name + ".kif"), exportKIF(record));
  fs.writeFileSync(path.join(outDir, name + ".ki2"), exportKI2(record));
  fs.writeFileSync(path.join(outDir, name + ".csa"), exportCSA(record));
  manifest.push([name, record.initialPosition.sfen, record.position.sfen, usi.join(" ")].join("\t"));
}
fs.writeFileSync(path.join(outDir, "manifest.txt"), manifest.join("\n") + "\n");
console.log(`${manifest.length} games written to ${outDir}`);
