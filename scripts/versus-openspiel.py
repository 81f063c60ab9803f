#!/usr/bin/env python3
"""Tablecraft's computer against OpenSpiel's MCTS bot, at equal time a move.

    python3 scripts/versus-openspiel.py [--games N] [--ms MS] [--only GAME,...]

Each game is played by both engines at once: Tablecraft through
`tablecraft engine FILE` (the shipped rule file), OpenSpiel (pip package
`open-spiel`, its C++ games and MCTSBot: UCT with one random rollout a leaf)
through pyspiel. At every position the two engines' legal moves are mapped
into one notation and compared, so that a mapping mistake can never pass for
strength: a game where they differ stops and is reported, not scored.

OpenSpiel's bot thinks MS milliseconds a move by its own clock
(`max_wall_clock_time`, with no cap on simulations), Tablecraft's Master the
same; both sides' time a move, measured here, is printed. Colours alternate
from game to game.

Where the two rule sets end a game differently (OpenSpiel's Nine Men's Morris
stops at 214 moves, Tablecraft's at a position seen three times), the game
ends when either engine ends it, scored as that engine scores it, and the
table counts such endings apart.
"""

import argparse
import concurrent.futures
import os
import subprocess
import sys
import time

import pyspiel

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# --- Moves in one notation ---------------------------------------------------
#
# Tablecraft writes a whole move as `FROM>TO` per step (place names) and `end`
# or `pass`; OpenSpiel gives one action string per action, and a whole move may
# be several actions of the same player (a checkers jump that goes on, a Nine
# Men's Morris mill and its capture). Each game below turns both into the same
# key: a tuple.


def tc_steps(notation):
    """The (from, to) place names of a Tablecraft move's steps."""
    return [tuple(s.split(">")) for s in notation.split() if ">" in s]


def square(place):
    """`board.R.C` -> (R, C)."""
    _, r, c = place.split(".")
    return int(r), int(c)


def letter_square(text):
    """`c5` -> (column 3, row 5)."""
    return ord(text[0]) - ord("a") + 1, int(text[1:])


def connect_four_tc(notation):
    [(_, to)] = tc_steps(notation)
    return ("drop", square(to)[1])


def connect_four_os(actions):
    [a] = actions
    return ("drop", int(a[1:]) + 1)


def breakthrough_tc(notation):
    [(a, b)] = tc_steps(notation)
    return (square(a), square(b))


def breakthrough_os(actions, rows=6):
    [a] = actions
    a = a.rstrip("*")
    (c1, r1), (c2, r2) = letter_square(a[:2]), letter_square(a[2:])
    # OpenSpiel's first player starts at the top and moves down.
    return ((rows + 1 - r1, c1), (rows + 1 - r2, c2))


def reversi_tc(notation):
    [(_, to)] = tc_steps(notation)
    return square(to)


def reversi_os(actions):
    [a] = actions
    c, r = letter_square(a)
    return (r, c)


def checkers_tc(notation):
    steps = tc_steps(notation)
    # The board is the mirror image of OpenSpiel's (whose a1 is dark).
    path = [square(steps[0][0])] + [square(b) for _, b in steps]
    return tuple((r, 9 - c) for r, c in path)


def checkers_os(actions):
    path = [letter_square(actions[0][:2])] + [letter_square(a[2:]) for a in actions]
    return tuple((r, c) for c, r in path)


def awele_tc(notation):
    return int(tc_steps(notation)[0][0].split(".")[1])


def awele_os(actions):
    [a] = actions
    return "ABCDEFabcdef".index(a) + 1


# OpenSpiel's points 0..23, read row by row from the top left.
MORRIS_POINTS = (
    "a7 d7 g7 b6 d6 f6 c5 d5 e5 a4 b4 c4 e4 f4 g4 c3 d3 e3 b2 d2 f2 a1 d1 g1".split()
)


def morris_tc(notation):
    key = []
    for a, b in tc_steps(notation):
        if a.startswith("hand."):
            key.append(("put", b.split(".")[1]))
        elif b == "taken":
            key.append(("take", a.split(".")[1]))
        else:
            key.append(("move", a.split(".")[1], b.split(".")[1]))
    return tuple(key)


def morris_os(actions):
    key = []
    for i, a in enumerate(actions):
        if a.startswith("Move"):
            x, y = a[len("Move ") :].split(" -> ")
            key.append(("move", MORRIS_POINTS[int(x)], MORRIS_POINTS[int(y)]))
        elif i == 0:
            key.append(("put", MORRIS_POINTS[int(a.split()[1])]))
        else:
            key.append(("take", MORRIS_POINTS[int(a.split()[1])]))
    return tuple(key)


