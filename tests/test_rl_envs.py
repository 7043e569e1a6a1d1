"""The learning environments pass their frameworks' own checkers (issue 11).

PettingZoo's ``api_test`` and ``seed_test``, Gymnasium's ``check_env`` and OpenSpiel's
``random_sim_test``, on short variants so that games end within the test; then what the
checkers do not look at: rewards at the end, an illegal index, rendering without hands.
"""

from __future__ import annotations

import random
import warnings
from functools import partial
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test.api_test import api_test
from pettingzoo.test.render_test import render_test
from pettingzoo.test.seed_test import seed_test

import phase10.rl
from phase10 import (
    InvalidDataError,
    LayDown,
    LayGroup,
    RandomBot,
    format_cards,
    legal_actions,
    player_view,
)
from phase10.rl import ENV_ID, ActionCodec, ObservationEncoder, Phase10Env, env
from phase10.rl.aec import ILLEGAL_REWARD
from phase10.text import render as render_text


def play_out(game: phase10.rl.Phase10AEC, seed: int) -> dict[str, float]:
    """A whole game of random legal indices; each agent's reward as it leaves."""
    rng = np.random.default_rng(seed)
    game.reset(seed=seed)
    paid: dict[str, float] = {}
    for agent in game.agent_iter(200_000):
        observation, reward, terminated, truncated, _ = game.last()
        if terminated or truncated:
            paid[agent] = float(reward)
            game.step(None)
            continue
        assert observation is not None
        assert reward == 0.0  # nothing before the end
        game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return paid


@pytest.mark.parametrize(
    ("players", "variant"),
    [
        (4, "standard"),
        (2, "masters"),
        (3, "movable-wilds+to-phase-3"),
        (5, "truly-wild"),
        (6, "teams"),
    ],
)
def test_what_agents_see_is_the_views_encoding_and_the_listed_mask(
    players: int, variant: str
) -> None:
    """The environment's fast paths (an encoder kept between states one action apart, masks
    kept per listing) against the plain ones, at every step of random games: each agent's
    observation equals ``encode(player_view(...))`` of a fresh encoder, and the mask of the
    agent to play marks exactly the listed actions' indices (R-3.8: nothing but the view)."""
    game = env(players=players, rules=variant, seed=players)
    fresh = ObservationEncoder(game.rules)
    codec = ActionCodec(game.rules)
    rng = np.random.default_rng(players)
    for seed in range(2):
        game.reset(seed=seed)
        steps = 0
        for agent in game.agent_iter(600):
            observation, _, terminated, truncated, _ = game.last()
            assert observation is not None
            state = game.game_state
            for other in rng.permutation(game.agents):  # every seat, in any order
                seen = game.observe(str(other))
                seat = game.possible_agents.index(str(other))
                expected = fresh.encode(player_view(state, seat))
                assert seen["observation"].tobytes() == expected.tobytes()
            seat = game.possible_agents.index(agent)
            counted = {  # the blocks kept and patched between states, counted afresh
                "hand": state.players[seat].hand,
                "discard_pile": state.discard_pile,
            }
            for block, cards in counted.items():
                part = observation["observation"][fresh.block(block)]
                counts = np.bincount([c.code for c in cards], minlength=len(part))
                assert np.array_equal(part, counts)
            listed = np.zeros(codec.size, dtype=np.int8)
            if not (terminated or truncated):
                legal = legal_actions(state)
                lay = [a for a in legal if isinstance(a, (LayDown, LayGroup))]
                for action in legal:
                    if action in lay and lay.index(action) >= codec.lay_slots:
                        continue
                    listed[codec.encode(action, state)] = 1
            assert observation["action_mask"].tobytes() == listed.tobytes()
            if terminated or truncated:
                game.step(None)
                continue
            game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        assert steps > 100


