"""A hand's ``setup`` as a database of hands keeps it (JSON: what the replayer needs beyond the
actions, :mod:`~pokerscore.histories.database`): the one layout, whichever reader gave the hand
(:func:`hand_setup` from a :class:`~pokerscore.histories.model.HandHistory`; the PHH fast
reader's hands by column in :mod:`~pokerscore.histories.hand_log`)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any, Final

from pokerscore.histories.model import HandHistory

LEFT_OUT: Final = ("actions", "fields")
"""The hand's fields ``setup`` leaves out: the actions have their table; ``fields`` (the file's
own, as read) is not kept."""
SETUP_FIELDS: Final = tuple(
    item.name for item in dataclasses.fields(HandHistory) if item.name not in LEFT_OUT
)
"""The fields ``setup`` holds, in the hand's order."""
SETUP_FORMAT: Final = (
    "{{" + ",".join(f'"{name}":{{{name}}}' for name in (*SETUP_FIELDS, "action_extras")) + "}}"
)
"""The one layout of a hand's ``setup`` (a JSON object), whichever reader gave the hand: each
field's JSON text in its place (:func:`setup_text`; the PHH fast reader's hands,
:mod:`~pokerscore.histories.hand_log`)."""


def hand_setup(hand: HandHistory) -> str:
    """What the database keeps of a hand beside its actions' rows, as JSON: every field of the
    hand but its actions and the file's own fields, and the actions' fields the ``actions``
    table has no column for (``runout``, ``all_in``, ``discarded``), where they are set."""
    values: dict[str, object] = {name: getattr(hand, name) for name in SETUP_FIELDS}
    values["seats"] = [dataclasses.astuple(seat) for seat in hand.seats]
    extras: dict[str, list[Any]] = {
        str(index): [action.runout, action.all_in, _cards_text(action.discarded)]
        for index, action in enumerate(hand.actions)
        if action.runout or action.all_in or action.discarded
    }
    return setup_text(values, extras)


def setup_text(values: dict[str, Any], extras: dict[str, list[Any]]) -> str:
    """A hand's ``setup`` as the database keeps it: ``values`` (each of :data:`SETUP_FIELDS`,
    the seats as lists), then ``action_extras`` (the actions' fields the ``actions`` table has
    no column for, by index), in :data:`SETUP_FORMAT`."""
    encoded = {name: json.dumps(values[name], separators=(",", ":")) for name in SETUP_FIELDS}
    encoded["action_extras"] = json.dumps(extras, separators=(",", ":"))
    return SETUP_FORMAT.format_map(encoded)


def _cards_text(cards: Sequence[object]) -> str:
    return "".join("??" if card is None else str(card) for card in cards)
