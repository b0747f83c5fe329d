"""Learning environments over stich's games (docs/rl.md): PettingZoo AEC environments for every
registered game and a Gymnasium single-agent environment in which one seat learns against stich
bots. Needs the ``rl`` extra (``pip install stich[rl]``: pettingzoo and gymnasium).

Actions are the game's fixed action space (``game.num_distinct_actions``; an action taken in steps,
such as a discard of several cards, is one step a card and then "done"); observations are
``{"observation": view.observation_tensor(), "action_mask": legal ids}`` of the seat, built in C++
from what that seat knows only. The rules, the masks and the tensors are the core's; this module
only keeps the turn order, the rewards and the seeds.

    import stich.envs
    env = stich.envs.env(name)                # a name of stich.GAMES (any case) and the game's options
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else int(np.flatnonzero(obs["action_mask"])[0])
        env.step(action)
"""

from __future__ import annotations

from typing import Any

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
    from pettingzoo import AECEnv, ParallelEnv
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.env_logger import EnvLogger
except ImportError as e:   # pragma: no cover - the message is the point
    raise ImportError(f"stich.envs needs pettingzoo and gymnasium (pip install 'stich[rl]'): {e}") from None

from .bots import Bot, HeuristicBot, IsmctsBot, RandomBot
from ._core import OBSERVATION_MAX, IllegalActionError
from .games import GAMES, Game

__all__ = ["env", "raw_env", "parallel_env", "SingleAgentEnv", "VectorEnv", "REWARDS", "ILLEGAL"]

#: When the AEC environment hands out rewards: the returns at the end of the deal ("deal"), or in
#: addition the change of every seat's tally (its card points, eyes or tricks) at every step ("trick").
REWARDS = ("deal", "trick")

#: What an illegal action does: end the deal, the seat getting illegal_reward ("end", as PettingZoo's
#: classic environments do), or give the seat illegal_reward and take a uniformly random legal action
#: in its place, the deal going on ("random", as RLCard substitutes a legal action).
ILLEGAL = ("end", "random")

RENDER_MODES = ("ansi", "human")

# The largest value of an observation: its flags are 0 or 1, its counts (cards, tallies, places in the trick) small.
OBS_HIGH = OBSERVATION_MAX


def _game(game: str | Game | type[Game], options: dict[str, Any]) -> Game:
    """A Game from a registered name (any case), a Game class or instance."""
    if isinstance(game, Game):
        if options:
            raise ValueError("options are given with a game's name or class, not with a Game instance")
        return game
    if isinstance(game, type) and issubclass(game, Game):
        return game(**options)
    if isinstance(game, str):
        by_name = {name.lower(): cls for name, cls in GAMES.items()}
        if game.lower() in by_name:
            return by_name[game.lower()](**options)
    raise ValueError(f"unknown game {game!r}; accepted: {', '.join(GAMES)} (any case), a Game class or instance")


def _deal_seed(rng: np.random.Generator) -> int:
    return int(rng.integers(0, 2**63))


