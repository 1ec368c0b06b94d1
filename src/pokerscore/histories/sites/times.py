"""A hand's time as a site writes it (``2024/03/05 21:14:07 ET``), into the ISO 8601 text of
:attr:`~pokerscore.histories.model.HandHistory.time`: with the offset of the zone the site
names (daylight saving time as that zone kept it that day), without one where it names none.

>>> site_time("2024/03/05 21:14:07 ET")
'2024-03-05T21:14:07-05:00'
>>> site_time("2020/05/06 22:23 UTC")
'2020-05-06T22:23:00+00:00'
>>> site_time("2021/04/09 01:02:03") is None, site_time("2021/04/09 01:02:03", zone="")
(True, '2021-04-09T01:02:03')
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Final
from zoneinfo import ZoneInfo

ZONES: Final = {
    "ET": "America/New_York",
    "EST": "America/New_York",
    "EDT": "America/New_York",
    "CT": "America/Chicago",
    "MT": "America/Denver",
    "PT": "America/Los_Angeles",
    "AT": "America/Halifax",
    "BRT": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires",
    "UTC": "UTC",
    "GMT": "UTC",
    "WET": "Europe/Lisbon",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "EET": "Europe/Helsinki",
    "MSK": "Europe/Moscow",
    "IST": "Asia/Kolkata",
    "CCT": "Asia/Shanghai",
    "JST": "Asia/Tokyo",
    "KST": "Asia/Seoul",
    "AWST": "Australia/Perth",
    "ACST": "Australia/Adelaide",
    "AEST": "Australia/Sydney",
    "NZT": "Pacific/Auckland",
}
"""The zones the sites name, by the abbreviation they write (PokerStars writes ``CET`` and
``ET`` the year round: the zone's own daylight saving time applies)."""

TIME: Final = re.compile(
    r"(?P<year>[0-9]{4})[/-](?P<month>[0-9]{1,2})[/-](?P<day>[0-9]{1,2})(?: -)?[ T]"
    r"(?P<hour>[0-9]{1,2}):(?P<minute>[0-9]{2})(?::(?P<second>[0-9]{2}))?"
    r"(?: \(?(?P<zone>[A-Z]{2,4})\)?)?"
)
"""A date and time as sites write them: ``2024/03/05 21:14:07 ET``, ``2020/05/06 22:23 UTC``
(minutes only), ``2008/08/17 - 01:14:43 (ET)``, ``2021-04-09 01:02:03``."""


def site_time(text: str, *, zone: str | None = None) -> str | None:
    """The first date and time in ``text`` as ISO 8601, in the zone written after it (or
    ``zone``, an abbreviation of :data:`ZONES`; ``""``: no zone, the time as written); None
    where there is no date, or no zone known."""
    found = TIME.search(text)
    if found is None:
        return None
    return iso_time(
        int(found["year"]),
        int(found["month"]),
        int(found["day"]),
        int(found["hour"]),
        int(found["minute"]),
        int(found["second"] or 0),
        found["zone"] if zone is None else zone,
    )


def iso_time(
    year: int, month: int, day: int, hour: int, minute: int, second: int, zone: str | None
) -> str | None:
    """A time as ISO 8601 in a zone of :data:`ZONES` (``""``: no zone, no offset written);
    None for a zone not known or a date that is none."""
    try:
        moment = datetime(year, month, day, hour, minute, second)
    except ValueError:
        return None
    if zone == "":
        return moment.isoformat()
    if zone not in ZONES:
        return None
    name = ZONES[zone]
    place = UTC if name == "UTC" else ZoneInfo(name)
    return moment.replace(tzinfo=place).isoformat()
