"""Pay tables: the built-in tables, classes of final hands, pays, and user tables in TOML."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerscore.cards import FULL_DECK, Card, parse_cards
from pokerscore.engine import Category
from pokerscore.games.videopoker.paytables import (
    MAX_PAY,
    PAY_HANDS,
    PAYTABLES,
    PayClass,
    PayTable,
    PayTableError,
    as_paytable,
    get_paytable,
    load_paytable,
    paytable_toml,
    resolve_paytable,
)
from pokerscore.games.videopoker.paytables.toml_format import paytable_from_dict
from tests.reference import reference_key

JOB_CLASSES = (
    "nothing",
    "jacks-or-better",
    "two-pair",
    "three-of-a-kind",
    "straight",
    "flush",
    "full-house",
    "four-of-a-kind",
    "straight-flush",
    "royal-flush",
)


def machine_score(cards: tuple[Card, ...]) -> int:
    """Source 002's scorer: flush flag, straight flag, number of pairs, low rank, pair rank."""
    ranks = [(card.rank + 1) % 13 for card in cards]  # the machine's ranks: ace = 0 ... king = 12
    suits = [card.suit for card in cards]
    flush = all(suit == suits[0] for suit in suits)
    pairs, pair_rank = 0, -1
    for i in range(4):
        for j in range(i + 1, 5):
            if ranks[i] == ranks[j]:
                pairs += 1
                pair_rank = ranks[i]
    work = list(ranks)
    low, high = min(work), max(work)
    straight = pairs == 0 and high - low == 4
    if not straight and pairs == 0 and low == 0:  # an ace: try it high
        work = [13 if rank == 0 else rank for rank in work]
        low, high = min(work), max(work)
        straight = high - low == 4
    if flush and straight:
        return 9 if low == 9 else 8  # low rank 10 (ten, the machine's 9) = royal
    if pairs == 6:
        return 7
    if pairs == 4:
        return 6
    if flush:
        return 5
    if straight:
        return 4
    if pairs == 3:
        return 3
    if pairs == 2:
        return 2
    if pairs == 1 and (pair_rank == 0 or pair_rank >= 10):  # ace, jack, queen, king
        return 1
    return 0


def test_builtin_names() -> None:
    assert list(PAYTABLES) == [
        "jacks-or-better-9-6",
        "jacks-or-better-9-5",
        "jacks-or-better-8-6",
        "jacks-or-better-8-5",
        "jacks-or-better-7-5",
        "jacks-or-better-6-5",
        "bonus-poker-8-5",
        "double-bonus-10-7",
        "double-double-bonus-9-6",
        "deuces-wild",
        "not-so-ugly-ducks",
        "loose-deuces",
        "joker-poker-kings",
    ]


@pytest.mark.parametrize("name", [n for n in PAYTABLES if n.startswith("jacks")])
def test_jacks_or_better_classes_are_the_machines_0_to_9(name: str) -> None:
    table = get_paytable(name)
    assert table.classes == JOB_CLASSES
    full_house, flush = (int(part) for part in name.split("-")[-2:])
    pays = {table.class_name(i): table.per_coin(i, 1) for i in range(10)}
    assert pays == {
        "nothing": 0,
        "jacks-or-better": 1,
        "two-pair": 2,
        "three-of-a-kind": 3,
        "straight": 4,
        "flush": flush,
        "full-house": full_house,
        "four-of-a-kind": 25,
        "straight-flush": 50,
        "royal-flush": 250,
    }


def test_jacks_or_better_class_agrees_with_the_machine_scorer() -> None:
    table = get_paytable("jacks-or-better-9-6")
    rng = random.Random(2)
    for _ in range(3000):
        hand = tuple(rng.sample(FULL_DECK, 5))
        assert table.classify(hand) == machine_score(hand), hand
    for hand in ("Ah Kh Qh Jh Th", "Ah 2h 3h 4h 5h", "Jc Jd 2h 3s 4c", "Tc Td 2h 3s 4c"):
        cards = parse_cards(hand)
        assert table.classify(cards) == machine_score(cards)


