"""Every game registered with OpenSpiel as a Python game (``import ninjadojo.rl.openspiel`` registers them).

``pyspiel.load_game("ninjadojo_ninjitsu(players=4,seed=7,options=target:30;expansions:promo+magic)")``
loads a game; its parameters are ``players`` (default: the game's least), ``seed`` (the seed of the
game's sequence of deals: the ``k``-th initial state dealt by a game object plays the engine's game
``derive_seed(seed, k)``, so every new state is a new deal and a run is repeatable from its seed; a state
is dealt when first looked at, so the states OpenSpiel makes itself to clone or deserialise one never
take a deal) and ``options``: the game's options written ``name:value`` joined by ``;``, a set's values
joined by ``+`` (OpenSpiel's game strings cannot hold ``=`` or ``,`` in a value). The command line's form
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

Search. ``state.resample_from_infostate(player, sampler)`` is the engine's determinisation for
``player`` (:func:`resample`), seeded from one draw of ``sampler``: OpenSpiel's Python ISMCTS
(``open_spiel.python.algorithms.ismcts``) uses it when it has no resampler of its own, and
:func:`ismcts_bot` makes that ISMCTS with :func:`resample` as its resampler, seeded for repeatable runs.
ISMCTS needs sequential dynamics and imperfect information: it plays every sequential registration but
Ninja Camp (OpenSpiel's MCTS searches that one). OpenSpiel's C++ ISMCTS (``pyspiel.ISMCTSBot``) cannot
search a Python game with pyspiel 2.0: its C++ side never forwards ``ResampleFromInfostate`` to
Python (the C++ default refuses an imperfect-information game), and ``ISMCTSBot.step`` releases the
GIL and then calls the Python state without it, which crashes the interpreter (``step_with_policy``
keeps the GIL and raises a ``pyspiel.SpielError`` instead).

Serialisation. A game serialises as OpenSpiel's ``Game::Serialize`` writes a sampled-stochastic game:
its string, then ``[GameRNGState]`` and its RNG state (:meth:`NinjaDojoGame.get_rng_state`: how many
games it has dealt); a state as OpenSpiel serialises a Python state (history, move number and its
fields pickled: the engine's whole state, random stream and log included). pyspiel 2.0 never asks a
Python game for its RNG state, so its C++ ``SerializeGameAndState`` fails on one: importing this module
wraps ``pyspiel.serialize_game_and_state``, ``pyspiel.deserialize_game_and_state`` and
``pyspiel.deserialize_game`` so that they handle ninjadojo games with :func:`serialize_game_and_state`,
:func:`deserialize_game_and_state` and :func:`deserialize_game` (any other game goes to pyspiel's own).
A state round-trips exactly: the same engine state, history and future, and its game deals the same
next games. ``pickle`` of a game or a state uses the same forms. A malformed text raises
:class:`~ninjadojo.engine.errors.SaveError` saying what is wrong; a text is unpickled only after a check
that it names nothing but ninjadojo's own classes. C++ callers (``random_sim_test(serialize=True)``)
still reach pyspiel's own functions, which fail.
"""

from __future__ import annotations

import base64
import binascii
import builtins
import functools
import io
import json
import pickle
import re
import sys
from collections.abc import Callable
from typing import Any

import numpy as np

try:
    import pyspiel  # type: ignore[import-not-found]
except ImportError as error:
    # (As ``import ninjadojo.rl`` says for its own libraries: what is missing and how to get it.)
    raise ImportError("ninjadojo.rl.openspiel needs OpenSpiel (the package open_spiel, part of the optional "
                      f"extra 'rl'; {error}): pip install 'ninjadojo[rl]'") from error

from ninjadojo.engine.errors import DojoError, OptionError, SaveError, SeatError, cap, quote
from ninjadojo.engine.options import format_value, parse_option_texts
from ninjadojo.engine.rng import Rng, derive_seed
from ninjadojo.engine.state import GameState
from ninjadojo.games import game_class, playable_games
from ninjadojo.rl.core import Table, rewards, whole_number
from ninjadojo.rl.encoding import seat_view

