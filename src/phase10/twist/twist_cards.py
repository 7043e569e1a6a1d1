"""The Twist cards: ten cards, each showing a phase to make for double movement (T-1.3).

The box holds ten Twist cards ``[BGC]``, but only one of their phases is recorded
anywhere: "a run of 9 in alternating colours" ``[SEED-ES0]``. So
:data:`TWIST_CARDS` is the library's list, a plain tuple of
:class:`~phase10.Phase` values numbered 1 to 10, and any other list can be passed
as :attr:`TwistRules.twist_cards <phase10.twist.TwistRules.twist_cards>`: the
engine, the solver, the bots and the JSON documents take any group kinds.

The attested card is card 3, a run of 9 in alternating colours
(:class:`~phase10.AltColorRunOf`); :func:`with_card` makes any other list from
this one:

>>> TWIST_CARDS[2].name
'1 run of 9 in alternating colors'
>>> from phase10 import SetOf
>>> [p.name for p in with_card(TWIST_CARDS, 3, SetOf(6), SetOf(3))[1:4]]
['9 cards of one color', '1 set of 6 + 1 set of 3', '4 sets of 2']
"""

from __future__ import annotations

from ..errors import InvalidRulesError
from ..extra_kinds import AltColorRunOf, ColorRunOf
from ..limits import show
from ..melds import ColorOf, Requirement, RunOf, SetOf
from ..phases import Phase

__all__ = ["TWIST_CARDS", "with_card"]


def _card(number: int, *requirements: Requirement) -> Phase:
    return Phase(number, requirements)


TWIST_CARDS: tuple[Phase, ...] = (
    _card(1, SetOf(3), SetOf(3), SetOf(3)),
    _card(2, ColorOf(9)),
    _card(3, AltColorRunOf(9)),
    _card(4, SetOf(2), SetOf(2), SetOf(2), SetOf(2)),
    _card(5, SetOf(4), RunOf(5)),
    _card(6, RunOf(4), ColorOf(4)),
    _card(7, RunOf(10)),
    _card(8, SetOf(4), SetOf(5)),
    _card(9, ColorRunOf(4), SetOf(3)),
    _card(10, SetOf(5), RunOf(5)),
)
"""The library's ten Twist cards (T-1.3), harder than the board's phases.

Card 3 is the one attested card, "a run of 9 in alternating colours"
``[SEED-ES0]``. Cards 1
and 2 take the two phases a how-to page gives for Twist ``[OURPASTIMES-TW]``
(which it mistakes for the board's); cards 4, 5, 7, 8 and 10 come from the
"Phase 10 + 10" list (``[PAGAT]``, RULES.md L.1), card 6 mixes a run and a colour
group as that list's phase 14 does, and card 9 uses a run of one colour (L.3).
"""


def with_card(
    cards: tuple[Phase, ...], number: int, *requirements: Requirement
) -> tuple[Phase, ...]:
    """``cards`` with card ``number`` (from 1) showing ``requirements`` instead.

    Used to make any house list from the default one.
    """
    if type(number) is not int or not 1 <= number <= len(cards):
        raise InvalidRulesError(
            f"there is no Twist card {show(number)} (cards 1-{len(cards)})", "twist_cards"
        )
    index = number - 1
    return (*cards[:index], Phase(number, requirements), *cards[index + 1 :])