def test_royal_pays_800_per_coin_only_at_five_coins() -> None:
    table = get_paytable("jacks-or-better-9-6")
    royal = table.class_index("royal-flush")
    assert [table.pay(royal, coins) for coins in range(1, 6)] == [250, 500, 750, 1000, 4000]
    flush = table.class_index("flush")
    assert [table.pay(flush, coins) for coins in range(1, 6)] == [6, 12, 18, 24, 30]
    with pytest.raises(PayTableError, match="1 to 5 coins"):
        table.pay(royal, 6)


@pytest.mark.parametrize(
    ("table", "hand", "name"),
    [
        ("bonus-poker-8-5", "Ac Ad Ah As 2c", "four-aces"),
        ("bonus-poker-8-5", "3c 3d 3h 3s Ac", "four-2-4"),
        ("bonus-poker-8-5", "5c 5d 5h 5s Ac", "four-5-k"),
        ("bonus-poker-8-5", "Kc Kd Kh Ks Ac", "four-5-k"),
        ("double-bonus-10-7", "4c 4d 4h 4s Kc", "four-2-4"),
        ("double-double-bonus-9-6", "Ac Ad Ah As 4c", "four-aces-with-2-4"),
        ("double-double-bonus-9-6", "Ac Ad Ah As 5c", "four-aces"),
        ("double-double-bonus-9-6", "2c 2d 2h 2s Ac", "four-2-4-with-a-4"),
        ("double-double-bonus-9-6", "2c 2d 2h 2s 4c", "four-2-4-with-a-4"),
        ("double-double-bonus-9-6", "2c 2d 2h 2s 5c", "four-2-4"),
        ("double-double-bonus-9-6", "9c 9d 9h 9s Ac", "four-5-k"),
        ("double-double-bonus-9-6", "9h Th Jh Qh Kh", "straight-flush"),
        ("double-double-bonus-9-6", "Ah Th Jh Qh Kh", "royal-flush"),
        ("double-double-bonus-9-6", "Jc Jd 2h 3s 4c", "jacks-or-better"),
        ("double-double-bonus-9-6", "Tc Td 2h 3s 4c", "nothing"),
    ],
)
def test_bonus_quads_by_rank_and_kicker(table: str, hand: str, name: str) -> None:
    paytable = get_paytable(table)
    assert paytable.class_name(paytable.classify(hand)) == name


def test_double_double_bonus_pays() -> None:
    table = get_paytable("double-double-bonus-9-6")
    pays = {name: table.per_coin(i) for i, name in enumerate(table.classes)}
    assert pays["four-aces-with-2-4"] == 400
    assert pays["four-2-4-with-a-4"] == 160
    assert pays["four-aces"] == 160
    assert pays["four-2-4"] == 80
    assert pays["four-5-k"] == 50
    assert pays["two-pair"] == 1


def test_unknown_name_lists_the_tables() -> None:
    with pytest.raises(PayTableError) as error:
        get_paytable("deuces-wilder")
    for name in PAYTABLES:
        assert name in str(error.value)