#: Games with nothing hidden from anyone (chance only in the deal), registered with PERFECT_INFORMATION.
PERFECT_INFORMATION_GAMES = ("ninja-camp",)
#: Games registered a second time with SIMULTANEOUS dynamics (name suffix ``_simultaneous``).
SIMULTANEOUS_GAMES = ("ninja-trap",)
#: Actions a game may run past its ``max_length`` option: the engine stops it at the first action everyone
#: sees from the limit on, after at most a few hidden ones (submissions of a stage, answers in a window).
LENGTH_MARGIN = 1000
#: The seeds a draw of a probability sampler picks from: a double in [0, 1) holds 53 random bits.
SAMPLER_SEEDS = 1 << 53
#: OpenSpiel's headers of a serialised game's RNG state and of ``SerializeGameAndState``'s sections.
RNG_SECTION = "[GameRNGState]"
_META, _GAME, _STATE = "[Meta]", "[Game]", "[State]"
_GENERATED = "# Automatically generated by OpenSpiel SerializeGameAndState"
#: The three lines of OpenSpiel's serialised Python state.
_HISTORY_TAG, _MOVE_TAG, _DICT_TAG = "history=", "move_number=", "__dict__="
_DIGITS = re.compile(r"[0-9]+")
_HISTORY = re.compile(r"-?[0-9]+:[0-9]+(,-?[0-9]+:[0-9]+)*")
_OURS = re.compile(r"^\[Game\]\n(?:\n|#[^\n]*\n)*ninjadojo_", re.MULTILINE)
#: What a serialised state may name when unpickled: ninjadojo's game code and these builtins.
_PICKLED_MODULES = ("ninjadojo.engine.", "ninjadojo.games.", "ninjadojo.rl.openspiel")
_PICKLED_BUILTINS = frozenset({"bytearray", "set", "frozenset"})


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
        """A new game, dealt when first looked at: the ``k``-th state dealt plays the engine's game
        ``derive_seed(seed, k)``.

        OpenSpiel calls this too to clone or deserialise a state (it then overwrites the new state's
        fields): dealing on first use keeps those calls from taking a deal (and from dealing a whole
        game for nothing). Its C++ side measures a tensor's shape on a new state, which does take one;
        this game's own ``observation_tensor_shape`` and the like do not.
        """
        return NinjaDojoState(self)

    def observation_tensor_shape(self) -> list[int]:
        """The observation tensor's shape, ``[size]`` (pyspiel's own measures it on a new state, which
        would take a deal of the game's sequence)."""
        return [self.table.encoder.size]

    def observation_tensor_size(self) -> int:
        """The observation tensor's size (see :meth:`observation_tensor_shape`)."""
        return int(self.table.encoder.size)

    information_state_tensor_shape = observation_tensor_shape
    information_state_tensor_size = observation_tensor_size

    def deal(self) -> GameState[Any]:
        """The next engine game of this game's sequence (``derive_seed(seed, k)`` for the ``k``-th)."""
        engine = self.table.new(derive_seed(self.seed, self._dealt))
        self._dealt += 1
        return engine

    def get_rng_state(self) -> str:
        """The game's random state as OpenSpiel's ``GetRNGState`` gives it: how many games it has dealt."""
        return str(self._dealt)

    def set_rng_state(self, text: str) -> None:
        """Restore :meth:`get_rng_state`: the next game dealt is the one that came next when it was taken."""
        if not isinstance(text, str) or not _DIGITS.fullmatch(text.strip()):
            raise SaveError("a ninjadojo game's RNG state is the count of games it has dealt (digits 0-9), "
                            f"not {quote(text, 80)}")
        self._dealt = int(text)

    def serialize(self) -> str:
        """The game as OpenSpiel's ``Game::Serialize`` writes a sampled-stochastic game: its string, then
        ``[GameRNGState]`` and :meth:`get_rng_state`. (pyspiel's own never asks a Python game for its
        RNG state, and fails.)"""
        return f"{self}\n{RNG_SECTION}\n{self.get_rng_state()}"

    def deserialize_state(self, text: str) -> NinjaDojoState:
        """A state of this game from :meth:`NinjaDojoState.serialize` text, exactly as it was.

        A malformed text raises :class:`SaveError` saying what is wrong (OpenSpiel's own stops on a
        failed check, or unpickles whatever the text holds): the text is unpickled only after a check
        that it names nothing but ninjadojo's game classes, and what it holds must be a state of this
        game whose position passes the engine's checks.
        """
        check_state_text(self, text)
        state = pyspiel.Game.deserialize_state(self, text)
        assert isinstance(state, NinjaDojoState)
        return state

    def __reduce__(self) -> tuple[Any, ...]:
        # pyspiel pickles a game through Game::Serialize, which fails on a Python game (see serialize).
        return deserialize_game, (self.serialize(),)


    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> Observer:
        """The observer OpenSpiel uses for observation and information-state strings and tensors."""
        if params:
            raise OptionError(f"the ninjadojo observers take no parameters, not {quote(params)}")
        if iig_obs_type is not None and not (iig_obs_type.public_info
                                             and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER):
            # (Else the player's own view, private cards and all, would pass for what was asked.)
            raise OptionError(f"the ninjadojo observers give a player's own view (public_info=True, private_info="
                              f"SINGLE_PLAYER, with or without perfect_recall), not public_info="
                              f"{iig_obs_type.public_info}, private_info={iig_obs_type.private_info.name}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self.table, perfect_recall)



class _Engine:
    """The engine's state of an OpenSpiel state, with its table and its observers' memo.

    OpenSpiel clones a Python state by making a new initial state and deep-copying the old one's fields
    into it, and serialises one by pickling its fields; this is the field that matters. It deals its game
    when first asked for it (from ``dealer``), clones the engine's state when deep-copied (a deep copy
    would copy the read-only options, the table and the memo), and pickles as the engine's state and the
    table's parameters.
    """

    __slots__ = ("_game", "dealer", "memo", "table")

    def __init__(self, game: GameState[Any] | None, table: Table, dealer: NinjaDojoGame | None = None) -> None:
        self._game = game
        self.table = table
        self.dealer = dealer
        #: The observers' strings and tensors of this position, by (kind, player), until the next action:
        #: searches ask for the same player's information state several times per node.
        self.memo: dict[tuple[str, int], Any] = {}

    @property
    def game(self) -> GameState[Any]:
        """The engine's state (dealt now if it was not yet)."""
        game = self._game
        if game is None:
            assert self.dealer is not None
            game = self._game = self.dealer.deal()
            self.dealer = None
        return game

    def __deepcopy__(self, memo: dict[int, object]) -> _Engine:
        return _Engine(self.game.clone(), self.table)

    def __reduce__(self) -> tuple[Any, ...]:
        table = self.table
        return _restore_engine, (table.game_id, table.players, dict(table.options), self.game)


def _restore_engine(game_id: str, players: int, options: dict[str, Any], game: GameState[Any]) -> _Engine:
    """Unpickle an :class:`_Engine` (its table rebuilt from its parameters, shared by equal ones)."""
    return _Engine(game, _table(game_id, players, tuple(sorted(options.items()))))


@functools.lru_cache(maxsize=64)
def _table(game_id: str, players: int, options: tuple[tuple[str, Any], ...]) -> Table:
    return Table(game_id, players, dict(options))


class NinjaDojoState(pyspiel.State):  # type: ignore[misc]
    """A position of a ninjadojo game as an OpenSpiel state; ``engine`` is the engine's state.

    Without ``engine``, the next game of ``game``'s sequence, dealt when first looked at.
    """

    def __init__(self, game: NinjaDojoGame, engine: GameState[Any] | None = None) -> None:
        super().__init__(game)
        self._engine = _Engine(engine, game.table, game if engine is None else None)
        self._simultaneous = game.SIMULTANEOUS

    @property
    def engine(self) -> GameState[Any]:
        """The engine's state of this position (the whole truth: do not show it to a player)."""
        return self._engine.game

    @property
    def memo(self) -> dict[tuple[str, int], Any]:
        """The observers' strings and tensors of this position, by (kind, player), until the next action."""
        return self._engine.memo

    def current_player(self) -> int:
        """The player to act (OpenSpiel's TERMINAL at the end; SIMULTANEOUS at a stage of the simultaneous form)."""
        engine = self._engine.game
        if engine.result is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        if self._simultaneous and engine.frames[-1].simultaneous:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return engine.to_act()[0]

    def _legal_actions(self, player: int) -> list[int]:
        """The player's legal action ids, ascending (none for a player who is not asked, nor for OpenSpiel's
        negative player ids); a player the game does not have raises :class:`SeatError`."""
        engine = self._engine.game
        if player >= engine.num_players:
            raise SeatError(f"there is no player {player} in a {engine.num_players}-player game; players are 0 to "
                            f"{engine.num_players - 1}")
        if engine.result is not None:
            return []
        to_act = engine.to_act()
        if player not in to_act or (not self._simultaneous and player != to_act[0]):
            return []
        index = self._engine.table.space.index
        return sorted(index[action] for action in engine.legal_actions(player))

    def _apply_action(self, action: int) -> None:
        engine = self._engine.game
        if engine.result is not None:
            raise OptionError("the game is over: no action can be applied")
        if self._simultaneous and engine.frames[-1].simultaneous:
            # (Else the action would be the first seat's alone, and the history a joint action's.)
            raise OptionError(f"this is a simultaneous node of {self.get_game().get_type().short_name}: apply a "
                              f"joint action, state.apply_actions([...]) with one action id per player "
                              f"({engine.num_players})")
        seat = engine.to_act()[0]
        text = self._engine.table.action_text(action, seat)
        self._engine.memo.clear()
        engine.apply(seat, text)

    def _apply_actions(self, actions: list[int]) -> None:
        """A joint action of the simultaneous form: each asked seat's action (the others' are ignored). An
        illegal one raises :class:`~ninjadojo.engine.errors.IllegalActionError` and changes nothing."""
        engine = self._engine.game
        if engine.result is not None:
            raise OptionError("the game is over: no action can be applied")
        players = engine.num_players
        if len(actions) != players:
            raise OptionError(f"a joint action holds one action id per player ({players}), not {len(actions)}: "
                              f"{list(actions)}")
        texts = [(seat, self._engine.table.action_text(actions[seat], seat)) for seat in engine.to_act()]
        for seat, text in texts:
            # Every action is checked before any is applied: a joint action with an illegal one changes
            # nothing (the engine applies each seat's choice as it comes, so seats before it would be).
            if not engine.is_legal(seat, text):
                engine.clone().apply(seat, text)  # raises the engine's error, saying why, on a copy
        self._engine.memo.clear()
        for seat, text in texts:
            engine.apply(seat, text)

    def apply_action_with_legality_check(self, action: int) -> None:
        """OpenSpiel's ``ApplyActionWithLegalityCheck``: apply ``action`` if it is legal, else raise
        :class:`pyspiel.SpielError` naming it, why it is refused and the legal ids, and change nothing.

        (pyspiel's own builds its refusal by serialising the game, which its C++ side cannot do for a Python
        game: it failed with "GetRNGState unimplemented". C++ callers still reach that one.)
        """
        player = self.current_player()
        if player >= 0:  # (at a simultaneous node or the end, apply_action says why none is applied)
            self._check_legal(player, action)
        self.apply_action(action)

    def apply_actions_with_legality_checks(self, actions: list[int]) -> None:
        """OpenSpiel's ``ApplyActionsWithLegalityChecks`` (a joint action of the simultaneous form): every
        asked player's action checked as :meth:`apply_action_with_legality_check` checks one, then applied."""
        engine = self._engine.game
        if engine.result is None and len(actions) == engine.num_players:
            for seat in engine.to_act():
                self._check_legal(seat, actions[seat])
        self.apply_actions(actions)

    def _check_legal(self, player: int, action: object) -> None:
        legal = self.legal_actions(player) if player >= 0 else []
        if isinstance(action, int | np.integer) and not isinstance(action, bool) and int(action) in legal:
            return
        name = self.get_game().get_type().short_name
        why = ""
        try:
            # The engine says why on a copy (an id it would take for another player is refused here alone).
            self._engine.game.clone().apply(player, self._engine.table.action_text(action, player))
        except (DojoError, ValueError, TypeError) as error:
            why = str(error)
        shown = ", ".join(map(str, legal[:20])) + (f" and {len(legal) - 20} more" if len(legal) > 20 else "")
        raise pyspiel.SpielError(f"{name}: player {player} cannot apply action {quote(action, 40)}: "
                                 f"{why or 'it is not legal now'}; legal ids now: {shown or 'none'}")

    def _action_to_string(self, player: int, action: int) -> str:
        return self._engine.table.action_text(action, player)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._engine.game.result is not None

    def returns(self) -> list[float]:
        """Each player's reward: 0 until the end, then a win 1 (shared) and a loss 0."""
        engine = self._engine.game
        return rewards(engine.result, engine.num_players)

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> NinjaDojoState:
        """OpenSpiel's ``ResampleFromInfostate``: :func:`resample` for ``player_id``, seeded from one draw of
        ``probability_sampler`` (a callable giving a float in [0, 1), as OpenSpiel's samplers do).

        OpenSpiel's Python ISMCTS calls it when it has no resampler. (pyspiel 2.0's C++ side never
        forwards ``ResampleFromInfostate`` to a Python state, so its C++ algorithms cannot reach it.)
        """
        draw = probability_sampler()
        if isinstance(draw, bool) or not isinstance(draw, int | float | np.floating) or not 0 <= draw < 1:
            raise ValueError(f"a probability sampler gives a float in [0, 1), not {quote(draw, 80)}")
        return resample(self, int(player_id), int(float(draw) * SAMPLER_SEEDS))

    def serialize(self) -> str:
        """OpenSpiel's serialised Python state: ``history=``, ``move_number=`` and ``__dict__=`` lines, the
        last the state's fields pickled (the engine's whole state, random stream and log included), for
        :meth:`NinjaDojoGame.deserialize_state`."""
        # A state not yet dealt takes its deal now, before anything reads its game's RNG state.
        _ = self._engine.game
        text = pyspiel.State.serialize(self)
        assert isinstance(text, str)
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        # pyspiel pickles a state through SerializeGameAndState, which fails on a Python game. The state is
        # serialised here, before its game is pickled, so that a deal it takes is in the game's RNG state.
        text = self.serialize()
        return _restore_state, (self.get_game(), text)

    def __str__(self) -> str:
        return self._engine.game.to_notation()


def _restore_state(game: NinjaDojoGame, text: str) -> NinjaDojoState:
    """Unpickle a :class:`NinjaDojoState`. The check of text from outside (:meth:`NinjaDojoGame.deserialize_state`)
    is skipped: inside a pickle it would protect nothing (whoever wrote the pickle could run code anyway),
    and it costs a replay of the position."""
    state = pyspiel.Game.deserialize_state(game, text)
    assert isinstance(state, NinjaDojoState)
    return state


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

    In a simultaneous stage serialised in seat order, the seats that have chosen in the real game keep
    ``player``'s own choice (it knows it), but the others' hidden choices are withdrawn in the sample: they
    choose again there, at random among their legal actions (from ``seed``'s stream), so that the seat to
    act in the sample is the game's (``player`` itself, or a later seat when ``player`` has chosen
    already). The sample's information state for ``player`` is the game's.
    """
    engine = state.engine
    sample = engine.determinize(player, seed)
    rng = Rng(derive_seed(seed, 1))
    top = engine.frames[-1] if engine.frames else None
    if top is not None and top.simultaneous:
        chosen = [seat for seat in top.participants() if seat not in top.seats]
        for seat in chosen:
            actions = sample.legal_actions(seat)
            if seat == player or not actions:
                continue  # its choice is in the sample as in the game
            sample.apply(seat, actions[rng.randbelow(len(actions))])
    return NinjaDojoState(state.get_game(), sample)


def ismcts_bot(game: NinjaDojoGame, simulations: int, seed: int = 0, uct_c: float = 2.0) -> Any:
    """OpenSpiel's Python ISMCTS with random rollouts, resampling with :func:`resample`. ISMCTS searches
    sequential games of imperfect information: a game of another kind is refused (OpenSpiel's bot would
    fail at its first step)."""
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

    kind = game.get_type()
    if kind.dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
        raise OptionError(f"{kind.short_name} is a simultaneous game, which ISMCTS cannot search: search its "
                          f"sequential registration, {kind.short_name.removesuffix('_simultaneous')}")
    if kind.information != pyspiel.GameType.Information.IMPERFECT_INFORMATION:
        raise OptionError(f"{kind.short_name} is a game of perfect information, which ISMCTS does not search: "
                          "use OpenSpiel's MCTS (open_spiel.python.algorithms.mcts.MCTSBot)")

    # (OpenSpiel's bot asserts a positive budget without a word, and numpy's RandomState takes 32-bit seeds.)
    if whole_number(simulations, "number of simulations") < 1:
        raise OptionError(f"the number of simulations must be at least 1, not {quote(simulations)}")
    if not 0 <= whole_number(seed, "seed") < 2**32:
        raise OptionError(f"the seed of an ismcts_bot must be a whole number from 0 to {2**32 - 1}, not {quote(seed)}")
    random_state = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c, simulations, random_state=random_state)
    seeds = Rng(seed)
    bot.set_resampler(lambda state, player: resample(state, player, seeds.next_u64()))
    return bot


class _CheckingUnpickler(pickle.Unpickler):
    """Unpickles only what a serialised state may hold: what ninjadojo's game code defines (in a module
    already imported) and a few builtin containers; anything else is refused before it is loaded."""

    def find_class(self, module: str, name: str) -> Any:
        if module == "builtins" and name in _PICKLED_BUILTINS:
            return getattr(builtins, name)
        loaded = sys.modules.get(module)
        found = getattr(loaded, name, None) if "." not in name else None
        if (loaded is None or found is None or not module.startswith(_PICKLED_MODULES)
                or getattr(found, "__module__", None) != module):
            raise SaveError("a serialised ninjadojo state holds the game's own classes, not "
                            f"{quote(f'{module}.{name}')}")
        return found


def check_state_text(game: NinjaDojoGame, text: object) -> None:
    """Raise :class:`SaveError`, saying what is wrong, unless ``text`` is a serialised state of ``game``
    (:meth:`NinjaDojoState.serialize`) whose position passes the engine's checks."""
    if not isinstance(text, str):
        raise SaveError(f"a serialised state is text, not {type(text).__name__}")
    lines = text.split("\n", 2)
    if (len(lines) != 3 or not lines[0].startswith(_HISTORY_TAG) or not lines[1].startswith(_MOVE_TAG)
            or not lines[2].startswith(_DICT_TAG)):
        raise SaveError(f"a serialised ninjadojo state is three lines, '{_HISTORY_TAG}...', '{_MOVE_TAG}...' and "
                        f"'{_DICT_TAG}...', not {quote(text)}")
    history, move, fields_text = lines[0][len(_HISTORY_TAG):], lines[1][len(_MOVE_TAG):], lines[2][len(_DICT_TAG):]
    if history and not _HISTORY.fullmatch(history):
        raise SaveError(f"a serialised state's history is player:action pairs joined by ',', not {quote(history)}")
    if not _DIGITS.fullmatch(move):
        raise SaveError(f"a serialised state's move number is a count (digits 0-9), not {quote(move)}")
    try:
        data = base64.b64decode(fields_text, validate=True)
    except (binascii.Error, ValueError):
        raise SaveError(f"a serialised state's fields are base64, not {quote(fields_text)}") from None
    try:
        fields = _CheckingUnpickler(io.BytesIO(data)).load()
    except SaveError:
        raise
    except Exception as error:  # a damaged pickle fails in many ways; each is a bad text, said the same way
        raise SaveError(f"a serialised state's fields do not unpickle: {_reason(error)}") from None
    if not isinstance(fields, dict) or set(fields) != {"_engine", "_simultaneous"}:
        raise SaveError("a serialised state's fields are '_engine' and '_simultaneous', not "
                        f"{quote(sorted(fields) if isinstance(fields, dict) else fields)}")
    engine, simultaneous = fields["_engine"], fields["_simultaneous"]
    table = game.table
    if not isinstance(engine, _Engine) or (engine.table.game_id, engine.table.players, engine.table.options) != (
            table.game_id, table.players, table.options) or simultaneous is not game.SIMULTANEOUS:
        raise SaveError(f"this serialised state is not a state of {game}")
    position = engine.game
    try:
        if type(position) is not table.cls or (position.num_players, dict(position.options)) != (
                table.players, table.options):
            raise SaveError(f"this serialised state holds a game that is not {game}")
        type(position).from_notation(position.to_notation())
    except DojoError as error:
        raise SaveError(f"this serialised state holds an impossible position: {error}") from None
    except Exception as error:  # fields put together by hand may break anything the checks read
        raise SaveError(f"this serialised state holds a broken game: {_reason(error)}") from None