@pytest.mark.parametrize(("players", "variant"), [(4, "to-phase-2"), (3, "masters+to-phase-2")])
def test_an_observation_kept_by_the_agent_is_never_changed_by_later_steps(
    players: int, variant: str
) -> None:
    """The environments keep parts of the last observation and mask to patch them (counts
    of a hand, the discard pile, seat blocks, a listing's mask): what they give out is the
    caller's own. Every array given out in a whole game (each agent's view, the agent to
    play's mask, every step) still holds what it held when given, and writing into one
    changes none given later (R-3.8: a seat's view is its own)."""
    game = env(players=players, rules=variant, seed=3)
    rng = np.random.default_rng(3)
    given: list[tuple[Any, bytes]] = []
    for seed in (3, 4):  # two games: the encoder's kept parts carry over a reset
        game.reset(seed=seed)
        for step, _ in enumerate(game.agent_iter(20_000)):
            observation, _, terminated, truncated, _ = game.last()
            assert observation is not None
            for other in game.agents if step % 5 == 0 else ():  # the others' views, as asked
                seen = game.observe(other)
                given += [(seen[key], seen[key].tobytes()) for key in seen]
            given += [(observation[key], observation[key].tobytes()) for key in observation]
            if terminated or truncated:
                game.step(None)
                continue
            index = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            observation["observation"][:] = -1.0  # the caller's to scribble on
            observation["action_mask"][:] = 1
            given[-2:] = [(array, array.tobytes()) for array in observation.values()]
            game.step(index)
        assert game.game_state.is_over
    assert len(given) > 1000
    assert all(array.tobytes() == held for array, held in given)
    gym_game = Phase10Env(players=players, rules=variant, opponents="random")
    frame, info = gym_game.reset(seed=4)
    kept = [(frame, frame.tobytes()), (info["action_mask"], info["action_mask"].tobytes())]
    over = False
    while not over:
        mask = gym_game.action_masks()
        kept.append((mask, mask.tobytes()))
        frame, _, over, _, info = gym_game.step(int(rng.choice(np.flatnonzero(mask))))
        kept += [(frame, frame.tobytes()), (info["action_mask"], info["action_mask"].tobytes())]
        frame[:] = -1.0
        kept[-2] = (frame, frame.tobytes())
    assert all(array.tobytes() == held for array, held in kept)


def test_pettingzoo_api_test() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice for other observation layouts
        api_test(env(players=2, rules="to-phase-1", seed=1), num_cycles=400)  # type: ignore[no-untyped-call]
        api_test(env(players=4, rules="masters+to-phase-2", seed=2), num_cycles=100)  # type: ignore[no-untyped-call]


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: env(players=3, rules="to-phase-2"), num_cycles=100)  # type: ignore[no-untyped-call]


def test_games_end_with_zero_sum_rewards_to_every_agent() -> None:
    game = env(players=3, rules="to-phase-1", seed=5)
    paid = play_out(game, 5)
    assert sorted(paid) == game.possible_agents
    assert abs(sum(paid.values())) < 1e-9
    winners = [a for a, r in paid.items() if r > 0]
    state = game.game_state
    assert state.is_over
    assert winners == [game.possible_agents[s] for s in state.winners]
    assert not game.agents  # every agent left after its last step


def test_an_illegal_index_ends_the_game_with_minus_one() -> None:
    """As PettingZoo's TerminateIllegalWrapper does for the classic games."""
    game = env(players=2, rules="to-phase-1", seed=3)
    observation, *_ = game.last()
    assert observation is not None
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    agent = game.agent_selection
    game.step(illegal)
    assert all(game.terminations.values())
    assert game.rewards[agent] == ILLEGAL_REWARD
    assert "illegal" in game.infos[agent]
    assert sum(game.rewards.values()) == ILLEGAL_REWARD
    with pytest.raises(InvalidDataError, match="action index"):
        env(players=2, rules="to-phase-1").step(10**6)


def test_masks_belong_to_the_agent_to_play() -> None:
    game = env(players=3, seed=4)
    for agent in game.agents:
        mask = game.observe(agent)["action_mask"]
        assert mask.dtype == np.int8
        assert bool(mask.any()) is (agent == game.agent_selection)


