// check-kif.mjs: reads kifu files with tsshogi (the ShogiHome GUI's rules and notation library,
// https://github.com/sunfish-shogi/tsshogi, MIT), a reader independent of tsumi, and prints what it
// understood, to check the KIF/KI2/CSA/BOD files tsumi writes.
//
// A tool run by hand; never by the build or the tests. It needs tsshogi installed OUTSIDE the
// project (the project has no node dependency):
//
//   mkdir -p /tmp/tsshogi-work && cd /tmp/tsshogi-work && npm init -y && npm install tsshogi
//   cd /tmp/tsshogi-work && node /path/to/tsumi/scripts/tsshogi/check-kif.mjs FILE...
//
// tsshogi is resolved from the current directory (or from $TSSHOGI_DIR).
//
// The reader is picked by extension: .ki2 -> importKI2, .csa -> importCSA, .kif/.kifu/.bod ->
// importKIF; any other extension: tsshogi's detectRecordFormat on the text. The bytes are decoded
// as UTF-8 when they are valid UTF-8 (a BOM is dropped), else as Shift_JIS (CP932).
//
// tsshogi's importers do not check legality (they play the moves with ignoreValidation, and read
// text that is no kifu at all as an empty board), so this script also replays every move from the
// initial position with tsshogi's legality check (Position.isValidMove: piece movement, self-check,
// 二歩, 打ち歩詰め, dead pieces) and fails a file whose board holds no king.
//
// Output, one line a file, tab-separated:
//   OK    <file>  <initial SFEN>  <USI moves, space-separated>  <end: the special move, if any>
//   FAIL  <file>  <tsshogi's error>
//   FAIL  <file>  <why: no king, illegal move N, unread line>  <initial SFEN>  <USI moves>
// Exit status 1 when any file failed, 2 for no arguments.

import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const require = createRequire(path.join(process.env.TSSHOGI_DIR ?? process.cwd(), "noop.js"));
const {
  importKIF,
  importKI2,
  importCSA,
  importJKFString,
  detectRecordFormat,
  RecordFormatType,
  Move,
  Square,
  PieceType,
} = require("tsshogi");

function decode(bytes) {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("shift_jis").decode(bytes), encoding: "shift_jis" };
  }
}

function importByName(file, text) {
  const ext = path.extname(file).toLowerCase();
  switch (ext) {
    case ".ki2":
    case ".ki2u":
      return importKI2(text);
    case ".csa":
      return importCSA(text);
    case ".kif":
    case ".kifu":
    case ".bod":
      return importKIF(text);
  }
  switch (detectRecordFormat(text)) {
    case RecordFormatType.KI2:
      return importKI2(text);
    case RecordFormatType.CSA:
      return importCSA(text);
    case RecordFormatType.JKF:
      return importJKFString(text);
    default:
      return importKIF(text);
  }
}

// Why tsshogi's record is not a legal game from a position with a king, or null.
function validate(record, moves) {
  const position = record.initialPosition.clone();
  let kings = 0;
  for (const square of Square.all) {
    if (position.board.at(square)?.type === PieceType.KING) kings++;
  }
  if (kings === 0) return "no king on the board";
  for (let i = 0; i < moves.length; i++) {
    const move = position.createMoveByUSI(moves[i]);
    if (!move || !position.doMove(move)) return `illegal move ${i + 1}: ${moves[i]}`;
  }
  return null;
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("usage: node check-kif.mjs FILE... (run where `npm install tsshogi` was done)");
  process.exit(2);
}

let failed = 0;
for (const file of files) {
  let record;
  try {
    const { text } = decode(fs.readFileSync(file));
    record = importByName(file, text);
  } catch (e) {
    record = e instanceof Error ? e : new Error(String(e));
  }
  if (record instanceof Error) {
    failed++;
    console.log(`FAIL\t${file}\t${record.message.replaceAll("\n", " ")}`);
    continue;
  }
  const nodes = record.moves.filter((n) => n.ply > 0);
  const moves = nodes.filter((n) => n.move instanceof Move).map((n) => n.move.usi);
  const specials = nodes.filter((n) => !(n.move instanceof Move)).map((n) => n.move);
  const special = specials.map((m) => (m.type === "any" ? `any(${m.name})` : m.type));
  // A line tsshogi could not read as a move becomes an "any" special move that ends the game
  // (e.g. KIF "２三桂不成(15)": tsshogi 2.2.0's KIF move pattern has no 不成), so it fails here.
  const unknown = specials.find((m) => m.type === "any");
  const problem = unknown ? `unread line "${unknown.name}"` : validate(record, moves);
  if (problem) {
    failed++;
    console.log(`FAIL\t${file}\t${problem}\t${record.initialPosition.sfen}\t${moves.join(" ")}`);
    continue;
  }
  console.log(
    `OK\t${file}\t${record.initialPosition.sfen}\t${moves.join(" ")}\t${special.join(" ")}`,
  );
}
process.exit(failed ? 1 : 0);