def _reason(error: Exception) -> str:
    return cap(str(error) or type(error).__name__)


def serialize_game_and_state(game: NinjaDojoGame, state: NinjaDojoState) -> str:
    """``pyspiel.serialize_game_and_state`` for a ninjadojo game: OpenSpiel's text, with the game's RNG
    state that pyspiel cannot get from a Python game."""
    if not isinstance(game, NinjaDojoGame) or not isinstance(state, NinjaDojoState):
        raise TypeError("serialize_game_and_state takes a ninjadojo game and one of its states")
    # The state first: a state not yet dealt takes its deal, which the game's RNG state must count.
    state_text = state.serialize()
    return f"{_GENERATED}\n{_META}\nVersion: 1\n\n{_GAME}\n{game.serialize()}\n{_STATE}\n{state_text}\n"


def deserialize_game_and_state(text: str) -> tuple[NinjaDojoGame, NinjaDojoState]:
    """``pyspiel.deserialize_game_and_state`` for a ninjadojo game: the game (its RNG state restored) and
    the state, exactly as serialised. A malformed text raises :class:`SaveError` saying what is wrong."""
    if not isinstance(text, str):
        raise SaveError(f"a serialised game and state is text, not {type(text).__name__}")
    sections: dict[str, list[str]] = {_META: [], _GAME: [], _STATE: []}
    order = [_META, _GAME, _STATE]
    section = ""
    for line in text.split("\n"):
        if not line or line.startswith("#"):
            continue  # comments and blank lines, as OpenSpiel skips them
        if line in sections:
            if order.index(line) != (order.index(section) + 1 if section else 0):
                raise SaveError(f"a serialised game and state has the sections {', '.join(order)} in this order; "
                                f"{line} is out of place")
            section = line
        elif not section:
            raise SaveError(f"a serialised game and state starts with {_META}, not {quote(line)}")
        else:
            sections[section].append(line)
    if section != _STATE:
        raise SaveError(f"a serialised game and state has {', '.join(order)} sections; this one ends "
                        f"{'in ' + section if section else 'before any'}")
    game = deserialize_game("\n".join(sections[_GAME]))
    return game, game.deserialize_state("\n".join(sections[_STATE]))