def test_ansi_render_shows_the_table_and_no_hand() -> None:
    game = env(players=2, seed=1, render_mode="ansi")
    text = game.render()
    assert isinstance(text, str)
    assert "Discard pile" in text
    hand = game.game_state.players[0].hand
    assert " ".join(str(c) for c in hand) not in text
    with pytest.warns(UserWarning, match="render_mode"):
        assert env(players=2).render() is None
    with pytest.raises(InvalidDataError, match="render_mode is None, 'ansi' or 'human'"):
        env(render_mode="rgb_array")
    with pytest.raises(InvalidDataError, match="render_mode is None, 'ansi' or 'human'"):
        Phase10Env(render_mode="rgb_array")
    with pytest.raises(InvalidDataError, match="players"):
        env(players=9)
    with pytest.raises(InvalidDataError, match="teams"):  # team play: 4 or 6 seats
        env(players=5, rules="teams")


def test_human_render_prints_the_table_at_each_step(capsys: pytest.CaptureFixture[str]) -> None:
    """``render_mode="human"`` prints what ``"ansi"`` returns, after reset and every step,
    and ``render()`` gives ``None``: PettingZoo's ``render_test`` passes."""
    game = env(players=2, rules="to-phase-1", seed=1, render_mode="human")
    shown = capsys.readouterr().out
    text = env(players=2, rules="to-phase-1", seed=1, render_mode="ansi").render()
    assert shown == f"{text}\n"
    hand = " ".join(str(c) for c in game.game_state.players[0].hand)
    assert hand not in shown
    mask = game.observe(game.agent_selection)["action_mask"]
    game.step(int(np.flatnonzero(mask)[0]))
    assert capsys.readouterr().out.count("Discard pile") == 1
    assert game.render() is None
    render_test(partial(env, 2, "to-phase-1", 2))  # type: ignore[arg-type]  # it passes render_mode
    learner = Phase10Env(players=2, rules="to-phase-1", opponents="random", render_mode="human")
    capsys.readouterr()
    _, info = learner.reset(seed=3)
    first = capsys.readouterr().out
    assert first == render_text(player_view(learner.game_state, 0)) + "\n"
    learner.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert "Discard pile" in capsys.readouterr().out


def test_gymnasium_check_env_and_registration() -> None:
    assert ENV_ID in gymnasium.registry
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(gymnasium.make(ENV_ID, players=3, rules="to-phase-2").unwrapped)
        check_env(Phase10Env(players=2, opponents="random", render_mode="ansi"))


def test_gymnasium_episode_against_bots() -> None:
    """The learner plays seat 1; the reward at the end is its share (R-15)."""
    game = Phase10Env(players=3, rules="to-phase-1", seat=1, opponents=lambda s: RandomBot(s))
    observation, info = game.reset(seed=11)
    rng = np.random.default_rng(0)
    total = 0.0
    for _ in range(20_000):
        assert game.observation_space.contains(observation)
        assert np.array_equal(info["action_mask"], game.action_masks())
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, reward, terminated, _, info = game.step(action)
        total += reward
        if terminated:
            break
    assert game.game_state.is_over
    expected = phase10.rl.game_rewards(game.game_state.winners, 3)[1]
    assert total == expected
    assert not info["action_mask"].any()


def test_gymnasium_illegal_action_and_bad_arguments() -> None:
    game = Phase10Env(players=2, rules="to-phase-1")
    _, info = game.reset(seed=1)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    _, reward, terminated, _, info = game.step(illegal)
    assert (reward, terminated) == (ILLEGAL_REWARD, True)
    assert info["illegal"]
    with pytest.raises(InvalidDataError, match="seat"):
        Phase10Env(players=2, seat=2)
    with pytest.raises(InvalidDataError, match="opponents"):
        Phase10Env(opponents="clever")