def _max_cycles(max_cycles: int | None) -> int | None:
    if max_cycles is not None and (isinstance(max_cycles, bool) or not isinstance(max_cycles, int) or max_cycles < 1):
        raise ValueError(f"max_cycles must be None or an int >= 1, got {max_cycles!r}")
    return max_cycles


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's name for the unwrapped environment
    """One deal of a game as a PettingZoo AEC environment: the seat to act is the selected agent
    (``player_0`` .. ``player_{n-1}``), every seat's reward comes at the end of the deal (its
    return, the game's unit), or with ``rewards="trick"`` also as its tally grows. ``reset(seed=)``
    deals the same cards for the same seed (the dealer too: seat seed % players). ``illegal``: see
    ILLEGAL. ``max_cycles``: the most turns a seat takes; the deal is truncated when a seat that has
    taken that many is to act again (None: the deal's own end)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "stich_v0", "is_parallelizable": False}

    def __init__(self, game: str | Game | type[Game], render_mode: str | None = None, rewards: str = "deal",
                 illegal_reward: float = -1.0, illegal: str = "end", max_cycles: int | None = None, **options: Any) -> None:
        super().__init__()
        self.game = _game(game, options)
        self.illegal_reward = float(illegal_reward)
        if rewards not in REWARDS:
            raise ValueError(f"rewards must be one of {', '.join(REWARDS)}, got {rewards!r}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, got {illegal!r}")
        self.illegal = illegal
        self.max_cycles = _max_cycles(max_cycles)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None or one of {', '.join(RENDER_MODES)}, got {render_mode!r}")
        self.render_mode = render_mode
        self.reward_mode = rewards
        self.metadata = {**type(self).metadata, "name": f"stich_{self.game.name.lower()}_v0"}
        n = self.game.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seats = {a: i for i, a in enumerate(self.possible_agents)}
        shape = self.game.observation_shape
        actions = self._num_actions = self.game.num_distinct_actions
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(low=0.0, high=OBS_HIGH, shape=shape, dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
        }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.state_: Any = None   # the deal's state, a game's State
        self._pending = 0
        self._tallies: list[int] = []
        self._turns: dict[str, int] = {}

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _seat(self, agent: str) -> int:
        return self._seats[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        deal_seed = _deal_seed(self._rng)
        self.state_ = self.game.deal(seed=deal_seed, dealer=deal_seed % self.game.num_players)
        self._pending = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._tallies = self._tally() if self.reward_mode == "trick" else []
        self._turns = dict.fromkeys(self.agents, 0)
        self.agent_selection = self.possible_agents[self.state_.current_player]

    def _tally(self) -> list[int]:
        return [self.state_.tally(s) for s in range(self.game.num_players)]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat(agent)
        acting = self.state_ is not None and not self.state_.is_terminal and seat == self.state_.current_player
        pending = self._pending if acting else 0
        mask = self.state_.legal_actions_mask(pending).view(np.int8) if acting else np.zeros(self.game.num_distinct_actions, np.int8)
        return {"observation": self.state_.observation_tensor(seat, pending), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: step() needs an action id (None only for a finished agent)")
        if not isinstance(action, (int, np.integer)) or not 0 <= action < self._num_actions:
            raise ValueError(f"action {action!r} is not in the action space: an int id in 0..{self._num_actions - 1}")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._turns[agent] += 1
        try:
            self._pending = self.state_.apply_fixed(int(action), self._pending)
        except IllegalActionError:
            self.rewards[agent] = self.illegal_reward
            if self.illegal == "end":
                # As PettingZoo's TerminateIllegalWrapper does, warning included: the deal ends, the
                # seat gets illegal_reward.
                EnvLogger.warn_on_illegal_move()
                self.terminations = dict.fromkeys(self.agents, True)
                self.truncations = dict.fromkeys(self.agents, True)
                self._accumulate_rewards()
                self._deads_step_first()
                return
            legal = np.flatnonzero(self.state_.legal_actions_mask(self._pending))
            self._pending = self.state_.apply_fixed(int(legal[self._rng.integers(len(legal))]), self._pending)
        if self.reward_mode == "trick":
            now = self._tally()
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] += float(now[i] - self._tallies[i])
            self._tallies = now
        if self.state_.is_terminal:
            for i, r in enumerate(self.state_.returns()):
                self.rewards[self.possible_agents[i]] += float(r)
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[self.state_.current_player]
            if self.max_cycles is not None and self._turns[self.agent_selection] >= self.max_cycles:
                self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        text = str(self.state_)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(game: str | Game | type[Game], render_mode: str | None = None, rewards: str = "deal",
        illegal_reward: float = -1.0, illegal: str = "end", max_cycles: int | None = None, **options: Any) -> AECEnv:
    """The PettingZoo AEC environment of a game (a name of ``stich.GAMES`` in any case, a Game class
    or instance) with its options, behaving as PettingZoo's classic environments do: an illegal
    action ends the deal with ``illegal_reward`` for the seat that took it (and 0 for the others;
    ``illegal="random"``: a random legal action is taken instead, see ILLEGAL), an action outside
    the action space raises, and the order of reset/step is enforced. The first two are raw_env's
    own (the classic environments' TerminateIllegalWrapper and AssertOutOfBoundsWrapper would each
    cost as much again as the environment); the order, PettingZoo's OrderEnforcingWrapper."""
    e = raw_env(game, render_mode=render_mode, rewards=rewards, illegal_reward=illegal_reward, illegal=illegal,
                max_cycles=max_cycles, **options)
    return _OrderEnforcing(e)


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's OrderEnforcingWrapper whose last() asks the environment at once, after the same
    check: the wrapper's own reads its five attributes one by one through its __getattr__, which
    cost more than the step."""

    def last(self, observe: bool = True):
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)


class parallel_env(ParallelEnv):  # noqa: N801 - PettingZoo's name for a module's parallel environment
    """The AEC environment of :func:`env` through PettingZoo's parallel API, as PettingZoo runs a
    turn-based game in it: every live agent is given a step, the seat to act plays its action and
    the others' actions are ignored (their masks are zeros). Observations, rewards, terminations,
    truncations and infos are given for the agents live before the step; ``agents`` are those that
    go on. ``max_cycles``: every agent steps at every step, so the deal is truncated after that
    many steps. The other arguments are :func:`env`'s."""

    def __init__(self, game: str | Game | type[Game], render_mode: str | None = None, rewards: str = "deal",
                 illegal_reward: float = -1.0, illegal: str = "end", max_cycles: int | None = None, **options: Any) -> None:
        self._aec = raw_env(game, render_mode=render_mode, rewards=rewards, illegal_reward=illegal_reward, illegal=illegal, **options)
        self.max_cycles = _max_cycles(max_cycles)
        self.game = self._aec.game
        self.render_mode = render_mode
        self.metadata = self._aec.metadata
        self.possible_agents = list(self._aec.possible_agents)
        self.agents: list[str] = []
        self._steps = 0

    def observation_space(self, agent: str) -> spaces.Space:
        return self._aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space:
        return self._aec.action_space(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None):
        self._aec.reset(seed=seed, options=options)
        self.agents = list(self.possible_agents)
        self._steps = 0
        return {a: self._aec.observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]):
        if not self.agents:
            raise RuntimeError("the deal is over (or not begun): call reset()")
        mover = self._aec.agent_selection
        if actions.get(mover) is None:
            raise ValueError(f"{mover} is to act: actions needs its action id")
        aec, live = self._aec, self.agents
        aec.step(actions[mover])
        self._steps += 1
        rewards = {a: aec.rewards[a] for a in live}
        terminations = {a: aec.terminations[a] for a in live}
        truncations = {a: aec.truncations[a] for a in live}
        if self.max_cycles is not None and self._steps >= self.max_cycles and not aec.state_.is_terminal:
            truncations = dict.fromkeys(live, True)
        observations = {a: aec.observe(a) for a in live}
        self.agents = [a for a in live if not (terminations[a] or truncations[a])]
        return observations, rewards, terminations, truncations, {a: {} for a in live}

    @property
    def state_(self) -> Any:
        """The deal's state, a game's State."""
        return self._aec.state_

    def render(self) -> str | None:
        return self._aec.render()

    def close(self) -> None:
        self._aec.close()


