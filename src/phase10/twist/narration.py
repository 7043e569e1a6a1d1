"""Sentences about a Twist game, for logs, the command line and user interfaces.

>>> from phase10.twist import new_game, TakePile
>>> state = new_game(["Ann", "Bob"], seed=3)
>>> describe(state, TakePile(1))
'Bob took G3 from discard pile 1'
"""

from __future__ import annotations

from ..actions import DrawStock, Hit, LayDown, LayGroup, NextHand
from ..phases import Phase
from ..text import meld_text
from .actions import ChooseSpace, DiscardOnto, DrawTwist, PlaySkip, TakePile, TwistAction
from .state import TwistHandResult, TwistState

__all__ = ["describe", "describe_end", "describe_phase", "describe_result"]


def _name(state: TwistState, seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(state.players):
        return "nobody"
    return state.players[seat].name


def describe_phase(state: TwistState, seat: int) -> str:
    """The phase ``seat`` makes this hand, and where it comes from."""
    player = state.players[seat]
    phase: Phase | None = state.target_phase(seat)
    if phase is None:
        return f"a choice to make on the Twist space {player.position}"
    if player.twist_card is not None:
        return f"Twist card {phase.number}: {phase.name}"
    return f"phase {phase.number}: {phase.name}"


def describe(state: TwistState, action: TwistAction) -> str:
    """One sentence saying what ``action`` does in ``state`` (the state before it)."""
    seat = state.current_player
    who = _name(state, seat)
    if isinstance(action, ChooseSpace):
        number = (
            state.rules.board.spaces[action.space]
            if 0 <= action.space < len(state.rules.board)
            else None
        )
        return f"{who} chose the phase of space {action.space} (phase {number})"
    if isinstance(action, DrawTwist):
        if not state.twist_deck:
            return f"{who} drew a Twist card"
        card = state.rules.twist_cards[state.twist_deck[0]]
        return f"{who} drew Twist card {card.number}: {card.name}"
    if isinstance(action, DrawStock):
        return f"{who} drew from the draw pile"
    if isinstance(action, TakePile):
        pile = state.discard_piles[action.pile]
        top = pile[-1] if pile else "nothing"
        return f"{who} took {top} from discard pile {action.pile}"
    if isinstance(action, LayDown):
        groups = " | ".join(meld_text(m) for m in action.melds)
        made = "a phase" if seat is None else describe_phase(state, seat)
        return f"{who} laid down {made} ({groups})"
    if isinstance(action, LayGroup):
        return f"{who} began laying down: {meld_text(action.meld)}"
    if isinstance(action, Hit):
        owner = "their own" if action.owner == seat else f"{_name(state, action.owner)}'s"
        melds = state.players[action.owner].melds if 0 <= action.owner < len(state.players) else ()
        group = melds[action.meld].describe() if 0 <= action.meld < len(melds) else "group"
        end = f" ({action.end.value} end)" if action.end is not None else ""
        return f"{who} hit {action.card} on {owner} {group}{end}"
    if isinstance(action, DiscardOnto):
        return f"{who} discarded {action.card} onto discard pile {action.pile}"
    if isinstance(action, PlaySkip):
        return f"{who} played a Skip on {_name(state, action.target)}"
    if isinstance(action, NextHand):
        return f"hand {state.hand_number + 1} is dealt"
    return f"{who}: {action!r}"


def _move(moved: int, space: int) -> str:
    if moved == 0:
        return f"stays on space {space}"
    if moved < 0:
        return f"moves back {-moved} to space {space}"
    return f"moves {moved} space{'s' if moved != 1 else ''} to space {space}"


def describe_result(state: TwistState, result: TwistHandResult) -> list[str]:
    """Lines telling how a hand ended: who went out, and each pawn's move."""
    out = (
        f"{_name(state, result.went_out)} went out"
        if result.went_out is not None
        else "the draw pile ran out"
    )
    lines = [f"Hand {result.hand_number}: {out}"]
    for seat, player in enumerate(state.players):
        made = "made the Twist card" if result.twist[seat] else "made the phase"
        did = (
            made
            if result.made[seat]
            else "missed " + ("the Twist card" if result.twist[seat] else "the phase")
        )
        finish = ", and finished!" if seat in result.finished else ""
        lines.append(
            f"  {player.name} {did}, +{result.points[seat]} penalty points; "
            f"{_move(result.moves[seat], result.positions[seat])}{finish}"
        )
    return lines


def describe_end(state: TwistState) -> str:
    """Who won a finished game."""
    if not state.winners:
        return "The game was cut short: no winner"
    names = " and ".join(state.players[s].name for s in state.winners)
    verb = "win" if len(state.winners) > 1 else "wins"
    return f"{names} {verb}: first to finish Phase 10 on the board"
