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
        self.events: list[tuple[object, ...]] = []
        """What happened, for the PokerStars text: (kind, seat, amounts...)."""
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
            facing_all_in = any(
                self.stacks[j] == 0 and not self.folded[j] and self.bets[j] == top
                for j in range(count)
            )
            if facing_all_in and call > 10 * BLINDS[1]:  # calling a shove: one caller, seldom two
                fold = 0.8 if len([j for j in self.live() if self.stacks[j] == 0]) < 2 else 0.95
            if call and roll < fold:
                self.folded[i] = True
                self.actions.append(f"p{i + 1} f")
                self.events.append(("fold", i))
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
                self.events.append(
                    ("raise" if top else "bet", i, increment, to, not self.stacks[i])
                )
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
            self.events.append(("call", i, call, not self.stacks[i]) if call else ("check", i))

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
                self.events.append(("uncalled", i, bet - cutoff))
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
        hand.events.append(("board", dealt + size))
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
        shown_most = 0  # a player mucks only where someone who showed is in every pot
        for position, i in enumerate(live):
            put_in = hand.start[i] - hand.stacks[i]
            if position and rng.random() < 0.08 and not everything_known and put_in <= shown_most:
                hand.actions.append(f"p{i + 1} sm")
                hand.events.append(("muck", i))
            else:
                hand.actions.append(f"p{i + 1} sm {DECK[holes[i][0]]}{DECK[holes[i][1]]}")
                hand.events.append(("show", i))
                shown_most = max(shown_most, put_in)
    global _LAST
    _LAST = (hand, seats, holes, board, number)
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


_LAST: tuple[_Hand, list[str], list[list[int]], list[int], int] | None = None


def _money(cents: int) -> str:
    return "$" + _amount(cents)


def _cards(cards: list[int]) -> str:
    return " ".join(DECK[c] for c in cards)


def stars_text(rng: random.Random, number: int, names: list[str]) -> str:
    """One generated hand as PokerStars writes a cash game hand (the same play as
    :func:`hand_text` with the same generator state)."""
    from pokerscore import evaluate7

    hand_text(rng, number, names)
    assert _LAST is not None
    hand, seats, holes, board, _ = _LAST
    count = hand.count
    button = 1 + number % 6
    order = [1 + (button - 1 + k) % 6 for k in range(1, count + 1)]  # seat of p1, p2 ...
    if count == 2:
        order = [1 + button % 6, button]
    lines = [
        f"PokerStars Hand #{2_000_000_000 + number}:  Hold'em No Limit ($0.50/$1 USD) - "
        "2021/06/01 12:00:00 ET",
        f"Table 'Bench {number % 997}' 6-max Seat #{button} is the button",
    ]
    for i in sorted(range(count), key=lambda i: order[i]):
        lines.append(f"Seat {order[i]}: {seats[i]} ({_money(hand.start[i])} in chips)")
    small, big = (0, 1) if count > 2 else (1, 0)
    lines.append(f"{seats[small]}: posts small blind $0.50")
    lines.append(f"{seats[big]}: posts big blind $1")
    lines.append("*** HOLE CARDS ***")
    shown = False
    for event in hand.events:
        kind, *rest = event
        if kind == "fold":
            lines.append(f"{seats[rest[0]]}: folds")
        elif kind == "check":
            lines.append(f"{seats[rest[0]]}: checks")
        elif kind == "call":
            lines.append(f"{seats[rest[0]]}: calls {_money(rest[1])}" + " and is all-in" * rest[2])
        elif kind == "bet":
            lines.append(f"{seats[rest[0]]}: bets {_money(rest[2])}" + " and is all-in" * rest[3])
        elif kind == "raise":
            lines.append(
                f"{seats[rest[0]]}: raises {_money(rest[1])} to {_money(rest[2])}"
                + " and is all-in" * rest[3]
            )
        elif kind == "uncalled":
            lines.append(f"Uncalled bet ({_money(rest[1])}) returned to {seats[rest[0]]}")
        elif kind == "board":
            dealt = rest[0]
            name = {3: "FLOP", 4: "TURN", 5: "RIVER"}[dealt]
            before = f"[{_cards(board[: dealt - 1])}] " if dealt > 3 else ""
            lines.append(
                f"*** {name} *** {before}[{_cards(board[dealt - 1 if dealt > 3 else 0 : dealt])}]"
            )
        elif kind in ("show", "muck"):
            if not shown:
                lines.append("*** SHOW DOWN ***")
                shown = True
            if kind == "show":
                lines.append(f"{seats[rest[0]]}: shows [{_cards(holes[rest[0]])}] (a hand)")
            else:
                lines.append(f"{seats[rest[0]]}: mucks hand")
    # the pots, their winners, the rake from the main pot
    put_in = [hand.start[i] - hand.stacks[i] for i in range(count)]
    live = [i for i in range(count) if not hand.folded[i]]
    mucked = {e[1] for e in hand.events if e[0] == "muck"}
    pots: list[tuple[int, list[int]]] = []
    previous = 0
    for level in sorted(set(put_in)):
        amount = sum(min(p, level) - min(p, previous) for p in put_in)
        eligible = [i for i in live if put_in[i] >= level]
        if pots and pots[-1][1] == eligible:
            pots[-1] = (pots[-1][0] + amount, eligible)
        elif amount:
            pots.append((amount, eligible))
        previous = level
    total = sum(amount for amount, _ in pots)
    dealt = max((e[1] for e in hand.events if e[0] == "board"), default=0)
    rake = min(total * 5 // 100, 300) if dealt else 0
    collected: list[tuple[int, int, int]] = []
    for number_of_pot, (amount, eligible) in enumerate(pots):
        standing = [i for i in eligible if i not in mucked] or eligible
        if len(standing) > 1:
            values = {i: evaluate7(*holes[i], *board) for i in standing}
            top = max(values.values())
            winners = [i for i in standing if values[i] == top]
        else:
            winners = standing
        left = amount - (rake if number_of_pot == 0 else 0)
        share, odd = divmod(left, len(winners))
        for k, i in enumerate(sorted(winners, key=lambda i: order[i])):
            collected.append((i, share + (1 if k < odd else 0), number_of_pot))
    for i, amount, pot in collected:
        where = "pot" if len(pots) == 1 else ("main pot" if pot == 0 else f"side pot-{pot}")
        lines.append(f"{seats[i]} collected {_money(amount)} from {where}")
    lines.append("*** SUMMARY ***")
    lines.append(f"Total pot {_money(total)} | Rake {_money(rake)}")
    if dealt:
        lines.append(f"Board [{_cards(board[:dealt])}]")
    return "\n".join(lines) + "\n\n\n"


def write_pokerstars(path: Path, hands: int, seed: int = 1) -> int:
    """Write ``hands`` generated hands as PokerStars text to ``path``; the bytes written."""
    rng = random.Random(seed)
    names = player_names(random.Random(0))
    written = 0
    with path.open("w", encoding="utf-8") as out:
        batch: list[str] = []
        for number in range(1, hands + 1):
            batch.append(stars_text(rng, number, names))
            if len(batch) == 2000:
                written += out.write("".join(batch))
                batch = []
        written += out.write("".join(batch))
    return written


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
