"""Phase 10 Dice: one test per rule clause, named by its D-id (docs/dice.rst).

Rolls are rigged with :class:`~phase10.dice.Roll` faces (``rigged``), so every
test knows the dice it plays with. The standard dice (index: faces) are::

    0 B5 G6 Y7 R8 B9 G10     4 B5 G6 Y7 R8 B9 G10     8 Y1 R2 B3 G4 YW BW
    1 G5 Y6 R7 B8 G9 Y10     5 Y5 R6 B7 G8 Y9 R10     9 R1 B2 G3 Y4 RW GW
    2 Y5 R6 B7 G8 Y9 R10     6 B1 G2 Y3 R4 BW YW
    3 R5 B6 G7 Y8 R9 B10     7 G1 Y2 R3 B4 GW RW
"""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from dice_helpers import assert_illegal, faces_for, play, player, rigged, table
from phase10 import (
    COLORS,
    STANDARD_PHASES,
    ColorOf,
    IllegalReason,
    InvalidRulesError,
    Phase,
    RunOf,
    SetOf,
)
from phase10.dice import (
    DICE_PHASES,
    STANDARD_DICE,
    Bonus,
    Declare,
    DiceRules,
    DiceStage,
    Die,
    EndTurn,
    Keep,
    Release,
    Roll,
    action_to_text,
    apply,
    declaration_problem,
    legal_actions,
    new_game,
    parse_action,
    parse_faces,
    player_view,
    rolled_faces,
    to_json,
)

ONE_SET = DiceRules(phases=(Phase(1, (SetOf(3),)),))
"""A one-phase game: a set of 3 ends it."""


# ---------------------------------------------------------------------------
# D-1: the dice
# ---------------------------------------------------------------------------


def test_d1_1_six_high_dice_show_5_to_10() -> None:
    """D-1.1: ten dice; six of them show 5 to 10."""
    assert len(STANDARD_DICE) == 10
    for die in STANDARD_DICE[:6]:
        assert sorted(face.number or 0 for face in die.faces) == [5, 6, 7, 8, 9, 10]


def test_d1_2_four_low_dice_show_1_to_4_and_two_wilds() -> None:
    """D-1.2: four dice show 1, 2, 3, 4 and two Wild faces."""
    for die in STANDARD_DICE[6:]:
        numbers = [face.number for face in die.faces]
        assert numbers[:4] == [1, 2, 3, 4]
        assert numbers[4:] == [None, None]


def test_d1_3_faces_have_colours_wilds_too_in_the_documented_layout() -> None:
    """D-1.3: every face, Wilds too, has one of four colours; each die shows all four,
    each colour has 15 faces of which two are Wilds; dice are data (option ``dice``)."""
    faces = [face for die in STANDARD_DICE for face in die.faces]
    assert Counter(face.color for face in faces) == dict.fromkeys(COLORS, 15)
    assert Counter(face.color for face in faces if face.is_wild) == dict.fromkeys(COLORS, 2)
    for die in STANDARD_DICE:
        assert {face.color for face in die.faces} == set(COLORS)
    assert str(STANDARD_DICE[0]) == "B5 G6 Y7 R8 B9 G10"
    assert str(STANDARD_DICE[6]) == "B1 G2 Y3 R4 BW YW"
    coin = Die.parse("RW R1")
    rules = DiceRules(dice=(coin,) * 6, phases=(Phase(1, (SetOf(3),)),))
    state = apply(new_game(1, seed=2, rules=rules), Roll())
    assert all(face in coin.faces for face in state.dice)


def test_d1_3_the_sheets_colour_example_can_be_rolled() -> None:
    """D-1.3: the sheet's example of "7 all one colour", 2, 4, W, 5, 8, 9 and 10 of one
    colour ``[F-DICE]``, is a roll the library's dice can show (in blue), and makes Phase 8
    with its own-colour Wild (D-3.4)."""
    example = {2, 4, None, 5, 8, 9, 10}
    rollable = []
    for color in COLORS:
        # Which dice can show each face of the example in this colour.
        options = [
            [
                i
                for i, die in enumerate(STANDARD_DICE)
                if any(f.number == n and f.color is color for f in die.faces)
            ]
            for n in sorted(example, key=lambda n: -1 if n is None else n)
        ]
        if _distinct_choice(options):
            rollable.append(color)
    assert rollable
    state = rigged(new_game(1, seed=1), "B5 B8 R10 B10 B9 Y5 BW B4 Y1 B2")
    group = (0, 1, 3, 4, 6, 7, 9)
    assert sorted(f.number or 0 for f in (state.dice[i] for i in group)) == [0, 2, 4, 5, 8, 9, 10]
    assert declaration_problem(state.dice, (group,), DICE_PHASES[7], DiceRules()) is None