def test_openspiel_random_sim_test() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import phase10.openspiel  # noqa: F401  (registers the game)

    game = pyspiel.load_game("python_phase10", {"players": 2, "variant": "to-phase-1"})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    game = pyspiel.load_game(
        "python_phase10", {"players": 3, "variant": "masters+to-phase-2", "max_turns": 80}
    )
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_openspiel_information_state_has_perfect_recall() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import phase10.openspiel  # noqa: F401

    game = pyspiel.load_game("python_phase10", {"players": 2, "variant": "to-phase-1"})
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    while state.is_chance_node():
        codes, probabilities = zip(*state.chance_outcomes(), strict=True)
        assert abs(sum(probabilities) - 1) < 1e-9
        state.apply_action(int(rng.choice(codes, p=probabilities)))
    mover = state.current_player()
    before = state.information_state_string(mover)
    assert "my hand" in before
    state.apply_action(state.legal_actions()[0])  # draw
    after = state.information_state_string(mover)
    assert after.startswith(before)
    assert len(state.observation_tensor(mover)) == game.observation_tensor_size()
    other = 1 - mover
    assert state.information_state_string(other).count("\n") == after.count("\n")


def _dealt_state(pyspiel_game: Any, rng: np.random.Generator, moves: int) -> Any:
    """A state of ``pyspiel_game`` after its first deal and ``moves`` random player moves."""
    state = pyspiel_game.new_initial_state()
    while state.is_chance_node():
        codes, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(codes, p=probabilities)))
    for _ in range(moves):
        if state.is_terminal() or state.is_chance_node():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_openspiel_resample_from_infostate_keeps_what_the_player_knows() -> None:
    """Issue 11: ``resample_from_infostate`` (what OpenSpiel's IS-MCTS asks) deals the unseen
    cards again: the player's information state, view and legal moves stay, the original
    state is untouched, each other seat's information state names the hand it now holds,
    and the sample plays on to a zero-sum end."""
    pyspiel = pytest.importorskip("pyspiel")
    import phase10.openspiel  # noqa: F401

    game = pyspiel.load_game("python_phase10", {"players": 3, "variant": "masters+to-phase-2"})
    rng = np.random.default_rng(5)
    floats = random.Random(2)
    changed = 0
    for moves in (0, 7, 19):
        state = _dealt_state(game, rng, moves)
        if state.is_terminal() or state.is_chance_node():
            continue
        mover = state.current_player()
        before = state.game_state
        strings = [state.information_state_string(p) for p in range(3)]
        for player in range(3):
            sample = state.resample_from_infostate(player, floats.random)
            assert sample.information_state_string(player) == strings[player]
            assert sample.observation_string(player) == state.observation_string(player)
            assert player_view(sample.game_state, player) == player_view(before, player)
            assert sample.current_player() == mover
            if player == mover:
                assert sample.legal_actions() == state.legal_actions()
            for other in range(3):
                if other != player:
                    hand = sample.game_state.players[other].hand
                    assert sample.information_state_string(other).startswith(strings[other])
                    assert f"resampled: my hand {format_cards(hand)}" in (
                        sample.information_state_string(other)
                    )
                    changed += hand != before.players[other].hand
        assert state.game_state is before
        assert [state.information_state_string(p) for p in range(3)] == strings
    assert changed
    while not sample.is_terminal():
        if sample.is_chance_node():
            codes, probabilities = zip(*sample.chance_outcomes(), strict=True)
            sample.apply_action(int(rng.choice(codes, p=probabilities)))
        else:
            sample.apply_action(int(rng.choice(sample.legal_actions())))
    assert abs(sum(sample.returns())) < 1e-9


def test_openspiel_resample_is_refused_during_a_deal_and_is_a_copy_at_the_end() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import phase10.openspiel  # noqa: F401

    game = pyspiel.load_game("python_phase10", {"players": 2, "variant": "to-phase-1"})
    state = game.new_initial_state()
    with pytest.raises(ValueError, match="between deals"):
        state.resample_from_infostate(0, random.Random(1).random)


def test_openspiel_information_set_mcts_plays_a_move() -> None:
    """OpenSpiel's own IS-MCTS searches over resampled states and returns a legal move."""
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import ismcts, mcts

    import phase10.openspiel  # noqa: F401

    game = pyspiel.load_game("python_phase10", {"players": 2, "variant": "to-phase-1"})
    state = _dealt_state(game, np.random.default_rng(1), 0)
    seeded = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, seeded), 2.0, 6, random_state=seeded
    )
    assert bot.step(state) in state.legal_actions()
