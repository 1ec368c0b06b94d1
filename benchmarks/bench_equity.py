"""Equity: pokerscore against eval7 and pokerkit, on the same spots, in one process.

- Exact heads-up preflop (1,712,304 boards): ours against a Python loop over the boards with
  eval7's evaluator, timed on a sample of the boards and scaled to all of them.
- Range against range, exact: QQ+,AKs vs JJ-88 (904 million combo-boards).
- Exact Omaha heads-up (1,086,008 boards, 60 five-card hands per player per board).
- Monte Carlo heads-up trials per second: ours against eval7's ``py_hand_vs_range_monte_carlo``
  and pokerkit's ``calculate_equities``.
- ``pokerscore equity AhAs KdKc`` in a fresh process (Numba's cache warm).
- Stud: exact heads-up from third street (18,265,297,050 deals) in stud, razz and stud-8,
  against a Python loop over the deals with eval7's evaluator (stud) and pokerkit's razz hands,
  timed on a sample and scaled; Monte Carlo stud and razz trials per second against the same
  loops dealing at random. Sides alternate round by round; the spread is the slowest round over
  the fastest.
- Omaha ranges: Monte Carlo trials per second of ``AA**`` against ``random`` heads-up (and of
  two known hands, for scale), an exact range against a hand on the flop; with the load
  average, as the section "Omaha ranges" (``omaha_ranges()`` alone rewrites only it).

Writes ``benchmarks/equity.md``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from itertools import combinations
from pathlib import Path

from benchmarks.bench_engine import machine
from pokerscore import parse_range
from pokerscore.games.holdem.equity import PlayerInput, equity

RESULTS = Path(__file__).with_name("equity.md")
ROUNDS = 5


def _best(run: object, rounds: int = ROUNDS) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        run()  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return best


def _eval7_preflop_seconds(sample: int = 100_000) -> float:
    """A Python enumeration of every board with eval7's evaluator, scaled from ``sample`` boards."""
    import eval7

    aces = [eval7.Card(text) for text in ("Ad", "Ac")]
    kings = [eval7.Card(text) for text in ("Kh", "Ks")]
    deck = [card for card in eval7.Deck().cards if card not in aces + kings]
    boards = combinations(deck, 5)
    start = time.perf_counter()
    wins = 0
    for _, board in zip(range(sample), boards, strict=False):
        cards = list(board)
        first = eval7.evaluate(aces + cards)
        second = eval7.evaluate(kings + cards)
        wins += first > second
    return (time.perf_counter() - start) * 1_712_304 / sample


def _eval7_monte_carlo_rate(trials: int = 200_000) -> float:
    import eval7

    hand = [eval7.Card("As"), eval7.Card("Ac")]
    villain = eval7.HandRange("KsQc")
    start = time.perf_counter()
    eval7.py_hand_vs_range_monte_carlo(hand, villain, [], trials)
    return trials / (time.perf_counter() - start)


def _pokerkit_monte_carlo_rate(samples: int = 2_000) -> float:
    from concurrent.futures import ThreadPoolExecutor

    from pokerkit import Card, Deck, StandardHighHand, calculate_equities, parse_range

    ranges = (parse_range("AsAc"), parse_range("KsKh"))
    board = tuple(Card.parse(""))
    start = time.perf_counter()
    with ThreadPoolExecutor() as executor:
        calculate_equities(
            ranges, board, 2, 5, Deck.STANDARD, (StandardHighHand,), sample_count=samples,
            executor=executor,
        )  # fmt: skip
    return samples / (time.perf_counter() - start)


STUD: dict[str, list[str]] = {
    "stud": ["AhAd7c", "QsQh7d"],
    "razz": ["As2d3c", "4h5h6s"],
    "stud-8": ["As2d3c", "KhKd6s"],
}
STUD_DEALS = 18_265_297_050