# The opponents by name, each made from a seed (the search at 1,000 iterations a decision).
_BOTS: dict[str, Any] = {"random": RandomBot, "heuristic": HeuristicBot,
                         "ismcts": lambda seed: IsmctsBot(iterations=1000, seed=seed)}


class SingleAgentEnv(gymnasium.Env):
    """One seat of a game learns; the other seats are stich bots (``opponents``: "random",
    "heuristic", "ismcts", or a Bot). An episode is one deal; the reward is the seat's return at its
    end (the game's unit). Observations are ``{"observation", "action_mask"}`` as in :func:`env`;
    an illegal action ends the episode with ``illegal_reward`` (info ``{"illegal_action": True}``),
    as :func:`env` does."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str | Game | type[Game], seat: int = 0, opponents: str | Bot = "random",
                 render_mode: str | None = None, illegal_reward: float = -1.0, **options: Any) -> None:
        self.game = _game(game, options)
        self.illegal_reward = float(illegal_reward)
        n = self.game.num_players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be an int in 0..{n - 1}, got {seat!r}")
        if isinstance(opponents, str):
            if opponents not in _BOTS:
                raise ValueError(f"opponents must be a Bot or one of {', '.join(_BOTS)}, got {opponents!r}")
            self._bot_class: Any = _BOTS[opponents]
            self._bot: Bot | None = None
        elif isinstance(opponents, Bot):
            self._bot_class, self._bot = None, opponents
        else:
            raise ValueError(f"opponents must be a Bot or one of {', '.join(_BOTS)}, got {opponents!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self.seat = seat
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(low=0.0, high=OBS_HIGH, shape=self.game.observation_shape, dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.game.num_distinct_actions,), dtype=np.int8),
        })
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self._state: Any = None   # the deal's state, a game's State
        self._pending = 0
        self._over = False

    def _observation(self) -> dict[str, np.ndarray]:
        s = self._state
        acting = not s.is_terminal and s.current_player == self.seat
        mask = s.legal_actions_mask(self._pending).astype(np.int8) if acting else np.zeros(self.game.num_distinct_actions, np.int8)
        return {"observation": s.observation_tensor(self.seat, self._pending if acting else 0), "action_mask": mask}

    def _others_play(self) -> None:
        s, bot = self._state, self._bot
        assert bot is not None   # made by reset()
        while not s.is_terminal and s.current_player != self.seat:
            s.apply(bot.act(s))

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        super().reset(seed=seed)
        deal_seed = _deal_seed(self.np_random)
        if self._bot_class is not None:
            self._bot = self._bot_class(_deal_seed(self.np_random))
        self._state = self.game.deal(seed=deal_seed, dealer=deal_seed % self.game.num_players)
        self._pending = 0
        self._over = False
        self._others_play()
        return self._observation(), {}

    def step(self, action: int):
        if self._state is None or self._over:
            raise RuntimeError("the episode is over (or not begun): call reset()")
        if not self._state.legal_actions_mask(self._pending)[int(action)]:
            self._over = True
            return self._observation(), self.illegal_reward, True, False, {"illegal_action": True}
        self._pending = self._state.apply_fixed(int(action), self._pending)
        if self._pending == 0:
            self._others_play()
        done = self._over = self._state.is_terminal
        reward = float(self._state.returns()[self.seat]) if done else 0.0
        return self._observation(), reward, done, False, {}

    def render(self) -> str | None:
        return str(self._state) if self.render_mode == "ansi" else None


class VectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` deals of a game stepped together in C++ (docs/rl.md), the GIL released, on
    ``threads`` threads. Every seat is an agent (``seat=None``: each env observes for its seat to
    act, ``info["seat"]``), or ``seat`` learns and the others are bots inside the core
    (``opponents``: "random" or "heuristic"). Observations are ``{"observation": (num_envs,
    *game.observation_shape), "action_mask": (num_envs, num_distinct_actions)}``, the observations
    float32, or uint8 with ``observation_dtype=np.uint8`` (the same values, at most 255: a quarter
    of the bytes to write and to keep, the faster choice for large batches); rewards are
    ``(num_envs, players)``, every seat's return when a deal ends. A deal that ended is dealt anew
    at the next step, whose action for it is ignored (Gymnasium's NEXT_STEP autoreset). The arrays
    are allocated once and rewritten by every call: copy what you keep."""

    metadata = {"autoreset_mode": gymnasium.vector.AutoresetMode.NEXT_STEP}

    def __init__(self, game: str | Game | type[Game], num_envs: int = 512, threads: int = 1, seed: int | None = None,
                 seat: int | None = None, opponents: str = "random", observation_dtype: Any = np.float32,
                 **options: Any) -> None:
        self.game = _game(game, options)
        n = self.game.num_players
        if opponents not in ("random", "heuristic"):
            raise ValueError(f"opponents must be 'random' or 'heuristic', got {opponents!r}")
        dtype = _observation_dtype(observation_dtype)
        core_class = next(d["vector_env"] for d in _core_games() if d["name"] == self.game.name)
        # The core checks num_envs (against this machine's memory too, before anything is
        # allocated), threads and seat.
        self._core = core_class(self.game.rules, num_envs, threads, seat, opponents == "heuristic", dtype == np.uint8)
        self.num_envs = num_envs
        self.seat = seat
        shape = self.game.observation_shape
        actions = self.game.num_distinct_actions
        self.single_observation_space = spaces.Dict({
            "observation": spaces.Box(low=0, high=OBS_HIGH, shape=shape, dtype=dtype),
            "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
        })
        self.single_action_space = spaces.Discrete(actions)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(low=0, high=OBS_HIGH, shape=(num_envs, *shape), dtype=dtype),
            "action_mask": spaces.Box(low=0, high=1, shape=(num_envs, actions), dtype=np.int8),
        })
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, actions))
        self._obs = np.zeros((num_envs, *shape), dtype)
        self._masks = np.zeros((num_envs, actions), bool)
        self._rewards = np.zeros((num_envs, n), np.float32)
        self._terminated = np.zeros(num_envs, bool)
        self._truncated = np.zeros(num_envs, bool)
        self._seats = np.zeros(num_envs, np.int32)
        self._seed = seed
        self._started = False

    def state(self, i: int) -> Any:
        """A copy of env ``i``'s deal as it is now (a game State; for analysis, rendering, tests)."""
        return self._core.state(i)

    def _outputs(self) -> tuple[np.ndarray, ...]:
        return self._obs, self._masks, self._rewards, self._terminated, self._seats

    def _observation(self) -> dict[str, np.ndarray]:
        return {"observation": self._obs, "action_mask": self._masks}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        if seed is None:
            seed = self._seed if self._seed is not None and not self._started else int(np.random.default_rng().integers(0, 2**63))
        self._core.reset(seed, *self._outputs())
        self._started = True
        return self._observation(), {"seat": self._seats}

    def step(self, actions: Any):
        if not self._started:
            raise RuntimeError("call reset() before step()")
        # The actions as given: the binding converts integer ids of any width, the core checks them
        # (one per env, each legal in its env) before it changes anything (docs/rl.md, "What step() refuses").
        self._core.step(actions, *self._outputs())
        return self._observation(), self._rewards, self._terminated, self._truncated, {"seat": self._seats}


def _observation_dtype(value: Any) -> np.dtype:
    """The VectorEnv's observation dtype: float32 or uint8 (what the core writes)."""
    accepted = "np.float32 or np.uint8 (or their names)"
    try:
        dtype = np.dtype(value)
    except TypeError:
        raise ValueError(f"observation_dtype must be {accepted}, got {value!r}") from None
    if dtype not in (np.dtype(np.float32), np.dtype(np.uint8)):
        raise ValueError(f"observation_dtype must be {accepted}, got {value!r}")
    return dtype


def _core_games() -> list[dict[str, Any]]:
    from . import _core

    return list(_core.games())
