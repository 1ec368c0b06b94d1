"""The sample hand files shipped in ``src/pokerscore/data/`` for the README's ``batch`` examples.

Regenerate them with ``python -m tests.make_samples`` (from the repository's root);
``tests/cli/test_readme.py`` checks that the shipped files are exactly what this script writes.
The hands are dealt with Python's own ``random`` and every class label of the UCI sample comes
from ``tests/reference.py``, the scorer written from the rules: nothing here asks pokerscore.
"""

from __future__ import annotations

import random
from pathlib import Path

from tests.reference import reference_key

DATA = Path(__file__).parents[1] / "src" / "pokerscore" / "data"

UCI_SAMPLE = "poker-hand-sample.data"
FIVE_CARDS = "hands/five-cards.txt"
SEVEN_CARDS = "hands/seven-cards.txt"
HISTORIES = "histories/six-max.phhs"
HISTORY_HANDS = 150
HISTORY_PLAYERS = ["Hero", "Alice", "Bruno", "Chen", "Dana", "Emeka", "Farah"]

UCI_ROWS = 1000
RARE_PER_CLASS = 6  # straights and better are rare in random deals: six of each are built
TEXT_ROWS = 500

# Card ids as tests/reference.py reads them: 4 * rank + suit, rank 0 = deuce .. 12 = ace.
RANKS = "23456789TJQKA"
SUITS = "cdhs"
# The UCI data set's numbering (its poker-hand.names): suits 1..4 = hearts, spades, diamonds,
# clubs; ranks 1 = ace, 2..10, 11 = jack, 12 = queen, 13 = king.
UCI_SUIT = {SUITS.index(letter): number for number, letter in enumerate("hsdc", start=1)}


def uci_rank(rank: int) -> int:
    """The data set's rank number of a rank 0 (deuce) .. 12 (ace)."""
    return 1 if rank == 12 else rank + 2


def uci_row(cards: list[int]) -> str:
    """``S1,C1,...,S5,C5,CLASS``: the class is the reference's category 0..9, which numbers the
    categories exactly as the data set does (0 nothing ... 9 royal flush)."""
    cells = [f"{UCI_SUIT[card % 4]},{uci_rank(card // 4)}" for card in cards]
    return ",".join([*cells, str(reference_key(cards)[0])])


def built_hand(rng: random.Random, category: int) -> list[int]:
    """Five cards of a rare category (4 straight .. 9 royal flush), in a random order."""
    while True:
        suit = rng.randrange(4)
        if category in (4, 8, 9):  # five ranks in a row; A-2-3-4-5 counts as one
            top = 12 if category == 9 else rng.randrange(3, 12)
            ranks = [12, 0, 1, 2, 3] if top == 3 else list(range(top - 4, top + 1))
            suits = [suit] * 5 if category != 4 else [rng.randrange(4) for _ in ranks]
            cards = [4 * rank + s for rank, s in zip(ranks, suits, strict=True)]
        elif category == 5:
            cards = [4 * rank + suit for rank in rng.sample(range(13), 5)]
        else:  # 6 full house, 7 four of a kind: two ranks, cards of them from the 52
            first, second = rng.sample(range(13), 2)
            cards = rng.sample([4 * r + s for r in (first, second) for s in range(4)], 5)
        if len(set(cards)) == 5 and reference_key(cards)[0] == category:
            rng.shuffle(cards)
            return cards


def uci_sample() -> str:
    """Random deals, plus six hands of each category from a straight up, shuffled."""
    rng = random.Random(158)  # the data set's number at the UCI repository
    rare = [built_hand(rng, category) for category in range(4, 10) for _ in range(RARE_PER_CLASS)]
    dealt = [rng.sample(range(52), 5) for _ in range(UCI_ROWS - len(rare))]
    hands = dealt + rare
    rng.shuffle(hands)
    return "".join(uci_row(cards) + "\n" for cards in hands)


def text_sample(size: int, seed: int) -> str:
    """Random hands of ``size`` cards, one a line, with a comment saying what they are."""
    rng = random.Random(seed)
    header = f"# {TEXT_ROWS} random hands of {size} cards, one a line (tests/make_samples.py).\n"
    lines = (
        " ".join(RANKS[card // 4] + SUITS[card % 4] for card in rng.sample(range(52), size))
        for _ in range(TEXT_ROWS)
    )
    return header + "".join(line + "\n" for line in lines)


def histories_sample() -> str:
    """Hands of a six-max table as PHH (``[n]`` tables): the benchmarks' simulator, seeded, with
    seven players (Hero among them) sitting in and out."""
    from benchmarks.histories_data import hand_text

    rng = random.Random(2026)
    return "".join(
        f"[{number}]\n{hand_text(rng, number, HISTORY_PLAYERS)}\n"
        for number in range(1, HISTORY_HANDS + 1)
    )


def samples() -> dict[str, str]:
    """Each sample file's path under ``src/pokerscore/data/`` and its text."""
    return {
        UCI_SAMPLE: uci_sample(),
        FIVE_CARDS: text_sample(5, seed=5),
        SEVEN_CARDS: text_sample(7, seed=7),
        HISTORIES: histories_sample(),
    }


def main() -> None:
    for name, text in samples().items():
        path = DATA / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="ascii", newline="\n")
        print(f"wrote {path} ({len(text.encode()):,} bytes)")


if __name__ == "__main__":
    main()