def deserialize_game(text: str) -> NinjaDojoGame:
    """``pyspiel.deserialize_game`` for a ninjadojo game: the game of :meth:`NinjaDojoGame.serialize`
    text, whose next deal is the one that came next when it was serialised."""
    if not isinstance(text, str):
        raise SaveError(f"a serialised game is text, not {type(text).__name__}")
    name, header, rng_state = text.partition(RNG_SECTION)
    name = name.strip()
    if not name.startswith("ninjadojo_"):
        raise SaveError(f"not a serialised ninjadojo game: {quote(text)}")
    try:
        game = pyspiel.load_game(name)
    except (pyspiel.SpielError, DojoError) as error:
        raise SaveError(f"the serialised game {quote(name)} does not load: {cap(str(error))}") from None
    if not isinstance(game, NinjaDojoGame):
        raise SaveError(f"the serialised game {quote(name)} is not a ninjadojo game")
    if header:
        game.set_rng_state(rng_state.strip())
    return game


def _install_in_pyspiel() -> None:
    """Wrap pyspiel's module functions that serialise a game so that they handle ninjadojo games (pyspiel's
    C++ ones never ask a Python game for its RNG state); any other game goes to pyspiel's own, unchanged.
    C++ code (``random_sim_test(serialize=True)``) still calls pyspiel's own, which fails on ours."""
    if getattr(pyspiel.serialize_game_and_state, "ninjadojo", False):
        return
    serialize, deserialize, load = (pyspiel.serialize_game_and_state, pyspiel.deserialize_game_and_state,
                                    pyspiel.deserialize_game)

    def serialize_any(game: Any, state: Any) -> str:
        if isinstance(game, NinjaDojoGame):
            return serialize_game_and_state(game, state)
        return str(serialize(game, state))

    def deserialize_any(text: str) -> Any:
        if isinstance(text, str) and _OURS.search(text):
            return deserialize_game_and_state(text)
        return deserialize(text)

    def deserialize_game_any(text: str) -> Any:
        if isinstance(text, str) and text.lstrip().startswith("ninjadojo_"):
            return deserialize_game(text)
        return load(text)

    for wrapper, original in ((serialize_any, serialize), (deserialize_any, deserialize),
                              (deserialize_game_any, load)):
        functools.update_wrapper(wrapper, original)
        setattr(wrapper, "ninjadojo", True)  # noqa: B010 - marks the wrappers, so that they are installed once
    pyspiel.serialize_game_and_state = serialize_any
    pyspiel.deserialize_game_and_state = deserialize_any
    pyspiel.deserialize_game = deserialize_game_any


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
_install_in_pyspiel()
