"""Generated hand histories for the benchmarks: six-max no-limit hold'em as a site logs it.

Each hand is played by a small simulator of the betting rules (the replay's: minimum raises, all
ins, short all-ins that do not reopen the betting): most players fold preflop, some limp, raise,
re-raise or shove; after the flop they check, bet, raise and fold; a hand that reaches the river
or an all-in goes to a showdown where hands are shown (or, now and then, mucked). Hole cards
are ``????`` until shown, as in the handhq logs of the PHH data set; players all in preflop hold
hands of a shoving range (pairs, big aces, king-queen), as real all-ins do, so the all-in EV
cache meets what it meets in real data. 5 % of the hands show every hole card from the deal.

Written as PHH (``.phhs``: ``[n]`` tables, with ``players``, ``seats``, ``hand`` and ``venue``).
Seeded: the same seed gives the same file.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Final

RANKS: Final = "23456789TJQKA"
SUITS: Final = "cdhs"
DECK: Final = [rank + suit for rank in RANKS for suit in SUITS]
SHOVES: Final = [
    (a, b)
    for a in range(52)
    for b in range(a + 1, 52)
    if (a // 4 == b // 4 and a // 4 >= 0)  # pairs
    or ({a // 4, b // 4} in ({12, 11}, {12, 10}, {12, 9}, {11, 10}))  # AK AQ AJ KQ
]
BLINDS: Final = (50, 100)  # cents: $0.50/$1


def _amount(cents: int) -> str:
    return f"{cents // 100}" if cents % 100 == 0 else f"{cents // 100}.{cents % 100:02d}"


class _Hand:
    def __init__(self, rng: random.Random, count: int) -> None:
        self.rng = rng
        self.count = count
        self.stacks = [
            rng.randint(2000, 6000) if rng.random() < 0.25 else rng.randint(6000, 25000)
            for _ in range(count)
        ]
        self.start = list(self.stacks)
        self.bets = [0] * count
        self.folded = [False] * count
        self.actions: list[str] = []
        self.street = 0
        self.allin_street = -1

    def live(self) -> list[int]:
        return [i for i in range(self.count) if not self.folded[i]]

    def with_chips(self) -> list[int]:
        return [i for i in self.live() if self.stacks[i] > 0]

    def pay(self, i: int, amount: int) -> None:
        amount = min(amount, self.stacks[i])
        self.stacks[i] -= amount
        self.bets[i] += amount

    def betting(self, opener: int) -> None:
        rng = self.rng
        count = self.count
        top = max(self.bets)
        last = 0
        minimum = BLINDS[1]
        queue = [
            (opener + k) % count
            for k in range(count)
            if not self.folded[(opener + k) % count] and self.stacks[(opener + k) % count] > 0
        ]
        queue = [i for i in queue if self._effective(i) > 0]
        if len(queue) == 1 and self.bets[queue[0]] >= top:
            queue = []
        reopened = True
        raises = 0
        while queue and len(self.live()) > 1:
            i = queue.pop(0)
            top = max(self.bets)
            call = min(self.stacks[i], top - self.bets[i])
            can_raise = (
                reopened
                and call >= last
                and self.stacks[i] > top - self.bets[i]
                and any(
                    j != i and not self.folded[j] and self.stacks[j] + self.bets[j] > top
                    for j in range(count)
                )
            )
            roll = rng.random()
            if self.street == 0:
                fold, raise_ = (
                    (0.55, 0.12) if top <= BLINDS[1] else (0.72, 0.06 + 0.02 * (raises < 2))
                )
            else:
                fold, raise_ = (0.0, 0.35) if call == 0 else (0.5, 0.07)
            if call and roll < fold:
                self.folded[i] = True
                self.actions.append(f"p{i + 1} f")
                continue
            if can_raise and roll > 1 - raise_:
                least = min(self.stacks[i] + self.bets[i], max(last, minimum) + top)
                pot = sum(self.bets) + self.pot
                pick = rng.random()
                if pick < 0.03 or (self.street == 0 and raises >= 2 and pick < 0.25):
                    to = self.stacks[i] + self.bets[i]  # all in
                elif self.street == 0:
                    to = max(least, top * 3 if top > BLINDS[1] else top * rng.choice((2, 3, 3, 4)))
                else:
                    to = max(least, top + int(pot * rng.choice((0.33, 0.5, 0.66, 1.0))))
                to = min(to, self.stacks[i] + self.bets[i])
                increment = to - top
                self.pay(i, to - self.bets[i])
                self.actions.append(f"p{i + 1} cbr {_amount(to)}")
                raises += 1
                if increment >= last:
                    last = increment
                    reopened = True
                else:
                    reopened = False  # a short all-in: no more raises this round here
                queue = [
                    (i + k) % count
                    for k in range(1, count)
                    if not self.folded[(i + k) % count] and self.stacks[(i + k) % count] > 0
                ]
                continue
            self.pay(i, call)
            self.actions.append(f"p{i + 1} cc")

    def _effective(self, i: int) -> int:
        totals = sorted(self.bets[j] + self.stacks[j] for j in self.live())
        if len(totals) < 2:
            return 0
        return min(self.stacks[i], max(0, totals[-2] - self.bets[i]))

    def collect(self) -> None:
        ordered = sorted(self.bets)
        cutoff = ordered[-2]
        for i, bet in enumerate(self.bets):
            if bet > cutoff:
                self.stacks[i] += bet - cutoff
                self.bets[i] = cutoff
        self.pot += sum(self.bets)
        self.bets = [0] * self.count

    pot = 0


def hand_text(rng: random.Random, number: int, names: list[str]) -> str:
    """One generated hand as a PHH table (without its header)."""
    count = rng.choice((6, 6, 6, 6, 5, 4, 3, 2))
    hand = _Hand(rng, count)
    seats = rng.sample(names, count)
    deck = list(range(52))
    rng.shuffle(deck)
    holes = [deck[2 * i : 2 * i + 2] for i in range(count)]
    board = deck[2 * count : 2 * count + 5]
    everything_known = rng.random() < 0.05
    hand.pay(0 if count > 2 else 1, BLINDS[0])
    hand.pay(1 if count > 2 else 0, BLINDS[1])
    for i in range(count):
        cards = DECK[holes[i][0]] + DECK[holes[i][1]] if everything_known else "????"
        hand.actions.append(f"d dh p{i + 1} {cards}")
    opener = 2 % count if count > 2 else 1
    hand.betting(opener)
    hand.collect()
    dealt = 0
    while len(hand.live()) > 1 and dealt < 5:
        if len(hand.with_chips()) <= 1 and hand.allin_street < 0:
            hand.allin_street = hand.street
        size = 3 if dealt == 0 else 1
        hand.actions.append("d db " + "".join(DECK[c] for c in board[dealt : dealt + size]))
        dealt += size
        hand.street += 1
        if len(hand.with_chips()) > 1:
            hand.betting(0)
            hand.collect()
    live = hand.live()
    if len(live) > 1:
        if hand.allin_street == 0 and not everything_known:  # shovers hold shoving hands
            taken = set(board)
            for i in live:
                choices = [pair for pair in SHOVES if not taken.intersection(pair)]
                holes[i] = list(rng.choice(choices))
                taken.update(holes[i])
        for position, i in enumerate(live):
            if position and rng.random() < 0.08 and not everything_known:
                hand.actions.append(f"p{i + 1} sm")
            else:
                hand.actions.append(f"p{i + 1} sm {DECK[holes[i][0]]}{DECK[holes[i][1]]}")
    blinds = "[" + ", ".join(["0.50", "1"] + ["0"] * (count - 2)) + "]"
    quoted = ", ".join(f"'{action}'" for action in hand.actions)
    players = ", ".join(f"'{name}'" for name in seats)
    seat_numbers = ", ".join(str(seat) for seat in rng.sample(range(1, 7), count))
    return (
        "variant = 'NT'\n"
        "ante_trimming_status = false\n"
        f"antes = [{', '.join(['0'] * count)}]\n"
        f"blinds_or_straddles = {blinds}\n"
        "min_bet = 1\n"
        f"starting_stacks = [{', '.join(_amount(s) for s in hand.start)}]\n"
        f"actions = [{quoted}]\n"
        "venue = 'Generated Poker'\n"
        f"hand = {1_000_000_000 + number}\n"
        f"seats = [{seat_numbers}]\n"
        "table = 'Bench'\n"
        f"players = [{players}]\n"
        "currency_symbol = '$'\n"
    )


def player_names(rng: random.Random, count: int = 20_000) -> list[str]:
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    return ["".join(rng.choice(letters) for _ in range(rng.randint(6, 14))) for _ in range(count)]


def phhs_tables(hands: int, seed: int, first: int = 1) -> Iterator[str]:
    rng = random.Random(seed)
    names = player_names(random.Random(0))
    for number in range(first, first + hands):
        yield f"[{number}]\n{hand_text(rng, number, names)}\n"


def write_phhs(path: Path, hands: int, seed: int = 1, first: int = 1) -> int:
    """Write ``hands`` generated hands to ``path``; the bytes written."""
    written = 0
    with path.open("w", encoding="utf-8") as out:
        batch: list[str] = []
        for table in phhs_tables(hands, seed, first):
            batch.append(table)
            if len(batch) == 2000:
                written += out.write("".join(batch))
                batch = []
        written += out.write("".join(batch))
    return written