def _distinct_choice(options: list[list[int]], used: frozenset[int] = frozenset()) -> bool:
    """Whether each list can give a different die (a tiny matching search)."""
    if not options:
        return True
    return any(_distinct_choice(options[1:], used | {die}) for die in options[0] if die not in used)


def test_d1_4_one_to_eight_players_by_default() -> None:
    """D-1.4: one or more players (solitaire is played); the library allows 1-8 by default."""
    assert len(new_game(1, seed=1).players) == 1
    assert len(new_game(8, seed=1).players) == 8
    with pytest.raises(InvalidRulesError):
        new_game(9, seed=1)
    with pytest.raises(InvalidRulesError):
        new_game(0, seed=1)
    assert len(new_game(9, seed=1, rules=DiceRules(max_players=9)).players) == 9


# ---------------------------------------------------------------------------
# D-2: a turn
# ---------------------------------------------------------------------------


def test_d2_1_a_turn_begins_with_all_dice_and_has_three_rolls() -> None:
    """D-2.1: the first roll is of all ten dice; three rolls in all (option ``rolls``)."""
    state = new_game(2, seed=4)
    assert legal_actions(state) == (Roll(),)
    assert_illegal(state, Keep(0), IllegalReason.WRONG_STAGE)
    assert_illegal(state, EndTurn(), IllegalReason.WRONG_STAGE)
    state = apply(state, Roll())
    assert len(state.dice) == 10
    state = play(state, Roll(), Roll())
    assert state.rolls == 3
    assert_illegal(state, Roll(), IllegalReason.NO_ROLLS_LEFT)
    assert Roll() not in legal_actions(state)
    two = play(new_game(2, seed=4, rules=DiceRules(rolls=2)), Roll(), Roll())
    assert_illegal(two, Roll(), IllegalReason.NO_ROLLS_LEFT)


def test_d2_2_kept_dice_are_not_rolled_again() -> None:
    """D-2.2: dice set aside stay as they are; the next roll rolls the others."""
    state = rigged(new_game(2, seed=4), "10 10 10 5 6 7 1 2 3 4")
    state = apply(state, Keep((0, 1, 2)))
    assert state.kept == (0, 1, 2)
    assert state.free == (3, 4, 5, 6, 7, 8, 9)
    rolled = rolled_faces(state)
    assert len(rolled) == 7
    after = apply(state, Roll())
    assert after.dice[:3] == state.dice[:3]
    assert after.dice[3:] == rolled
    assert_illegal(state, Keep(1), IllegalReason.BAD_DICE)
    assert_illegal(state, Keep((3, 3)), IllegalReason.BAD_DICE)
    assert_illegal(state, Keep(10), IllegalReason.BAD_DICE)
    everything = apply(state, Keep((3, 4, 5, 6, 7, 8, 9)))
    assert_illegal(everything, Roll(), IllegalReason.NOTHING_TO_ROLL)
    assert Roll() not in legal_actions(everything)


def test_d2_3_kept_dice_may_be_taken_back_and_rolled() -> None:
    """D-2.3: dice set aside may be taken back (released) and rolled again."""
    state = rigged(new_game(2, seed=4), "10 10 10 5 6 7 1 2 3 4")
    state = play(state, Keep((0, 1, 2)), Release(1))
    assert state.kept == (0, 2)
    assert_illegal(state, Release(1), IllegalReason.BAD_DICE)
    after = rigged(state, "9 9 9 9 W W W W")
    assert after.dice[1].number == 9
    assert after.dice[0].number == 10
    spent = play(after, Roll())
    assert_illegal(spent, Keep(3), IllegalReason.NO_ROLLS_LEFT)
    assert_illegal(spent, Release(0), IllegalReason.NO_ROLLS_LEFT)
    assert not any(isinstance(a, (Keep, Release)) for a in legal_actions(spent))


