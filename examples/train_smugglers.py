"""Self-play policy-gradient training on Space Smugglers, with NumPy alone.

    .venv/bin/python examples/train_smugglers.py [--minutes 3] [--players 2] [--seed 0]

A linear softmax policy over the encoded observation (the PettingZoo
environment's ``observation``), restricted to the legal actions by the
``action_mask``, plays every seat against itself. After each batch of
episodes it takes one REINFORCE step (Adam) on the rank reward of each seat
(+1 win, -1 loss for two players), with a running-mean baseline and a small
entropy bonus. Before and after training it plays the learner against a
uniform-random policy, half the games from each seat, and prints the win rate.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from galaxis import GalaxisError
from galaxis.interop.pettingzoo import env as make_env


class LinearPolicy:
    """logits = W x + b over the flat action space; illegal actions get probability 0."""

    def __init__(self, obs_size: int, n_actions: int, rng: np.random.Generator) -> None:
        self.W = rng.normal(0.0, 0.01, size=(n_actions, obs_size))
        self.b = np.zeros(n_actions)
        self.params = [self.W, self.b]
        self.m = [np.zeros_like(p) for p in self.params]
        self.v = [np.zeros_like(p) for p in self.params]
        self.t = 0

    def probs(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.W @ x + self.b
        logits = np.where(mask.astype(bool), logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def adam_step(self, grads: list[np.ndarray], lr: float) -> None:
        """Gradient *ascent* with Adam (beta1 0.9, beta2 0.999)."""
        self.t += 1
        for p, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            p += lr * (m / (1 - 0.9**self.t)) / (np.sqrt(v / (1 - 0.999**self.t)) + 1e-8)


def play(env, policies, seed: int, rng: np.random.Generator, greedy: bool = False, record=None):
    """One episode; ``policies[agent]`` is a LinearPolicy or None (uniform random).
    Returns each agent's final reward; ``record[agent]`` collects (x, mask, probs, action)."""
    env.reset(seed=seed)
    finals = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            finals[agent] = reward
            env.step(None)
            continue
        mask = obs["action_mask"]
        policy = policies[agent]
        if policy is None:
            action = int(rng.choice(np.flatnonzero(mask)))
        else:
            p = policy.probs(obs["observation"], mask)
            action = int(np.argmax(p)) if greedy else int(rng.choice(len(p), p=p))
            if record is not None:
                record[agent].append((obs["observation"], p, action))
        env.step(action)
    return finals


def evaluate(env, policy, games: int, seed: int, greedy: bool) -> tuple[float, float]:
    """Win and tie rates of ``policy`` against uniform random, alternating seats."""
    rng = np.random.default_rng(seed)
    wins = ties = 0
    agents = env.possible_agents
    for g in range(games):
        learner = agents[g % len(agents)]
        policies = {a: (policy if a == learner else None) for a in agents}
        finals = play(env, policies, seed=10_000_000 + seed + g, rng=rng, greedy=greedy)
        best = max(finals.values())
        if finals[learner] == best:
            if list(finals.values()).count(best) == 1:
                wins += 1
            else:
                ties += 1
    return wins / games, ties / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Self-play REINFORCE on Space Smugglers (NumPy only)")
    parser.add_argument("--minutes", type=float, default=3.0, help="training time")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--batch", type=int, default=8, help="episodes per update")
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--entropy", type=float, default=0.01, help="entropy bonus weight")
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.minutes <= 0 or args.batch < 1 or args.eval_games < 1:
        print("error: --minutes, --batch and --eval-games must be positive", file=sys.stderr)
        return 2

    try:
        env = make_env("smugglers", players=args.players, reward="rank")
    except GalaxisError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    agents = env.possible_agents
    obs_size = env.observation_space(agents[0])["observation"].shape[0]
    n_actions = env.action_space(agents[0]).n
    rng = np.random.default_rng(args.seed)
    policy = LinearPolicy(obs_size, n_actions, rng)
    print(f"smugglers, {args.players} players: {obs_size} observation features, {n_actions} actions")

    win, tie = evaluate(env, policy, args.eval_games, seed=1, greedy=False)
    print(f"before training: wins {win:.1%}, ties {tie:.1%} against random ({args.eval_games} games)")

    baseline = 0.0
    episodes = steps = 0
    start = time.monotonic()
    next_report = start + 30
    while time.monotonic() - start < args.minutes * 60:
        gW = np.zeros_like(policy.W)
        gb = np.zeros_like(policy.b)
        batch_returns = []
        for _ in range(args.batch):
            record: dict[str, list] = {a: [] for a in agents}
            finals = play(
                env,
                dict.fromkeys(agents, policy),
                seed=args.seed * 1_000_003 + episodes,
                rng=rng,
                record=record,
            )
            episodes += 1
            for agent, traj in record.items():
                if not traj:
                    continue
                steps += len(traj)
                ret = finals[agent]
                batch_returns.append(ret)
                X = np.array([t[0] for t in traj])
                P = np.array([t[1] for t in traj])
                A = np.array([t[2] for t in traj])
                # d log p(a) / d logits = onehot(a) - p; the entropy bonus pushes toward the
                # legal actions' mean log-probability (-p * (log p + H))
                G = -P
                G[np.arange(len(A)), A] += 1.0
                G *= ret - baseline
                with np.errstate(divide="ignore", invalid="ignore"):
                    logp = np.where(P > 0, np.log(P), 0.0)
                H = -(P * logp).sum(axis=1, keepdims=True)
                G += args.entropy * (-P * (logp + H))
                gW += G.T @ X
                gb += G.sum(axis=0)
        if batch_returns:
            baseline = 0.95 * baseline + 0.05 * float(np.mean(batch_returns))
        scale = 1.0 / max(1, len(batch_returns))
        policy.adam_step([gW * scale, gb * scale], args.lr)
        if time.monotonic() >= next_report:
            rate = steps / (time.monotonic() - start)
            print(f"  {time.monotonic() - start:5.0f}s: {episodes} episodes, {rate:.0f} learner steps/s")
            next_report += 30

    elapsed = time.monotonic() - start
    print(f"trained {episodes} self-play episodes ({steps} decisions) in {elapsed:.0f}s")
    win, tie = evaluate(env, policy, args.eval_games, seed=1, greedy=False)
    print(f"after training (sampled actions): wins {win:.1%}, ties {tie:.1%} against random")
    win, tie = evaluate(env, policy, args.eval_games, seed=2, greedy=True)
    print(f"after training (greedy actions):  wins {win:.1%}, ties {tie:.1%} against random")
    return 0


if __name__ == "__main__":
    sys.exit(main())