GAMES = {
    "connect-four": ("connect_four", connect_four_tc, connect_four_os),
    "breakthrough": ("breakthrough(rows=6,columns=6)", breakthrough_tc, breakthrough_os),
    "nine-mens-morris": ("nine_mens_morris", morris_tc, morris_os),
    "awele": ("oware", awele_tc, awele_os),
    "reversi": ("othello", reversi_tc, reversi_os),
    "english-checkers": ("checkers", checkers_tc, checkers_os),
}


# --- The two engines ---------------------------------------------------------


class Engine:
    """`tablecraft engine FILE` in a child process."""

    def __init__(self, binary, path):
        self.proc = subprocess.Popen(
            [binary, "engine", path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def ask(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise RuntimeError(f"tablecraft engine stopped after '{command}'")
            line = line.rstrip("\n")
            if line == "":
                break
            lines.append(line)
        first = lines[0]
        if first.startswith("?"):
            raise RuntimeError(f"tablecraft engine refused '{command}': {first[2:]}")
        lines[0] = first[2:] if len(first) > 1 else ""
        return lines

    def close(self):
        try:
            self.ask("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.proc.wait(timeout=10)


def os_whole_moves(state):
    """Every whole move of the player on move: sequences of OpenSpiel
    actions, by that player, up to where the turn passes (or the game
    ends), with their action strings."""
    player = state.current_player()
    out = []

    def walk(s, actions, names):
        for a in s.legal_actions():
            t = s.clone()
            name = s.action_to_string(player, a)
            t.apply_action(a)
            if not t.is_terminal() and t.current_player() == player:
                walk(t, actions + [a], names + [name])
            else:
                out.append((actions + [a], names + [name]))

    walk(state, [], [])
    return out


def forced_pass(state):
    """Whether the player on move can only pass (OpenSpiel's Othello asks
    for a pass where Tablecraft's rules pass for the player)."""
    legal = state.legal_actions()
    return len(legal) == 1 and state.action_to_string(state.current_player(), legal[0]) == "pass"


# --- One game ----------------------------------------------------------------


def play_one(args):
    name, number, tc_first, ms, binary, uct_c, strength = args
    spiel_name, key_tc, key_os = GAMES[name]
    game = pyspiel.load_game(spiel_name)
    state = game.new_initial_state()
    engine = Engine(binary, os.path.join(ROOT, "public", "games", f"{name}.game.xml"))
    engine.ask(f"new {number + 1}")
    evaluator = pyspiel.RandomRolloutEvaluator(1, number + 1)
    result = {
        "game": number,
        "tc_first": tc_first,
        "checked": 0,
        "tc_ms": [],
        "os_ms": [],
        "mismatch": None,
        "ended_by": None,
    }
    # Tablecraft's player 1 is OpenSpiel's player 0.
    tc_seat = 0 if tc_first else 1
    moves = 0
    try:
        while True:
            while not state.is_terminal() and forced_pass(state):
                state.apply_action(state.legal_actions()[0])
            status = engine.ask("status")[0].split()
            tc_over = status[0] == "over"
            if tc_over or state.is_terminal():
                if tc_over and state.is_terminal():
                    result["ended_by"] = "both"
                elif tc_over:
                    result["ended_by"] = "tablecraft"
                else:
                    result["ended_by"] = "openspiel"
                if tc_over:
                    w = int(status[1])
                    winner = None if w == 0 else (0 if (w == 1) == tc_first else 1)
                else:
                    r = state.returns()
                    winner = None if r[0] == r[1] else (0 if r[tc_seat] > r[1 - tc_seat] else 1)
                result["winner"] = winner  # 0: Tablecraft, 1: OpenSpiel
                break
            on_move = state.current_player()
            if int(status[1]) - 1 != on_move:
                result["mismatch"] = f"move {moves}: Tablecraft has player {status[1]} on move, OpenSpiel {on_move + 1}"
                break
            listed = engine.ask("moves")
            tc_moves = {key_tc(line.split(" ", 1)[1]): line.split(" ", 1)[1] for line in listed[1:]}
            os_moves = {key_os(names): actions for actions, names in os_whole_moves(state)}
            if set(tc_moves) != set(os_moves):
                only_tc = sorted(map(str, set(tc_moves) - set(os_moves)))[:5]
                only_os = sorted(map(str, set(os_moves) - set(tc_moves)))[:5]
                result["mismatch"] = (
                    f"move {moves}: only Tablecraft {only_tc}, only OpenSpiel {only_os}\n{state}"
                )
                break
            result["checked"] += 1
            if on_move == tc_seat:
                started = time.perf_counter()
                answer = engine.ask(f"go {ms} {strength}")
                result["tc_ms"].append(1000 * (time.perf_counter() - started))
                key = key_tc(answer[0].split(" ", 1)[1])
                for a in os_moves[key]:
                    state.apply_action(a)
            else:
                bot = pyspiel.MCTSBot(
                    game, evaluator, uct_c, 10**9, 1000, True, number * 1000 + moves, False,
                    pyspiel.ChildSelectionPolicy.UCT, ms / 1000,
                )
                started = time.perf_counter()
                names = []
                while True:
                    a = bot.step(state)
                    names.append(state.action_to_string(on_move, a))
                    state.apply_action(a)
                    if state.is_terminal() or state.current_player() != on_move:
                        break
                took = 1000 * (time.perf_counter() - started)
                result["os_ms"].append(took)
                engine.ask("play " + tc_moves[key_os(names)])
            moves += 1
    finally:
        engine.close()
    result["moves"] = moves
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games a pair (default 40)")
    parser.add_argument("--ms", type=int, default=1000, help="milliseconds a move (default 1000)")
    parser.add_argument("--only", default=",".join(GAMES), help="games, by file name, comma-separated")
    parser.add_argument("--strength", default="master", help="Tablecraft's strength (default master)")
    parser.add_argument("--uct-c", type=float, default=2.0, help="OpenSpiel's UCT constant (default 2)")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (default 1)")
    parser.add_argument(
        "--binary",
        default=os.path.join(ROOT, "target", "release", "tablecraft"),
        help="the tablecraft binary (default target/release/tablecraft)",
    )
    args = parser.parse_args()
    names = args.only.split(",")
    for n in names:
        if n not in GAMES:
            sys.exit(f"no game '{n}': choose among {', '.join(GAMES)}")
    rows = []
    failed = False
    for name in names:
        jobs = [
            (name, n, n % 2 == 0, args.ms, args.binary, args.uct_c, args.strength)
            for n in range(args.games)
        ]
        with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(play_one, jobs))
        w = d = l = 0
        first = [0, 0, 0]
        tc_ms, os_ms = [], []
        checked = 0
        ends = {}
        for r in results:
            checked += r["checked"]
            tc_ms += r["tc_ms"]
            os_ms += r["os_ms"]
            if r["mismatch"]:
                failed = True
                print(f"{name}, game {r['game'] + 1}: the legal moves differ: {r['mismatch']}", file=sys.stderr)
                continue
            ends[r["ended_by"]] = ends.get(r["ended_by"], 0) + 1
            outcome = {0: 0, None: 1, 1: 2}[r["winner"]]
            if outcome == 0:
                w += 1
            elif outcome == 1:
                d += 1
            else:
                l += 1
            if r["tc_first"]:
                first[outcome] += 1
            print(
                f"{name} game {r['game'] + 1}: Tablecraft {'first' if r['tc_first'] else 'second'}, "
                f"{['Tablecraft wins', 'draw', 'OpenSpiel wins'][outcome]} after {r['moves']} moves "
                f"(ended by {r['ended_by']})",
                flush=True,
            )
        mismatches = sum(1 for r in results if r["mismatch"])
        rows.append((name, w, d, l, first, tc_ms, os_ms, checked, mismatches, ends))
        print_table(rows, args)
    sys.exit(1 if failed else 0)


def spread(values):
    if not values:
        return "-"
    values = sorted(values)
    mid = values[len(values) // 2]
    return f"{mid:.0f} ({values[0]:.0f}–{values[-1]:.0f})"


def print_table(rows, args):
    print()
    print(f"Tablecraft {args.strength} against OpenSpiel MCTS (uct_c {args.uct_c}, one random rollout a leaf), "
          f"{args.ms} ms a move")
    print("| game | Tablecraft W–D–L | as first player | score | Tablecraft ms a move | OpenSpiel ms a move "
          "| positions checked | legal moves differ | ended by |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, w, d, l, first, tc_ms, os_ms, checked, mismatches, ends in rows:
        games = w + d + l
        score = f"{100 * (w + d / 2) / games:.0f}%" if games else "-"
        ended = ", ".join(f"{k} {v}" for k, v in sorted(ends.items()))
        print(
            f"| {name} | {w}–{d}–{l} | {first[0]}–{first[1]}–{first[2]} | {score} | {spread(tc_ms)} "
            f"| {spread(os_ms)} | {checked} | {mismatches} | {ended} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