def test_d2_4_turns_pass_up_the_seats_from_the_first_player() -> None:
    """D-2.4: ``first`` plays first, then the next seats in order."""
    state = new_game(3, seed=4, first=2)
    seen = []
    for _ in range(4):
        seen.append(state.current_player)
        state = play(state, Roll(), EndTurn())
    assert seen == [2, 0, 1, 2]
    with pytest.raises(InvalidRulesError):
        new_game(3, seed=4, first=3)


def test_d2_5_rolls_come_from_the_seed_or_from_the_caller() -> None:
    """D-2.5: a roll without faces is fixed by the seed, the turn and the roll number;
    a caller may supply the faces, which must be faces of the dice rolled."""
    a = play(new_game(2, seed=11), Roll(), Keep(0), Roll())
    b = play(new_game(2, seed=11), Roll(), Keep(0), Roll())
    assert a == b
    assert a.dice != play(new_game(2, seed=12), Roll(), Keep(0), Roll()).dice
    state = new_game(2, seed=11)
    assert apply(state, Roll()).dice == rolled_faces(state)
    given = faces_for(state, "5 5 5 5 5 5 1 1 1 1")
    assert apply(state, Roll(given)).dice == given
    assert_illegal(state, Roll(given[:9]), IllegalReason.BAD_ROLL)
    assert_illegal(state, Roll(parse_faces("R7") + given[1:]), IllegalReason.BAD_ROLL)


# ---------------------------------------------------------------------------
# D-3: groups
# ---------------------------------------------------------------------------


def test_d3_1_a_set_is_one_number_and_wilds_may_stand_in() -> None:
    """D-3.1: a set is dice of one number; Wilds stand in (10, W, W is a set of 10s)."""
    state = rigged(new_game(2, seed=1, rules=ONE_SET), "10 9 8 7 6 5 1 2 W W")
    assert Declare(((0, 8, 9),)) in legal_actions(state)
    assert declaration_problem(state.dice, ((0, 1, 8),), ONE_SET.phases[0], ONE_SET)


def test_d3_2_a_run_is_consecutive_numbers_within_the_dice() -> None:
    """D-3.2: a run is consecutive numbers, Wilds stand in (6, W, W, 9); a Wild stands
    only for a number the dice have (1-10), and runs do not wrap."""
    rules = DiceRules(phases=(Phase(1, (RunOf(4),)),))
    state = rigged(new_game(1, seed=1, rules=rules), "6 9 5 5 5 5 1 1 W W")
    assert declaration_problem(state.dice, ((0, 1, 8, 9),), rules.phases[0], rules) is None
    assert declaration_problem(state.dice, ((0, 1, 2, 8),), rules.phases[0], rules)
    extra = Die.parse("RW RW")
    long_run = DiceRules(dice=(*STANDARD_DICE, extra), phases=(Phase(1, (RunOf(11),)),))
    state = rigged(new_game(1, seed=1, rules=long_run), "5 6 7 8 9 10 1 2 3 4 RW")
    assert declaration_problem(state.dice, (tuple(range(11)),), long_run.phases[0], long_run)
    assert not any(isinstance(a, Declare) for a in legal_actions(state))


def test_d3_3_a_colour_group_is_dice_of_one_colour() -> None:
    """D-3.3: "7 of all one colour" takes seven dice of one colour, numbers mixed."""
    state = rigged(new_game(1, seed=1), "B5 B8 B7 B6 B9 B7 B1 B4 B3 Y4")
    phase8 = DICE_PHASES[7]
    assert declaration_problem(state.dice, ((0, 1, 2, 3, 4, 5, 6),), phase8, DiceRules()) is None
    assert declaration_problem(state.dice, ((0, 1, 2, 3, 4, 5, 9),), phase8, DiceRules())


def test_d3_4_a_wild_joins_a_colour_group_only_in_its_own_colour() -> None:
    """D-3.4: a Wild of another colour may not be used in a colour group (``wild_color``
    "own"); under "any" it may, as a Wild card does in the card game (R-7.1)."""
    state = rigged(new_game(1, seed=1), "B5 B8 B7 B6 B9 B7 BW RW Y1 Y4")
    phase8 = DICE_PHASES[7]
    assert declaration_problem(state.dice, ((0, 1, 2, 3, 4, 5, 6),), phase8, DiceRules()) is None
    assert declaration_problem(state.dice, ((0, 1, 2, 3, 4, 5, 7),), phase8, DiceRules())
    anyhow = DiceRules(wild_color="any")
    assert declaration_problem(state.dice, ((0, 1, 2, 3, 4, 5, 7),), phase8, anyhow) is None


