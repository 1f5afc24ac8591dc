"""Every game registered with OpenSpiel as a Python game (``import ninjadojo.rl.openspiel`` registers them).

``pyspiel.load_game("ninjadojo_ninjitsu(players=4,seed=7,options=target:30;expansions:promo+magic)")``
loads a game; its parameters are ``players`` (default: the game's least), ``seed`` (the seed of the
first initial state: the ``k``-th ``new_initial_state()`` of a game object plays the engine's game
``derive_seed(seed, k)``, so every new state is a new deal and a run is repeatable from its seed) and
``options``: the game's options written ``name:value`` joined by ``;``, a set's values joined by ``+``
(OpenSpiel's game strings cannot hold ``=`` or ``,`` in a value). The command line's form
(``target=30,expansions=promo,magic``) is accepted too, in a parameter dict:
``pyspiel.load_game("ninjadojo_ninjitsu", {"options": "target=30"})``.

The game type, for every game:

- dynamics SEQUENTIAL: one player at a time, the engine's ``to_act()[0]``. A simultaneous stage (Ninja
  Trap's every stage, Ninjitsu!'s Elements) is serialised in seat order: each player chooses in turn,
  and nothing a player observes tells it what those before it chose (the engine keeps submissions
  hidden until the stage resolves). Ninja Trap is registered a second time with SIMULTANEOUS dynamics
  as ``ninjadojo_ninja_trap_simultaneous``, whose every node is a joint action of the seats the stage
  asks (the others have no legal action, as OpenSpiel's simultaneous games do);
- chance SAMPLED_STOCHASTIC: the engine shuffles and deals inside ``apply`` from the state's own
  random stream (seeded as above); there are no chance nodes;
- information IMPERFECT_INFORMATION, but for Ninja Camp (PERFECT_INFORMATION: everything is face up
  and chance is only the deal);
- utility GENERAL_SUM and reward model TERMINAL: the returns at the end are
  :func:`ninjadojo.rl.core.rewards` (a win 1, shared equally by the winners; a loss 0; a game stopped
  at its maximum length 0 for everyone), in [0, 1];
- information-state string: the player's whole view (``state.observe(player)``, its log included: the
  history of what the player has seen), as JSON; observation string: the view without its log; both
  tensors: the observation tensor of :mod:`ninjadojo.rl.encoding` (the player's current view; it holds
  no history, so the information-state tensor is the same tensor).

:func:`ismcts_bot` makes OpenSpiel's Python ISMCTS (``open_spiel.python.algorithms.ismcts``) search with
the engine's determinisation as its resampler (:func:`resample`).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from ninjadojo.engine.errors import OptionError, quote
from ninjadojo.engine.options import format_value, parse_option_texts
from ninjadojo.engine.rng import Rng, derive_seed
from ninjadojo.engine.state import GameState
from ninjadojo.games import game_class, playable_games
from ninjadojo.rl.core import Table, rewards
from ninjadojo.rl.encoding import seat_view

#: Games with nothing hidden from anyone (chance only in the deal), registered with PERFECT_INFORMATION.
PERFECT_INFORMATION_GAMES = ("ninja-camp",)
#: Games registered a second time with SIMULTANEOUS dynamics (name suffix ``_simultaneous``).
SIMULTANEOUS_GAMES = ("ninja-trap",)
#: Actions a game may run past its ``max_length`` option: the engine stops it at the first action everyone
#: sees from the limit on, after at most a few hidden ones (submissions of a stage, answers in a window).
LENGTH_MARGIN = 1000


def short_name(game_id: str, simultaneous: bool = False) -> str:
    """The OpenSpiel name of a game: ``ninjadojo_knights_and_ninjas`` (``..._simultaneous``)."""
    return "ninjadojo_" + game_id.replace("-", "_") + ("_simultaneous" if simultaneous else "")


def game_type(game_id: str, simultaneous: bool = False) -> pyspiel.GameType:
    """The OpenSpiel game type of a game (see the module docstring)."""
    cls = game_class(game_id)
    spec = cls.SPEC
    information = (pyspiel.GameType.Information.PERFECT_INFORMATION if game_id in PERFECT_INFORMATION_GAMES
                   else pyspiel.GameType.Information.IMPERFECT_INFORMATION)
    return pyspiel.GameType(
        short_name=short_name(game_id, simultaneous),
        long_name=f"ninjadojo {spec.title}" + (" (simultaneous)" if simultaneous else ""),
        dynamics=(pyspiel.GameType.Dynamics.SIMULTANEOUS if simultaneous
                  else pyspiel.GameType.Dynamics.SEQUENTIAL),
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=information,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": spec.min_players, "seed": 0, "options": ""},
    )


def parse_options(game_id: str, text: str) -> dict[str, str]:
    """The options of an ``options`` parameter: ``target:30;expansions:promo+magic``, or the command
    line's ``target=30,expansions=promo,magic``."""
    if "=" not in text:
        text = text.replace(":", "=").replace(";", ",").replace("+", ",")
    return parse_option_texts(game_id, [text] if text else [])