def _stud_peer_loop(game: str, deals: int, *, sampled: bool) -> float:
    """Seconds for ``deals`` deals of the unknown cards in a Python loop: each player's four
    cards, then both hands judged by eval7 (stud) or pokerkit (razz); in order (a slice of the
    exact enumeration) or at random (Monte Carlo)."""
    import random

    import eval7
    from pokerkit import RegularLowHand

    first, second = STUD[game]
    known = {first[i : i + 2] for i in range(0, 6, 2)} | {second[i : i + 2] for i in range(0, 6, 2)}
    deck = [str(card) for card in eval7.Deck().cards if str(card) not in known]
    if game == "stud":
        cards = {text: eval7.Card(text) for text in deck + sorted(known)}
        mine = [cards[first[i : i + 2]] for i in range(0, 6, 2)]
        theirs = [cards[second[i : i + 2]] for i in range(0, 6, 2)]

        def judge(one: list[str], two: list[str]) -> int:
            a = eval7.evaluate(mine + [cards[c] for c in one])
            b = eval7.evaluate(theirs + [cards[c] for c in two])
            return (a > b) - (a < b)
    else:

        def judge(one: list[str], two: list[str]) -> int:
            a = RegularLowHand.from_game(first + "".join(one), "")
            b = RegularLowHand.from_game(second + "".join(two), "")
            return (a > b) - (a < b)

    generator = random.Random(1)
    outer = combinations(deck, 4)
    start = time.perf_counter()
    done = 0
    while done < deals:
        if sampled:
            drawn = generator.sample(deck, 8)
            judge(drawn[:4], drawn[4:])
            done += 1
            continue
        one = list(next(outer))
        rest = [card for card in deck if card not in one]
        for two in combinations(rest, 4):
            judge(one, list(two))
            done += 1
            if done == deals:
                break
    return time.perf_counter() - start


def _stud_lines() -> list[str]:
    """The Stud section: exact and Monte Carlo, ours and the Python loops, rounds alternating."""
    trials = 4_000_000
    load_before = os.getloadavg()[0]
    rows = []
    for game, hands in STUD.items():
        equity(hands, game=game, method="exact")
        equity(hands, game=game, samples=10_000, seed=1)
        exact_times, sampled_times, peer_exact, peer_sampled = [], [], [], []
        for round_number in range(ROUNDS):
            ours_first = round_number % 2 == 0
            for side in (0, 1) if ours_first else (1, 0):
                if side == 0:
                    start = time.perf_counter()
                    equity(hands, game=game, method="exact")
                    exact_times.append(time.perf_counter() - start)
                    start = time.perf_counter()
                    equity(hands, game=game, samples=trials, seed=round_number)
                    sampled_times.append(time.perf_counter() - start)
                elif game != "stud-8":
                    sample = 1_000 if game == "razz" else 40_000
                    peer_exact.append(_stud_peer_loop(game, sample, sampled=False) / sample)
                    peer_sampled.append(_stud_peer_loop(game, sample, sampled=True) / sample)
        exact, rate = min(exact_times), trials / min(sampled_times)
        spread = f"{max(exact_times) / exact:.2f}, {max(sampled_times) / min(sampled_times):.2f}"
        if peer_exact:
            peer = "eval7" if game == "stud" else "pokerkit RegularLowHand"
            peer_seconds = min(peer_exact) * STUD_DEALS
            peer_rate = 1 / min(peer_sampled)
            rows.append(
                f"| {game} {' vs '.join(hands)} | exact {exact:.2f} s; Monte Carlo "
                f"{rate / 1e6:.1f} M trials/s | {peer} in a Python loop: exact "
                f"{peer_seconds / 86400:,.1f} days (scaled); {peer_rate:,.0f} trials/s "
                f"| {peer_seconds / exact:,.0f}x; {rate / peer_rate:,.0f}x | {spread} |"
            )
        else:
            rows.append(
                f"| {game} {' vs '.join(hands)} | exact {exact:.2f} s; Monte Carlo "
                f"{rate / 1e6:.1f} M trials/s | | | {spread} |"
            )
    return [
        "## Stud",
        "",
        f"Load average (1 min) {load_before:.1f} before the stud rounds, {os.getloadavg()[0]:.1f} "
        "after.",
        "",
        f"Heads-up from third street: exact counts all {STUD_DEALS:,} deals of the unknown "
        f"cards; Monte Carlo deals {trials:,} trials per run. Best of {ROUNDS} rounds, ours and "
        "the peer's loop alternating; spread = slowest round / fastest (exact, Monte Carlo).",
        "",
        "| spot | pokerscore | peer | ratio | spread |",
        "| --- | ---: | ---: | ---: | ---: |",
        *rows,
    ]