@pytest.mark.parametrize("name", list(PAYTABLES))
def test_toml_round_trip(name: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.toml"
    path.write_text(paytable_toml(PAYTABLES[name]), encoding="utf-8")
    assert load_paytable(path) == PAYTABLES[name]
    assert resolve_paytable(str(path)) == PAYTABLES[name]


GOOD = """
name = "tens-or-better"
[[classes]]
name = "tens-or-better"
hand = "one-pair"
ranks = "TJQKA"
pay = 1
[[classes]]
name = "royal"
hand = "royal-flush"
pay = [250, 250, 250, 250, 800]
"""


@pytest.mark.slow
def test_user_table_with_default_titles(tmp_path: Path) -> None:
    path = tmp_path / "tens.toml"
    path.write_text(GOOD, encoding="utf-8")
    table = load_paytable(path)
    assert table.title == "tens-or-better"
    assert table.classes == ("nothing", "tens-or-better", "royal")
    assert table.class_title(1) == "Tens or Better"
    assert table.classify("Tc Td 2h 3s 4c") == 1
    assert table.classify("9c 9d 2h 3s 4c") == 0
    assert table.classify("Ah Kh Qh Jh Th") == 2
    assert table.classify("9h Kh Qh Jh Th") == 0  # no straight-flush class: pays nothing


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('hand = "one-pair"', 'hand = "pair"'), 'unknown hand "pair"'),
        (('ranks = "TJQKA"', 'ranks = "TJQKX"'), '"X" is not a rank'),
        (("pay = 1", "pay = -1"), "pay must be"),
        (("pay = 1", "pay = [1, 2]"), "pay must be"),
        (("pay = 1", 'pay = "one"'), "pay must be"),
        (('name = "royal"', 'name = "tens-or-better"'), "reserved or repeated"),
        (('name = "royal"', 'name = "nothing"'), "reserved or repeated"),
        (('name = "royal"', 'name = "Royal Flush"'), "name must be"),
        (('hand = "royal-flush"', 'hand = "royal-flush"\nkickers = "A"'), "kickers apply only"),
        (('hand = "royal-flush"', 'hand = "royal-flush"\nranks = "A"'), "ranks apply only"),
        (('hand = "royal-flush"', 'hand = "royal-flush"\nbonus = 1'), 'unknown key "bonus"'),
        (("[[classes]]", "[[class]]"), 'unknown key "class"'),
        (("pay = 1", "pay = 1\n[broken"), "not valid TOML"),
    ],
)
def test_bad_user_tables_say_what_is_wrong(
    change: tuple[str, str], message: str, tmp_path: Path
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(GOOD.replace(*change, 1), encoding="utf-8")
    with pytest.raises(PayTableError, match=message) as error:
        load_paytable(path)
    assert str(path) in str(error.value)


def test_missing_file() -> None:
    with pytest.raises(PayTableError, match="no such pay table file"):
        load_paytable("/nonexistent/table.toml")


@pytest.mark.slow
@given(st.sampled_from([name for name, table in PAYTABLES.items() if not table.wild]), st.data())
def test_a_natural_hand_takes_the_last_rule_its_category_and_ranks_match(
    name: str, data: st.DataObject
) -> None:
    """The key tables against the rules read from the reference scorer's category and ranks."""
    table = PAYTABLES[name]
    cards = data.draw(st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True))
    category, ranks = reference_key(cards)
    counts = {rank: [card // 4 for card in cards].count(rank) for rank in ranks}
    main = max(counts, key=lambda rank: (counts[rank], rank))
    kicker = min(counts, key=lambda rank: (counts[rank], -rank))
    matching = [
        index
        for index, rule in enumerate(table.paying, 1)
        if (
            rule.hand.category == Category(category)
            or (rule.hand.category == Category.STRAIGHT_FLUSH and category == Category.ROYAL_FLUSH)
        )
        and (not rule.ranks or main in rule.ranks)
        and (not rule.kickers or kicker in rule.kickers)
    ]
    assert table.classify(Card(card) for card in cards) == (matching[-1] if matching else 0)


def documented_example(number: int, tmp_path: Path) -> PayTable:
    """The ``number``-th TOML example of docs/paytables.md (from 1), loaded from a file."""
    docs = Path(__file__).parents[3] / "docs" / "paytables.md"
    example = docs.read_text(encoding="utf-8").split("```toml\n")[number].split("```")[0]
    path = tmp_path / f"example-{number}.toml"
    path.write_text(example, encoding="utf-8")
    return load_paytable(path)


def test_the_documented_example_loads(tmp_path: Path) -> None:
    table = documented_example(1, tmp_path)
    assert table.name == "tens-or-better-6-5"
    assert table.class_name(table.classify("Ac Ad Ah As 3c")) == "four-aces"
    assert table.class_name(table.classify("Ac Ad Ah As 9c")) == "four-of-a-kind"
    assert table.class_name(table.classify("Tc Td 2h 3s 4c")) == "tens-or-better"
    assert table.pay(table.class_index("royal-flush"), 5) == 4000


# ---- hardening: what a file or a program may not give -------------------------------------------

TRICKY_TITLES = ["Pays [/] x", "Deuces [wild] 25/15", 'Say "hi" \\ back\\slash', "[bold]x[/bold]"]


def tricky_table(title: str) -> PayTable:
    """A table whose title and class titles hold TOML and Rich markup characters."""
    return PayTable(
        "tricky",
        title,
        (
            PayClass("two-pair", f"Two {title}", PAY_HANDS["two-pair"], (2, 2, 2, 2, 2)),
            PayClass("royal", title, PAY_HANDS["royal-flush"], (250, 250, 250, 250, MAX_PAY)),
        ),
    )


@pytest.mark.parametrize("title", TRICKY_TITLES)
def test_toml_round_trip_escapes_quotes_and_backslashes(title: str, tmp_path: Path) -> None:
    table = tricky_table(title)
    path = tmp_path / "tricky.toml"
    path.write_text(paytable_toml(table), encoding="utf-8")
    assert load_paytable(path) == table


@pytest.mark.parametrize("pay", [MAX_PAY + 1, 10**9, 10**18, 10**30])
def test_pays_beyond_the_exact_arithmetic_are_refused_at_load(pay: int, tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    path.write_text(GOOD.replace("pay = 1", f"pay = {pay}", 1), encoding="utf-8")
    with pytest.raises(PayTableError, match="pay must be one whole number from 0 to 1,000,000"):
        load_paytable(path)
    assert load_paytable(_written(tmp_path, GOOD.replace("pay = 1", f"pay = {MAX_PAY}", 1)))


def _written(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "table.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_table_made_in_python_is_checked_too() -> None:
    with pytest.raises(PayTableError, match="pay must be"):
        PayClass("big", "Big", PAY_HANDS["flush"], (1, 1, 1, 1, 10**18))
    with pytest.raises(PayTableError, match="pay must be"):
        PayClass("big", "Big", PAY_HANDS["flush"], (1, 1, 1, 1, -1))
    with pytest.raises(PayTableError, match="title must be printable"):
        PayClass("big", "Big\x1b[31m", PAY_HANDS["flush"], (1, 1, 1, 1, 1))
    flush = PayClass("flush", "Flush", PAY_HANDS["flush"], (6, 6, 6, 6, 6))
    with pytest.raises(PayTableError, match="1 to 127 paying classes"):
        PayTable("empty", "Empty", ())
    with pytest.raises(PayTableError, match="reserved or repeated"):
        PayTable("twice", "Twice", (flush, flush))


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'name = "x"\n\xff\xfe title = 1\n', r"not UTF-8 text \(byte 12, line 2\)"),
        (bytes(range(256)), "not UTF-8 text"),
        (b"\x00\x01\x02", "not valid TOML"),
    ],
)
def test_binary_and_non_utf8_files_are_one_error(
    content: bytes, message: str, tmp_path: Path
) -> None:
    path = tmp_path / "binary.toml"
    path.write_bytes(content)
    with pytest.raises(PayTableError, match=message):
        load_paytable(path)


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + GOOD.encode())
    assert load_paytable(path).name == "tens-or-better"