def test_d3_5_a_phase_needs_a_number_die() -> None:
    """D-3.5: as in the card game (R-7.2, A-3), a phase of Wilds only is not made;
    ``natural_card_scope="none"`` allows it."""
    phases = (Phase(1, (SetOf(2),)),)
    rules = DiceRules(phases=phases)
    state = rigged(new_game(1, seed=1, rules=rules), "5 6 7 8 9 10 W W 1 1")
    assert "number die" in (declaration_problem(state.dice, ((6, 7),), phases[0], rules) or "")
    free = DiceRules(phases=phases, natural_card_scope="none")
    assert declaration_problem(state.dice, ((6, 7),), phases[0], free) is None


def test_d3_6_a_die_serves_in_one_group() -> None:
    """D-3.6: the groups of a phase use different dice (R-2.2)."""
    state = rigged(new_game(1, seed=1), "10 10 10 9 9 9 1 2 3 4")
    assert_illegal(state, Declare(((0, 1, 2), (0, 1, 2))), IllegalReason.INVALID_MELD)
    assert_illegal(state, Declare(((0, 1, 2), (3, 4, 12))), IllegalReason.INVALID_MELD)


# ---------------------------------------------------------------------------
# D-4: phases
# ---------------------------------------------------------------------------


def test_d4_1_the_ten_phases_are_the_card_games() -> None:
    """D-4.1: the scorepad's ten phases are the card game's; phase 8 is seven dice of one
    colour."""
    assert DiceRules().phases == STANDARD_PHASES == DICE_PHASES
    assert DICE_PHASES[7].requirements == (ColorOf(7),)
    with pytest.raises(InvalidRulesError):
        DiceRules(phases=(Phase(2, (SetOf(3),)),))
    with pytest.raises(InvalidRulesError):
        DiceRules(phases=(Phase(1, (SetOf(11),)),))


def test_d4_2_groups_are_exactly_their_size_from_the_dice_showing() -> None:
    """D-4.2: each group of the phase at its size, from any dice showing (kept or just
    rolled); phases are made in order."""
    state = rigged(new_game(2, seed=1), "10 10 10 10 9 9 W 1 2 3")
    assert_illegal(state, Declare(((0, 1, 2, 3), (4, 5, 6))), IllegalReason.INVALID_MELD)
    state = apply(state, Keep((0, 1, 2)))
    after = apply(state, Declare(((0, 1, 2), (4, 5, 6))))
    assert after.players[0].completed == (1,)
    assert after.target_phase(0) == DICE_PHASES[1]


def test_d4_2_a_declaration_of_too_few_groups_says_how_many() -> None:
    """D-4.2: Phase 1 is two groups; one group is refused with the count, in plain words."""
    state = rigged(new_game(2, seed=1), "10 10 10 9 9 9 1 2 3 4")
    problem = declaration_problem(state.dice, ((0, 1, 2),), DICE_PHASES[0], DiceRules())
    assert problem is not None
    assert "give 2 groups, not 1" in problem
    assert "(s)" not in problem


def test_dice_are_read_separated_by_commas_as_players_type_them() -> None:
    assert parse_action("keep 0,3") == parse_action("keep 0, 3") == Keep((0, 3))
    assert parse_action("declare 0,1,2 | 3,4,5") == Declare(((0, 1, 2), (3, 4, 5)))
    assert action_to_text(parse_action("keep 0,3")) == "keep 0 3"


def test_d4_3_a_failed_phase_is_tried_again() -> None:
    """D-4.3: a turn without the phase leaves the player on it."""
    state = play(new_game(2, seed=1), Roll(), EndTurn())
    assert state.players[0].completed == ()
    assert state.players[0].misses == 1
    assert state.target_phase(0) == DICE_PHASES[0]
    assert state.current_player == 1


def test_d4_4_declaring_ends_the_turn_after_any_roll() -> None:
    """D-4.4: the phase is declared with the dice of each group, after any roll, and the
    turn ends; a declaration that is not the phase is refused."""
    state = rigged(new_game(2, seed=1), "10 10 10 9 9 9 1 2 3 4")
    assert state.rolls == 1
    action = Declare(((0, 1, 2), (3, 4, 5)))
    assert action in legal_actions(state)
    after = apply(state, action)
    assert after.current_player == 1
    assert after.stage is DiceStage.ROLL
    assert after.dice == ()
    assert apply(state, Declare(((3, 4, 5), (0, 1, 2)))) == after
    assert_illegal(state, Declare(((0, 1, 2),)), IllegalReason.INVALID_MELD)
    assert_illegal(state, Declare(((0, 1, 3), (2, 4, 5))), IllegalReason.INVALID_MELD)
    phase2 = rigged(table([player("Ann", 1), player("Bob", 0)], 0), "10 10 10 5 6 7 W 1 2 3")
    assert apply(phase2, Declare(((3, 4, 5, 6), (0, 1, 2)))).players[0].completed == (1, 2)


