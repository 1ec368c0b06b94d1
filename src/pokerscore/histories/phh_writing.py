"""Hands written out as PHH, whatever site they were read from: every hand of some files as
``.phhs`` files, one per source file (:func:`export_phh`), each hand's table written by
:meth:`HandHistory.to_phh <pokerscore.histories.model.HandHistory.to_phh>` (``model.phh_text``).

Every field of the PHH standard (pokerkit's ``notation.py``) that the hand knows is written:
``variant``, ``ante_trimming_status``, ``antes``, ``blinds_or_straddles`` (stud: ``bring_in``),
``min_bet`` (or ``small_bet`` and ``big_bet``), ``starting_stacks``, ``actions``, ``venue``,
``hand``, ``table``, ``currency``, ``event``, ``seats``, ``players``, ``winnings``,
``finishing_stacks``,
and the date and time (``year``, ``month``, ``day``, ``time``, ``time_zone``) that a PHH hand
carried or that a PokerStars header gives; the rake and the pot the site reports, which the
standard has no field for, as the user-defined ``_rake`` and ``_total_pot`` (the standard's
leading underscore). Amounts are written in chips, exactly as the file wrote them, but for a
small or big blind short all in: written at the stakes' size, the post being what the stack
holds (pokerkit's rule), so that the stakes read back (the first two blinds) are the hand's. A
hand where no small blind was posted reads back with the big blind as its small one: PHH has no
field for the stakes.

Every player is dealt before the first move, ``????`` (``??`` a card) where the file never shows
the cards, as PHH wants; cards a site reveals later are written where they are dealt. The
showdown is written as the replay takes it, so any reader of the standard pays what it pays: no
show after every player but one has folded, one show a player (the last), and the hands known
but never shown (iPoker's, a community-card game's) shown at the end. A stud
hand (``F7S``, ``F7S/8``, ``FR``) has ``bring_in`` for the blinds and each street's cards dealt
where they were, as pokerkit writes them (no card marked up or down: by place, a player's
second to sixth are up), the bring-in ``pb``, the completion a ``cbr``, a short deck's shared
last card ``d db``. What PHH
cannot say is refused with a :class:`~pokerscore.histories.model.HandHistoryError`: a board run
more than once, an all-in cash-out (it changes the result).

The standard defines eleven variant codes (:data:`~pokerscore.histories.phh.STANDARD_VARIANTS`).
A hand of another game that the PHH reader here reads (``PT`` pot-limit hold'em, ``NO``, ``FO``,
``PO/8`` …: the standard's letters put together) is written all the same, counted by code in
:attr:`PhhExport.beyond_standard` (``--to-phh`` says so): left out, the hand would be lost, and
pokerscore reads it back to the same rows; pokerkit loads the file (``HandHistory.load_all``
reads every table) but has no game to replay such a hand in (a ``KeyError`` naming the code when
that hand is iterated; the file's other hands replay). A code the reader here does not read
(``P5O``, five-card Omaha) is refused: PHH has no notation for it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pokerscore._support.atomic import atomic_path, check_target
from pokerscore._support.errors import ParameterError, expect
from pokerscore.files.finding import refuse_inputs
from pokerscore.histories.model import HandHistoryError, phh_text
from pokerscore.histories.phh import STANDARD_VARIANTS, variant_rules
from pokerscore.histories.reading import FileFormat, _check_options, history_files, read_file


@dataclass
class PhhExport:
    """What :func:`export_phh` wrote: the files, the hands written, the hands not written (the
    errors of those that could not be read or said in PHH)."""

    files: list[Path] = field(default_factory=list)
    hands: int = 0
    skipped: list[HandHistoryError] = field(default_factory=list)
    beyond_standard: dict[str, int] = field(default_factory=dict)
    """The hands written in a variant the standard has no code for, by code (``{"PO/8": 3}``):
    read back here, not replayed by pokerkit."""


def _targets(files: Sequence[Path], folder: Path) -> list[Path]:
    """``folder/NAME.phhs`` for each source file, a name taken twice numbered ``NAME-2`` …"""
    taken: set[str] = set()
    targets = []
    for path in files:
        stem = path.stem
        name = f"{stem}.phhs"
        number = 1
        while name.lower() in taken:
            number += 1
            name = f"{stem}-{number}.phhs"
        taken.add(name.lower())
        targets.append(folder / name)
    return targets


def export_phh(
    paths: Sequence[str | os.PathLike[str]],
    folder: str | os.PathLike[str],
    *,
    file_format: FileFormat = "auto",
) -> PhhExport:
    """Write every hand of ``paths`` (files, folders, globs) that can be read into ``folder`` as
    PHH: one ``NAME.phhs`` per source file (a name two sources share numbered ``NAME-2`` …),
    each hand under its own number (``[n]``), each file written atomically. A target that
    exists is never replaced (a :class:`ParameterError` naming ``folder`` before anything is
    written), nor is any input. A hand that cannot be read or said in PHH is left out, its
    error in :attr:`PhhExport.skipped`.

    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     source = Path(folder, "one.phh")
    ...     _ = source.write_text("variant = 'NT'\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\n"
    ...                           "min_bet = 2\\nstarting_stacks = [50, 50]\\nactions = ['p2 f']\\n")
    ...     done = export_phh([source], Path(folder, "out"))
    ...     [path.name for path in done.files], done.hands
    (['one.phhs'], 1)
    """
    _check_options(file_format)
    expect(folder, (str, os.PathLike), "folder", "a folder's path")
    files = history_files(paths)
    out = Path(folder)
    if out.exists() and not out.is_dir():
        raise ParameterError("{name} must be a folder, not a file", "folder")
    targets = _targets(files, out)
    for target in targets:
        refuse_inputs(target, files, "folder")
        if target.exists():
            raise ParameterError(
                f"{{name}} holds {target.name} already: it is not replaced", "folder"
            )
        check_target(target)
    out.mkdir(parents=True, exist_ok=True)
    done = PhhExport()
    for source, target in zip(files, targets, strict=True):
        with atomic_path(target) as temporary, temporary.open("w", encoding="utf-8") as stream:
            for text in _tables(source, file_format, done):
                stream.write(text)
        done.files.append(target)
    return done


def _tables(source: Path, file_format: FileFormat, done: PhhExport) -> Iterator[str]:
    first = True
    for hand in read_file(source, file_format):
        if isinstance(hand, HandHistoryError):
            done.skipped.append(hand)
            continue
        try:
            variant_rules(hand.variant)  # a code the reader here reads back
        except HandHistoryError:
            reason = f"a variant PHH has no notation for: {hand.variant!r}"
            done.skipped.append(hand.error(reason))
            continue
        try:
            text = phh_text(hand)
        except HandHistoryError as error:
            done.skipped.append(error)
            continue
        if hand.variant not in STANDARD_VARIANTS:
            done.beyond_standard[hand.variant] = done.beyond_standard.get(hand.variant, 0) + 1
        yield ("" if first else "\n") + f"[{hand.number}]\n" + text
        first = False
        done.hands += 1
