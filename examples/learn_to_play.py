"""Learn to beat random play in under a minute: REINFORCE in plain numpy on phase10/Phase10-v0.

The learner plays seat 0 of two-player "to-phase-1" games (a whole game is one hand)
against a RandomBot. Its policy is a softmax over the legal indices of the action mask,
with one learned preference per index of phase10.rl.ActionCodec: it learns which moves
pay (lay a phase down, hit, keep Wilds, discard high cards, play Skips), not yet when.
The reward is +1 for a win and -1 for a loss, paid when the game ends. At the end the
trained policy becomes a phase10 Bot (PolicyBot: its most preferred legal move), so
play_game, phase10.simulate and the other seats of an environment can use it.

    python examples/learn_to_play.py                  # 30 s of training
    python examples/learn_to_play.py --seconds 5 --eval 20
"""

from __future__ import annotations

import argparse
import functools
import time
from collections.abc import Sequence

import gymnasium
import numpy as np
import numpy.typing as npt

from phase10 import Action, PlayerView
from phase10.rl import ActionCodec, Phase10Env  # importing phase10.rl registers the env
from phase10.simulate import simulate

Env = gymnasium.Env[npt.NDArray[np.float32], np.int64]
Step = tuple[int, npt.NDArray[np.intp], npt.NDArray[np.float64]]
"""One decision: the choice (a place among the legal indices), those indices, their p."""


class Policy:
    """A softmax over the legal indices; ``preference[i]`` is index ``i``'s logit."""

    def __init__(self, size: int, rng: np.random.Generator) -> None:
        self.preference = np.zeros(size)
        self.rng = rng

    def act(self, mask: npt.NDArray[np.bool_]) -> Step:
        legal = np.flatnonzero(mask)
        logits = self.preference[legal]
        p = np.exp(logits - logits.max())
        p /= p.sum()
        choice = int(self.rng.choice(len(legal), p=p))
        return choice, legal, p

    def bot(self, codec: ActionCodec) -> PolicyBot:
        """The policy as it stands, as a bot that plays its most preferred move."""
        return PolicyBot(self.preference.copy(), codec)


class PolicyBot:
    """A learned preference per index as a phase10 Bot (``choose(view, legal)``).

    ``codec.table(legal)`` gives each legal action its index (a lay-down step by its place
    among the listed steps), so the bot needs no game state, only what its seat is shown.
    """

    def __init__(self, preference: npt.NDArray[np.float64], codec: ActionCodec) -> None:
        self.preference = preference
        self.codec = codec

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        table = self.codec.table(legal)
        return table[max(table, key=lambda index: self.preference[index])]


def play(env: Env, policy: Policy, seed: int) -> tuple[float, list[Step]]:
    """One game: the final reward and, per decision, (choice, legal indices, probabilities)."""
    _, info = env.reset(seed=seed)
    steps = []
    while True:
        choice, legal, p = policy.act(info["action_mask"])
        steps.append((choice, legal, p))
        _, reward, terminated, truncated, info = env.step(np.int64(legal[choice]))
        if terminated or truncated:
            return float(reward), steps


def win_rate(env: Env, policy: Policy, games: int) -> float:
    """The share of ``games`` won (fixed seeds, never trained on)."""
    return sum(play(env, policy, 1_000_000 + g)[0] > 0 for g in range(games)) / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="CPU seconds of training")
    parser.add_argument("--eval", type=int, default=100, help="games per evaluation (default 100)")
    parser.add_argument("--rate", type=float, default=0.1, help="learning rate (default 0.1)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the policy's choices")
    args = parser.parse_args(argv)

    env: Env = gymnasium.make(
        "phase10/Phase10-v0", players=2, rules="to-phase-1", opponents="random"
    )
    game = env.unwrapped
    assert isinstance(game, Phase10Env)
    policy = Policy(game.codec.size, np.random.default_rng(args.seed))
    before = win_rate(env, policy, args.eval)
    print(f"before training: the policy wins {before:.0%} of {args.eval} games against RandomBot")

    baseline = 0.0
    games = 0
    start = time.process_time()
    while time.process_time() - start < args.seconds:
        reward, steps = play(env, policy, games)
        advantage = reward - baseline
        baseline += 0.05 * (reward - baseline)
        for choice, legal, p in steps:  # the gradient of log p[choice] is onehot - p
            gradient = -p
            gradient[choice] += 1.0
            policy.preference[legal] += args.rate * advantage * gradient
        games += 1
    print(f"trained on {games} games in {time.process_time() - start:.0f} s of CPU")

    after = win_rate(env, policy, args.eval)
    print(f"after training: the policy wins {after:.0%} of {args.eval} games against RandomBot")
    best = np.argsort(policy.preference)[::-1][:5]
    print("most preferred moves:", "; ".join(game.codec.describe(int(i)) for i in best))

    # The trained policy as a Bot: here in a simulation, seat 0 against RandomBot.
    summary = simulate(
        "to-phase-1",
        [functools.partial(policy.bot, game.codec), "random"],
        games=args.eval,
        seed=1_000_000,
    )
    print(
        f"as a Bot (its most preferred move): wins {summary.win_rate_by_seat[0]:.0%} of "
        f"{summary.games} games against RandomBot (phase10.simulate)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