def test_anything_but_a_table_or_a_name_is_refused() -> None:
    for bad in (None, 3, b"jacks-or-better-9-6"):
        with pytest.raises(PayTableError, match="a pay table is a PayTable"):
            as_paytable(bad)


def nested(depth: int) -> list[object]:
    value: list[object] = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    "text",
    [
        "name = " + "[" * 5000 + "]" * 5000 + "\n",  # deeper than the TOML reader goes
        "a = " + "{b = " * 3000 + "1" + "}" * 3000 + "\n",
        GOOD.replace("pay = 1", "pay = " + "[" * 300 + "1" + "]" * 300, 1),  # read, too deep
    ],
)
def test_a_deeply_nested_file_is_one_error(text: str, tmp_path: Path) -> None:
    path = _written(tmp_path, text)
    with pytest.raises(PayTableError, match="nested more than 16 levels deep") as error:
        load_paytable(path)
    assert str(path) in str(error.value) and "\n" not in str(error.value)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("pay = 1", "pay = " + "1" * 5000), "a number of thousands of digits"),
        (("pay = 1", "pay = 0x" + "f" * 5000), "got an integer of 6,021 digits"),
        (("pay = 1", "pay = [0x" + "f" * 5000 + ", 1]"), r"got \[an integer of 6,021 digits"),
        (('name = "tens-or-better"', 'name = "x"\nwild = [1]'), "wild must be one of"),
    ],
)
def test_odd_values_are_one_error(change: tuple[str, str], message: str, tmp_path: Path) -> None:
    with pytest.raises(PayTableError, match=message):
        load_paytable(_written(tmp_path, GOOD.replace(*change, 1)))


@pytest.mark.slow
def test_a_deeply_nested_value_made_in_python_is_refused() -> None:
    with pytest.raises(PayTableError, match=r"wild must be one of .*\[\[\["):
        paytable_from_dict({"name": "x", "wild": nested(100_000), "classes": []})