def test_d4_5_a_turn_may_end_without_declaring() -> None:
    """D-4.5: ending the turn is always allowed, even with the phase showing."""
    state = rigged(new_game(2, seed=1), "10 10 10 9 9 9 1 2 3 4")
    legal = legal_actions(state)
    assert EndTurn() in legal
    assert any(isinstance(a, Declare) for a in legal)
    assert apply(state, EndTurn()).players[0].completed == ()


# ---------------------------------------------------------------------------
# D-5: scoring
# ---------------------------------------------------------------------------


def test_d5_1_a_phase_scores_its_dice_and_wilds_score_nothing() -> None:
    """D-5.1: the sheet's example: Phase 1 made with 8, 8, 8 and 10, W, W scores 34."""
    state = rigged(new_game(2, seed=1), "8 8 8 10 5 6 W 1 W 3")
    after = apply(state, Declare(((0, 1, 2), (3, 6, 8))))
    assert after.players[0].phase_points == (34,)
    assert after.players[0].score == 34


def test_d5_2_scores_add_up_phase_by_phase() -> None:
    """D-5.2: each made phase is added to the total at once."""
    state = rigged(new_game(1, seed=1), "8 8 8 10 5 6 W 1 W 3")
    state = apply(state, Declare(((0, 1, 2), (3, 6, 8))))
    state = rigged(state, "10 10 10 7 8 9 W 1 2 3")
    state = apply(state, Declare(((0, 1, 2), (3, 4, 5, 6))))
    assert state.players[0].phase_points == (34, 54)
    assert state.players[0].score == 88