def options_parameter(table: Table) -> str:
    """The ``options`` parameter of a game (those that differ from the defaults), as OpenSpiel writes it."""
    defaults = {option.name: option.default for option in table.cls.option_specs()}
    return ";".join(f"{name}:{format_value(value).replace(',', '+')}" for name, value in sorted(table.options.items())
                    if value != defaults.get(name))


class NinjaDojoGame(pyspiel.Game):  # type: ignore[misc]
    """A ninjadojo game as an OpenSpiel game (one subclass per game id, made by :func:`register`)."""

    GAME_ID = ""
    SIMULTANEOUS = False

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        spec = game_class(self.GAME_ID).SPEC
        players = params.get("players", spec.min_players)
        seed = params.get("seed", 0)
        text = params.get("options", "")
        if not isinstance(text, str):
            raise OptionError(f"options is text such as 'target:30;expansions:promo+magic', not {quote(text)}")
        self.table = table = Table(self.GAME_ID, players, parse_options(self.GAME_ID, text))
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise OptionError(f"seed must be a whole number from 0, not {quote(seed)}")
        self.seed = seed
        self._dealt = 0
        max_length = table.options.get("max_length")
        assert isinstance(max_length, int)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(table.actions),
            max_chance_outcomes=0,
            num_players=table.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=max_length + LENGTH_MARGIN,
        )
        super().__init__(game_type(self.GAME_ID, self.SIMULTANEOUS), info,
                         {"players": table.players, "seed": seed, "options": options_parameter(table)})

    def new_initial_state(self) -> NinjaDojoState:
        """A new game: the ``k``-th call plays the engine's game ``derive_seed(seed, k)``."""
        engine = self.table.new(derive_seed(self.seed, self._dealt))
        self._dealt += 1
        return NinjaDojoState(self, engine)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> Observer:
        """The observer OpenSpiel uses for observation and information-state strings and tensors."""
        if params:
            raise OptionError(f"the ninjadojo observers take no parameters, not {quote(params)}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self.table, perfect_recall)


class _Engine:
    """The engine state of an OpenSpiel state and its table: OpenSpiel clones a Python state by deep-copying
    it, and this clones the engine's state (a deep copy would copy its read-only options, and the table)."""

    __slots__ = ("game", "table")

    def __init__(self, game: GameState[Any], table: Table) -> None:
        self.game = game
        self.table = table

    def __deepcopy__(self, memo: dict[int, object]) -> _Engine:
        return _Engine(self.game.clone(), self.table)


class NinjaDojoState(pyspiel.State):  # type: ignore[misc]
    """A position of a ninjadojo game as an OpenSpiel state; ``engine`` is the engine's state."""

    def __init__(self, game: NinjaDojoGame, engine: GameState[Any]) -> None:
        super().__init__(game)
        self._engine = _Engine(engine, game.table)
        self._simultaneous = game.SIMULTANEOUS
        #: The observers' strings and tensors of this position, by (kind, player), until the next action:
        #: searches ask for the same player's information state several times per node.
        self.memo: dict[tuple[str, int], Any] = {}

    @property
    def engine(self) -> GameState[Any]:
        """The engine's state of this position (the whole truth: do not show it to a player)."""
        return self._engine.game

    def current_player(self) -> int:
        """The player to act (OpenSpiel's TERMINAL at the end; SIMULTANEOUS at a stage of the simultaneous form)."""
        engine = self._engine.game
        if engine.result is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        if self._simultaneous and engine.frames[-1].simultaneous:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return engine.to_act()[0]

    def _legal_actions(self, player: int) -> list[int]:
        """The player's legal action ids, ascending (none for a player who is not asked)."""
        engine = self._engine.game
        if engine.result is not None:
            return []
        to_act = engine.to_act()
        if player not in to_act or (not self._simultaneous and player != to_act[0]):
            return []
        index = self._engine.table.space.index
        return sorted(index[action] for action in engine.legal_actions(player))

    def _apply_action(self, action: int) -> None:
        self.memo.clear()
        engine = self._engine.game
        engine.apply(engine.to_act()[0], self._engine.table.actions[action])

    def _apply_actions(self, actions: list[int]) -> None:
        """A joint action of the simultaneous form: each asked seat's action (the others' are ignored)."""
        self.memo.clear()
        engine = self._engine.game
        texts = self._engine.table.actions
        for seat in engine.to_act():
            engine.apply(seat, texts[actions[seat]])

    def _action_to_string(self, player: int, action: int) -> str:
        return self._engine.table.actions[action]

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._engine.game.result is not None

    def returns(self) -> list[float]:
        """Each player's reward: 0 until the end, then a win 1 (shared) and a loss 0."""
        engine = self._engine.game
        return rewards(engine.result, engine.num_players)

    def __str__(self) -> str:
        return self._engine.game.to_notation()


class Observer:
    """OpenSpiel's Python observer (``PyObserver``): a player's view as a tensor and a string.

    ``perfect_recall`` (OpenSpiel's information state) adds the view's log, the history of what the
    player has seen, to the string; the tensor is the same either way (it encodes the current view).
    """

    def __init__(self, table: Table, perfect_recall: bool) -> None:
        self.table = table
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(table.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: NinjaDojoState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state``."""
        key = ("tensor", player)
        tensor = state.memo.get(key)
        if tensor is None:
            tensor = state.memo[key] = self.table.encoder.encode(state.engine, player)
        self.tensor[:] = tensor

    def string_from(self, state: NinjaDojoState, player: int) -> str:
        """``player``'s view of ``state`` as JSON (with its log for an information state)."""
        key = ("information state" if self.perfect_recall else "observation", player)
        text = state.memo.get(key)
        if text is None:
            engine = state.engine
            view = engine.observe(player) if self.perfect_recall else seat_view(engine, player)
            text = state.memo[key] = json.dumps(view, sort_keys=True, separators=(",", ":"))
        assert isinstance(text, str)
        return text


def resample(state: NinjaDojoState, player: int, seed: int) -> NinjaDojoState:
    """A state ``player`` cannot tell from ``state``: the engine's determinisation for that player.

    In a simultaneous stage serialised in seat order, the seats before ``player`` have chosen in the
    real game, but their hidden choices are withdrawn in the sample: they choose again there, at random
    among their legal actions (from ``seed``'s stream), so that ``player`` is to act in the sample as in
    the game. The sample's information state for ``player`` is the game's.
    """
    engine = state.engine
    sample = engine.determinize(player, seed)
    rng = Rng(derive_seed(seed, 1))
    top = engine.frames[-1] if engine.frames else None
    if top is not None and top.simultaneous:
        chosen = [seat for seat in top.participants() if seat not in top.seats]
        for seat in chosen:
            actions = sample.legal_actions(seat)
            sample.apply(seat, actions[rng.randbelow(len(actions))])
    return NinjaDojoState(state.get_game(), sample)


def ismcts_bot(game: NinjaDojoGame, simulations: int, seed: int = 0, uct_c: float = 2.0) -> Any:
    """OpenSpiel's Python ISMCTS with random rollouts, resampling with :func:`resample`."""
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

    random_state = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c, simulations, random_state=random_state)
    seeds = Rng(seed)
    bot.set_resampler(lambda state, player: resample(state, player, seeds.next_u64()))
    return bot


def register() -> list[str]:
    """Register every playable game with OpenSpiel (once); the names registered."""
    names = []
    registered = set(pyspiel.registered_names())
    for game_id in playable_games():
        for simultaneous in (False, True) if game_id in SIMULTANEOUS_GAMES else (False,):
            name = short_name(game_id, simultaneous)
            names.append(name)
            if name in registered:
                continue
            cls = type(f"NinjaDojo_{name}", (NinjaDojoGame,), {"GAME_ID": game_id, "SIMULTANEOUS": simultaneous})
            pyspiel.register_game(game_type(game_id, simultaneous), cls)
    return names


GAMES = register()
