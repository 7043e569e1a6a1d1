"""The "Partial phasing" house rule (V-15, ``[GH-UNOBOT]``): a phase laid a group at a time.

Under ``Rules.partial_phasing`` a :class:`~phase10.LayGroup` puts its group on
the table at once, in any turn, instead of holding it in hand until the whole
phase goes down in the same turn (R-5.4): cards on the table score nothing
(R-11.1), so a player who cannot make the whole phase still sheds points. The
groups may be laid in any order, over several turns; each must leave enough
cards for the groups still missing and a discard (R-10.2), but the rest of the
phase need not be in hand yet. The :class:`~phase10.LayDown` that adds the last
group completes the phase (R-5.8); only then may the player hit (R-6.2 is
kept: the partial groups are not extended by their owner before). Other
players may hit a partial group like any group on the table. Groups still
short of a phase at the end of the hand stay unscored, but the phase is not
completed (R-12.1).

A player's partial groups are their :attr:`PlayerState.melds
<phase10.PlayerState.melds>` while :attr:`~phase10.PlayerState.laid_down` is
false; :attr:`~phase10.PlayerState.phase_attempted` names their phase.
"""

from __future__ import annotations

from ..cards import Card
from ..melds import Meld
from ..phases import Phase
from ..state import GameState, replace
from .common import with_player

__all__ = ["partial_groups", "put_on_table", "table_melds_kept"]


def partial_groups(state: GameState, seat: int) -> tuple[Meld, ...]:
    """The groups of its phase ``seat`` has put on the table so far this hand."""
    player = state.players[seat]
    if not state.rules.partial_phasing or player.laid_down:
        return ()
    return player.melds


def put_on_table(
    state: GameState, seat: int, phase: Phase, hand: tuple[Card, ...], melds: tuple[Meld, ...]
) -> GameState:
    """``seat`` keeps ``hand`` and has ``melds`` of ``phase`` on the table, phase not yet made."""
    player = replace(state.players[seat], hand=hand, melds=melds, phase_attempted=phase.number)
    return replace(state, players=with_player(state.players, seat, player), lost_turns=())


def table_melds_kept(table: tuple[Meld, ...], melds: tuple[Meld, ...]) -> list[Meld] | None:
    """The groups of ``melds`` that are not among ``table``, or ``None`` if one of
    ``table`` is missing (a lay-down must keep the groups already down)."""
    rest = list(melds)
    for meld in table:
        if meld not in rest:
            return None
        rest.remove(meld)
    return rest