@pytest.mark.parametrize(("before", "bonus"), [(180, True), (168, False)])
def test_d5_3_halfway_bonus_for_a_total_over_220_after_phase_5(before: int, bonus: bool) -> None:
    """D-5.3: after the fifth phase a total of 221 or more earns 40 points."""
    state = table([player("Ann", 4, before // 4), player("Bob", 0)], 0)
    state = rigged(state, "5 6 7 8 9 10 1 2 3 4")
    after = apply(state, Declare(((0, 1, 2, 3, 4, 5, 8, 9),)))
    ann = after.players[0]
    assert ann.phase_points[-1] == 52
    assert (Bonus.HALFWAY in ann.bonuses) is bonus
    assert ann.score == before + 52 + (40 if bonus else 0)


def test_d5_4_first_finish_bonus_for_the_finisher_and_later_players_on_phase_10() -> None:
    """D-5.4: 40 points to the first to make Phase 10, and to players after them in the
    round who were on Phase 10 and make it; not to a player who started ahead."""
    best = "10 10 10 10 10 5 4 4 4 1"
    phase10 = Declare(((0, 1, 2, 3, 4), (6, 7, 8)))
    state = table([player("Ann", 9), player("Bob", 9), player("Cy", 9)], 1)
    state = apply(rigged(state, best), phase10)
    assert Bonus.FIRST_FINISH in state.players[1].bonuses
    assert state.current_player == 2
    state = apply(rigged(state, best), phase10)
    assert Bonus.FIRST_FINISH in state.players[2].bonuses
    state = apply(rigged(state, best), phase10)
    assert Bonus.FIRST_FINISH not in state.players[0].bonuses
    assert state.is_over
    assert [p.score for p in state.players] == [270 + 62, 270 + 62 + 40, 270 + 62 + 40]


def test_d5_3_d5_4_a_bonus_of_no_points_is_not_awarded() -> None:
    """D-5.3, D-5.4: under ``no-bonuses`` (both bonuses 0 points) nobody earns a bonus: the
    scorepad lists none and the narration announces none."""
    from phase10.dice import resolve_rules
    from phase10.dice.narration import describe

    rules = resolve_rules("no-bonuses")
    run8 = Declare(((0, 1, 2, 3, 4, 5, 8, 9),))
    state = table([player("Ann", 4, per_phase=50), player("Bob", 0)], 0, rules=rules)
    rolled = rigged(state, "5 6 7 8 9 10 1 2 3 4")
    after = apply(rolled, run8)
    assert after.players[0].completed == (1, 2, 3, 4, 5)
    assert after.players[0].score == 200 + 52
    assert after.players[0].bonuses == ()
    assert "bonus" not in describe(rolled, run8, after)
    finish = Declare(((0, 1, 2, 3, 4), (6, 7, 8)))
    state = table([player("Ann", 9), player("Bob", 0)], 0, rules=rules)
    rolled = rigged(state, "10 10 10 10 10 5 4 4 4 1")
    after = apply(rolled, finish)
    assert after.finisher == 0
    assert after.players[0].bonuses == ()
    assert "bonus" not in describe(rolled, finish, after)


BEST_ROLLS = (
    ("G10 Y10 R10 B10 G10 R10 1 1 1 1", ((0, 1, 2), (3, 4, 5))),
    ("10 10 10 10 8 9 W 1 1 1", ((0, 1, 2), (3, 4, 5, 6))),
    ("10 10 10 10 9 10 W W 1 1", ((0, 1, 2, 3), (4, 5, 6, 7))),
    ("5 6 7 8 9 10 4 1 1 1", ((0, 1, 2, 3, 4, 5, 6),)),
    ("5 6 7 8 9 10 1 3 1 4", ((0, 1, 2, 3, 4, 5, 7, 9),)),
    ("5 6 7 8 9 10 1 2 3 4", ((0, 1, 2, 3, 4, 5, 7, 8, 9),)),
    ("10 10 10 10 10 10 W W 1 1", ((0, 1, 2, 3), (4, 5, 6, 7))),
    ("R8 R7 R10 R9 R8 R10 R4 1 1 1", ((0, 1, 2, 3, 4, 5, 6),)),
    ("10 10 10 10 10 10 W 1 1 1", ((0, 1, 2, 3, 4), (5, 6))),
    ("10 10 10 10 10 5 4 4 4 1", ((0, 1, 2, 3, 4), (6, 7, 8))),
)
"""The best roll for each phase: 60, 57, 59, 49, 52, 54, 60, 56, 60 and 62 points."""


def test_d5_5_the_highest_possible_score_is_649() -> None:
    """D-5.5: the sheet's highest possible score, 649: the best roll of every phase, both
    bonuses."""
    state = new_game(1, seed=1)
    for faces, groups in BEST_ROLLS:
        state = apply(rigged(state, faces), Declare(groups))
    assert state.players[0].phase_points == (60, 57, 59, 49, 52, 54, 60, 56, 60, 62)
    assert state.players[0].score == 649
    assert state.is_over


# ---------------------------------------------------------------------------
# D-6: the end of the game
# ---------------------------------------------------------------------------

FINISH = ("10 10 10 10 10 5 4 4 4 1", Declare(((0, 1, 2, 3, 4), (6, 7, 8))))
PHASE_8 = ("R8 R7 R10 R9 R8 R10 R4 1 1 1", Declare(((0, 1, 2, 3, 4, 5, 6),)))
PHASE_9 = ("10 10 10 10 10 10 W 1 1 1", Declare(((0, 1, 2, 3, 4), (5, 6))))


def test_d6_1_last_chance_others_play_on_while_they_make_phases() -> None:
    """D-6.1: after the first finish every other player gets a last try, and another
    turn for each phase they make, until they fail or finish (``ending``)."""
    state = table([player("Ann", 7), player("Bob", 9), player("Cy", 9)], 1)
    state = apply(rigged(state, FINISH[0]), FINISH[1])
    assert state.finisher == 1
    assert state.final_turns == (2, 0)
    state = play(state, Roll(), EndTurn())
    assert state.current_player == 0
    state = apply(rigged(state, PHASE_8[0]), PHASE_8[1])
    assert state.current_player == 0
    state = apply(rigged(state, PHASE_9[0]), PHASE_9[1])
    assert state.current_player == 0
    state = play(state, Roll(), EndTurn())
    assert state.is_over
    assert state.players[0].completed == tuple(range(1, 10))


@pytest.mark.parametrize(
    ("ending", "final"), [("end_of_round", (2,)), ("immediate", ()), ("last_chance", (2, 0))]
)
def test_d6_1_ending_options(ending: str, final: tuple[int, ...]) -> None:
    """D-6.1: ``end_of_round`` lets only the players after the finisher in the round play;
    ``immediate`` ends the game at once."""
    rules = DiceRules(ending=ending)
    state = table([player("Ann", 7), player("Bob", 9), player("Cy", 9)], 1, rules=rules)
    state = apply(rigged(state, FINISH[0]), FINISH[1])
    assert state.final_turns == final
    assert state.is_over is (not final)


def test_d6_2_final_turns_in_turn_order_after_the_finisher() -> None:
    """D-6.2: the final turns go round in turn order from the finisher's left."""
    players = [player(name, 9) for name in ("Ann", "Bob", "Cy", "Dee")]
    state = table(players, 3, first=2)
    state = apply(rigged(state, FINISH[0]), FINISH[1])
    assert state.final_turns == (0, 1, 2)
    seen = []
    while not state.is_over:
        seen.append(state.current_player)
        state = play(state, Roll(), EndTurn())
    assert seen == [0, 1, 2]


def test_d6_3_the_highest_total_wins() -> None:
    """D-6.3: the highest grand total wins, whoever finished."""
    state = table([player("Ann", 9, 20), player("Bob", 9, 50)], 0)
    state = apply(rigged(state, FINISH[0]), FINISH[1])
    state = play(state, Roll(), EndTurn())
    assert state.players[0].score == 180 + 62 + 40
    assert state.players[1].score == 450
    assert state.winners == (1,)
    assert state.winner == 1


@pytest.mark.parametrize(("tiebreak", "winners"), [("shared", (0, 1)), ("most_phases", (0,))])
def test_d6_4_equal_totals(tiebreak: str, winners: tuple[int, ...]) -> None:
    """D-6.4: equal highest totals share the win (``tiebreak="shared"``) or go to the
    player with more phases (``"most_phases"``)."""
    rules = DiceRules(tiebreak=tiebreak)
    ann = player("Ann", 9, 30)
    bob = attrs.evolve(
        player("Bob", 8),
        score=372,
        phase_points=(50, 50, 50, 50, 50, 30, 26, 26),
        bonuses=(Bonus.HALFWAY,),
    )
    state = table([ann, bob], 0, rules=rules)
    state = apply(rigged(state, FINISH[0]), FINISH[1])
    assert state.players[0].score == 270 + 62 + 40
    state = play(state, Roll(), EndTurn())
    assert state.players[1].score == state.players[0].score
    assert state.winners == winners


def test_d6_5_a_turn_cap_ends_the_game_without_a_winner() -> None:
    """D-6.5: ``max_turns`` is a safety cap: the game ends after that many turns, unwon."""
    state = new_game(2, seed=1, rules=DiceRules(max_turns=3))
    for _ in range(3):
        state = play(state, Roll(), EndTurn())
    assert state.is_over
    assert state.winners == ()
    assert state.winner is None


# ---------------------------------------------------------------------------
# D-7: solitaire
# ---------------------------------------------------------------------------


def test_d7_1_solitaire_costs_5_per_failure_and_the_bonus_needs_a_first_try() -> None:
    """D-7.1: alone, a player loses 5 points per failed turn at the end, and earns the
    First Finish bonus only by making Phase 10 at the first try."""
    state = table([player("Ann", 9, 30, misses=2)], 0)
    state = play(state, Roll(), EndTurn())
    state = apply(rigged(state, FINISH[0]), FINISH[1])
    assert state.is_over
    ann = state.players[0]
    assert Bonus.FIRST_FINISH not in ann.bonuses
    assert ann.misses == 3
    assert ann.score == 270 + 62 - 15
    first_try = apply(rigged(table([player("Ann", 9, 30)], 0), FINISH[0]), FINISH[1])
    assert first_try.players[0].score == 270 + 62 + 40


# ---------------------------------------------------------------------------
# D-8: information
# ---------------------------------------------------------------------------


def test_d8_1_a_view_is_the_whole_table_but_the_seed() -> None:
    """D-8.1: dice and scorepads are public; the seed, which foretells the rolls, is not."""
    state = play(new_game(3, seed=987654321), Roll(), Keep(2))
    view = player_view(state, 1)
    assert view.dice == state.dice
    assert view.kept == state.kept
    assert view.players == state.players
    assert not hasattr(view, "seed")
    assert "987654321" not in to_json(view)
