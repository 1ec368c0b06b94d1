"""``_support.slots.slot_init``: the same objects, parameters and defaults as the dataclass's
own ``__init__``."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from pokerscore._support.slots import slot_init
from pokerscore.histories.model import Action, HandHistory, Seat

_Fast = slot_init(
    dataclasses.make_dataclass(
        "_Fast",
        [("a", int), ("b", str, "x"), ("c", dict, dataclasses.field(default_factory=dict))],
        frozen=True,
        slots=True,
    )
)


def test_the_fields_are_stored_as_the_dataclass_stores_them() -> None:
    fast = _Fast(1, "y", {"k": 2})
    assert (fast.a, fast.b, fast.c) == (1, "y", {"k": 2})
    assert _Fast(a=3) == _Fast(3, "x", {})
    assert _Fast(1).c is not _Fast(1).c  # the factory is called each time
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.a = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        _Fast()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        _Fast(1, "x", {}, 4)  # type: ignore[call-arg]


@pytest.mark.parametrize("cls", [Action, Seat, HandHistory])
def test_the_models_parameters_are_the_dataclass_ones(cls: type) -> None:
    expected = []
    for field in dataclasses.fields(cls):
        if field.default is not dataclasses.MISSING:
            default = repr(field.default)
        elif field.default_factory is not dataclasses.MISSING:
            default = "<factory>"  # as the dataclass's own signature shows it
        else:
            default = repr(inspect.Parameter.empty)
        expected.append((field.name, default))
    parameters = inspect.signature(cls).parameters.values()
    assert [(p.name, repr(p.default)) for p in parameters] == expected
    assert all(p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD for p in parameters)


def test_an_action_holds_what_it_is_given() -> None:
    action = Action("bet-raise", 1, 25, (), 0, 12, all_in=True)
    assert dataclasses.astuple(action) == ("bet-raise", 1, 25, (), 0, 12, "", True, ())
    assert action == Action(kind="bet-raise", actor=1, amount=25, line=12, all_in=True)


def test_what_it_cannot_speed_up_is_refused() -> None:
    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        a: int

    @dataclasses.dataclass(slots=True)
    class NotFrozen:
        a: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Later:
        a: int

        def __post_init__(self) -> None:
            pass

    @dataclasses.dataclass(frozen=True, slots=True)
    class KeywordOnly:
        a: int = dataclasses.field(kw_only=True)

    for cls in (NoSlots, NotFrozen, Later, KeywordOnly, object):
        with pytest.raises(TypeError):
            slot_init(cls)
