#!/usr/bin/env python3
"""A USI session as a GUI's mate search drives an engine (ShogiHome, ShogiGUI): over pipes, `usi`,
`setoption`, `isready`, then per problem `position sfen ...` and `go mate <ms>`; then a long search that
`stop` ends; then `quit`. Used by scripts/check-windows.sh to drive tsumi.exe under Wine and the Linux
build alike, and compare them.

  usi-session.py --sfens FILE [--stop-sfen SFEN] [--hash MB] -- ENGINE COMMAND...

Prints one JSON object: "answers" (the `checkmate ...` line of each SFEN of FILE, in order),
"stop_ms" (wall milliseconds from writing `stop` to reading the engine's answer to it), "exit_code".
Exits 1 when the engine misbehaves (no usiok/readyok, no answer, a crash), with the reason on stderr.
"""
import argparse
import json
import queue
import subprocess
import sys
import threading
import time


class Engine:
    def __init__(self, command):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for raw in self.proc.stdout:
            self.lines.put(raw.decode("utf-8", "replace").rstrip("\r\n"))
        self.lines.put(None)

    def send(self, line):
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def wait_for(self, prefix, timeout):
        """The first line starting with `prefix`, read within `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise RuntimeError(f"no '{prefix}' within {timeout} s")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise RuntimeError(f"the engine ended before '{prefix}' (exit {self.proc.wait()})")
            if line.startswith(prefix):
                return line


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sfens", required=True, help="one SFEN a line")
    parser.add_argument("--stop-sfen", help="a problem that takes long: `go mate infinite`, then `stop`")
    parser.add_argument("--hash", type=int, default=64)
    parser.add_argument("--go-ms", type=int, default=5000)
    parser.add_argument("engine", nargs="+")
    args = parser.parse_args()
    sfens = [line.strip() for line in open(args.sfens, encoding="utf-8") if line.strip()]

    engine = Engine(args.engine)
    result = {"answers": [], "stop_ms": None, "exit_code": None}
    try:
        engine.send("usi")
        engine.wait_for("usiok", 120)  # Wine's first start makes its prefix
        engine.send(f"setoption name USI_Hash value {args.hash}")
        engine.send("isready")
        engine.wait_for("readyok", 60)
        engine.send("usinewgame")
        for sfen in sfens:
            engine.send(f"position sfen {sfen}")
            engine.send(f"go mate {args.go_ms}")
            result["answers"].append(engine.wait_for("checkmate", args.go_ms / 1000 + 30))
        if args.stop_sfen:
            engine.send(f"position sfen {args.stop_sfen}")
            engine.send("go mate infinite")
            time.sleep(1.5)
            start = time.monotonic()
            engine.send("stop")
            engine.wait_for("checkmate", 30)
            result["stop_ms"] = round((time.monotonic() - start) * 1000, 1)
        engine.send("quit")
        result["exit_code"] = engine.proc.wait(timeout=30)
    except (RuntimeError, subprocess.TimeoutExpired, BrokenPipeError) as e:
        engine.proc.kill()
        print(f"usi-session: {e}", file=sys.stderr)
        print(json.dumps(result, ensure_ascii=False))
        return 1
    print(json.dumps(result, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