def _cold_command_seconds() -> float:
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "pokerscore", "equity", "AhAs", "KdKc", "--json"],
            check=True,
            capture_output=True,
        )
        runs.append(time.perf_counter() - start)
    return sorted(runs)[len(runs) // 2]


def main() -> None:
    """Measure, print and write the table."""
    big, small = parse_range("QQ+,AKs"), parse_range("JJ-88")
    equity(["AdAc", "KhKs"])
    equity([big, small])
    equity(["AsKsAhKh", "AdKdAcKc"], game="omaha")
    equity(["AsAc", "KsQc"], method="monte-carlo", samples=10_000, seed=1)
    preflop = _best(lambda: equity(["AdAc", "KhKs"]))
    ranges = _best(lambda: equity([big, small]), 3)
    omaha = _best(lambda: equity(["AsKsAhKh", "AdKdAcKc"], game="omaha"), 3)
    trials = 2_000_000
    ours_mc = trials / _best(
        lambda: equity(["AsAc", "KsQc"], method="monte-carlo", samples=trials, seed=1), 3
    )
    eval7_preflop = _eval7_preflop_seconds()
    eval7_mc = max(_eval7_monte_carlo_rate() for _ in range(3))
    pokerkit_mc = _pokerkit_monte_carlo_rate()
    cold = _cold_command_seconds()
    lines = [
        f"Machine: {machine()}. Best of several runs, warm (tables built, kernels compiled).",
        "",
        "| spot | pokerscore | peer | ratio |",
        "| --- | ---: | ---: | ---: |",
        f"| exact AdAc vs KhKs, 1,712,304 boards | {preflop * 1e3:.1f} ms "
        f"| eval7 in a Python loop: {eval7_preflop:.2f} s | {eval7_preflop / preflop:,.0f}x |",
        f"| exact QQ+,AKs vs JJ-88, 904,096,512 combo-boards | {ranges:.2f} s | | |",
        f"| exact Omaha AsKsAhKh vs AdKdAcKc, 1,086,008 boards | {omaha:.3f} s | | |",
        f"| Monte Carlo AsAc vs KsQc, trials/s | {ours_mc:,.0f} "
        f"| eval7 py_hand_vs_range_monte_carlo: {eval7_mc:,.0f} | {ours_mc / eval7_mc:.1f}x |",
        f"| Monte Carlo AA vs KK, samples/s | {ours_mc:,.0f} "
        f"| pokerkit calculate_equities: {pokerkit_mc:,.0f} | {ours_mc / pokerkit_mc:,.0f}x |",
        f"| `pokerscore equity AhAs KdKc` in a fresh process | {cold:.2f} s | | |",
    ]
    lines += ["", *_stud_lines()]
    for line in lines[4:]:
        print(line, flush=True)
    RESULTS.write_text("# Equity\n\n" + "\n".join(lines) + "\n")
    print(f"\nwritten to {RESULTS}")
    omaha_ranges()


OMAHA_TITLE = "## Omaha ranges"


def omaha_ranges() -> None:
    """Measure Omaha range equity and write (or replace) its section of the results."""
    trials = 1_000_000
    aces, kings, every = (parse_range(text, hole_cards=4) for text in ("AA**", "KKds", "random"))
    spots: dict[str, list[PlayerInput]] = {
        "AA** vs random": [aces, every],
        "AsAd7c6h vs random": ["AsAd7c6h", every],
        "AsAd7c6h vs 9h8h7d6d (hands, for scale)": ["AsAd7c6h", "9h8h7d6d"],
        "AA** vs KKds (overlapping: rejection)": [aces, kings],
    }
    parse = _best(lambda: parse_range("random", hole_cards=4), 3)
    for players in spots.values():
        equity(players, game="omaha", method="monte-carlo", samples=10_000, seed=1)
    load_before = os.getloadavg()[0]
    rates = {
        name: trials
        / _best(
            lambda p=players: equity(p, game="omaha", method="monte-carlo", samples=trials, seed=1),
            3,
        )
        for name, players in spots.items()
    }
    exact_spot = ["0.5(AxKxQyJy), KKQQ", "AsAd7c6h"]
    equity(exact_spot, board="Ah 9s 4d", game="omaha")
    exact = _best(lambda: equity(exact_spot, board="Ah 9s 4d", game="omaha"), 3)
    load_after = os.getloadavg()[0]
    lines = [
        OMAHA_TITLE,
        "",
        f"Machine: {machine()}; load average {load_before:.1f} before, {load_after:.1f} after",
        "(other jobs share the two cores). Best of 3, warm, 1,000,000 trials a call, ranges",
        f"parsed once before (parsing `random`, all 270,725 four-card hands: {parse * 1e3:.0f} ms).",
        "",
        "| spot (Omaha, heads-up, preflop) | pokerscore |",
        "| --- | ---: |",
        *(f"| Monte Carlo {name}, trials/s | {rate:,.0f} |" for name, rate in rates.items()),
        f"| exact 0.5(AxKxQyJy), KKQQ vs AsAd7c6h on Ah 9s 4d (39 combos) | {exact * 1e3:.0f} ms |",
    ]
    for line in lines[6:]:
        print(line, flush=True)
    text = RESULTS.read_text() if RESULTS.exists() else "# Equity\n"
    kept = text.split(OMAHA_TITLE)[0].rstrip("\n")
    RESULTS.write_text(kept + "\n\n" + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
