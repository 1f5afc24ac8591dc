"""What a bot is, and what it may see.

A bot is given a :class:`SeatView`: the seat's view of the game, its legal actions and the
determiniser. It never receives the true state, so a bot cannot cheat by reading hidden cards. Bots
are stateful objects, one per seat per game (a bot may remember what it saw, or forget it).

**Memory across a load.** A bot that keeps something between its choices (its *memory*: what it
noted, and where its random stream is) sets :attr:`Bot.remembers` and implements :meth:`Bot.recall`.
When a driver seats bots at a game already under way (``dojo play --load``, ``--resume``: see
:func:`ninjadojo.table.session.recall_bots`), it replays the game's record from its start and calls
``recall(view, action)`` on each such bot once per past step, in order: ``view`` is the bot's own
seat's view of the game just before that step (exactly what a live ``choose`` would have been given
then) and ``action`` is what its seat did at that step, or ``None`` when another seat acted (another
seat's action is never passed: a hidden choice would leak; what everyone saw of it is in the next
view). So a bot rebuilds exactly the memory it would have had by playing through, from what its seat
saw and nothing else. A bot without memory (the default) is not called, and costs a load nothing.
"""

from __future__ import annotations

import inspect
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.options import OptionValue
from ninjadojo.engine.rng import Rng
from ninjadojo.engine.state import ActionSpace, Decision, GameState

#: The seed of the sample a detached view stands on (any fixed seed would do: a sample depends only on
#: what the seat knows, so every seed gives a state equally free of what it may not know).
_DETACHED_SEED = 0


class SeatView:
    """A seat's window on a game: everything that seat may know, and nothing more.

    Inside one process this is a convention, not a wall: a view made by :meth:`of` holds the true
    state in a private field, so that a bot's every query is answered from the real game at no
    cost, and Python cannot stop a bot that reads private fields. Where the wall must be real (a bot
    run in another process, a server's worker, an untrusted program) use :meth:`detached`, which
    holds only a determinised sample of the game for that seat: a full state that is a function of
    the seat's information alone (the engine guarantees this), answering every query of this class
    exactly as the true state would. A pickled view is always detached, so what crosses a process
    boundary is only what the seat may know.
    """

    __slots__ = ("_game", "_seat")

    #: Whether :meth:`sample` gives the true game (a review's hindsight, which shows the hidden cards): a
    #: bot that narrows its samples by what it inferred of the rivals must then leave them as they are.
    omniscient: ClassVar[bool] = False

    def __init__(self, game: GameState[Any], seat: int) -> None:
        game._check_seat(seat)
        self._game = game
        self._seat = seat

    @property
    def seat(self) -> int:
        """The seat this view belongs to (read-only: a view cannot be pointed at another seat)."""
        return self._seat

    @classmethod
    def of(cls, game: GameState[Any], seat: int) -> SeatView:
        """The view of ``seat`` on ``game`` (the same as ``SeatView(game, seat)``)."""
        return cls(game, seat)

    def detached(self) -> SeatView:
        """A view of the same seat that holds nothing the seat may not know (see the class docs)."""
        return SeatView(self._game.determinize(self.seat, _DETACHED_SEED), self.seat)

    def __reduce__(self) -> tuple[object, ...]:
        detached = self.detached()
        return (SeatView, (detached._game, self.seat))

    @property
    def game_id(self) -> str:
        """The game's id."""
        return self._game.game_id

    @property
    def num_players(self) -> int:
        """How many seats the game has."""
        return self._game.num_players

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """The game's options (public), read-only: a bot must not be able to change the game."""
        return self._game.options

    def observe(self, *, log: bool = True) -> dict[str, JSONValue]:
        """The seat's view as a JSON-safe dict; ``log=False`` leaves out its log (a bot that does not read
        the log saves building it at every decision, most of the cost of a view late in a game)."""
        return self._game.observe(self.seat, log=log)

    def decision(self) -> Decision | None:
        """What the seat must decide now."""
        return self._game.decision(self.seat)

    def legal_actions(self) -> list[str]:
        """The seat's legal actions now."""
        return self._game.legal_actions(self.seat)

    def gives_up(self, action: str) -> bool:
        """Whether ``action`` would take the seat out of the rest of the game while another is open to it (the
        game's :meth:`~ninjadojo.engine.state.GameState.gives_up`: a question of its own legal actions)."""
        return self._game.gives_up(self.seat, action)

    def action_space(self) -> ActionSpace:
        """The game's fixed action space."""
        return self._game.action_space()

    def sample(self, seed: int, memory: Sequence[JSONValue] = (), modelled: bool = False) -> GameState[Any]:
        """A full game consistent with everything this seat knows (a determinisation).

        Hidden cards are redealt at random, so reading it tells the bot nothing it did not know.
        ``memory`` is what the bot remembers: the :meth:`memo` notes of its seat's earlier actions;
        ``modelled`` draws the deals the game's model of play finds likely more often (see
        :meth:`GameState.determinize`).
        """
        return self._game.determinize(self.seat, seed, memory, modelled)

    def memo(self, action: str) -> JSONValue:
        """What the seat will remember of taking ``action`` now that its view will later hide
        (:meth:`GameState.memo`; ``None`` for most actions of most games). Ask before the action."""
        return self._game.memo(self.seat, action)


class Bot(ABC):
    """A player program. ``choose`` returns one of ``view.legal_actions()``."""

    name: str = "bot"

    def __init__(self, seed: int = 0, **params: object) -> None:
        # A subclass takes its own parameters by name and passes the rest on: whatever reaches the
        # base is a parameter no class in the chain knows, most likely a typing mistake in a bot spec.
        if params:
            known = self.parameter_names()
            takes = f"its parameters: {', '.join(known)}" if known else "it takes none"
            unknown = ", ".join(map(repr, params))
            raise TypeError(f"unknown parameter {unknown} ({takes})")
        self.rng = Rng(seed)
        self.params: dict[str, object] = {}

    @classmethod
    def parameter_names(cls) -> list[str]:
        """The parameters a bot spec may give this bot (``name:key=value``), from its constructors."""
        names: list[str] = []
        for klass in cls.__mro__:
            init = klass.__dict__.get("__init__")
            if init is None or klass is Bot:
                continue
            for parameter in inspect.signature(init).parameters.values():
                if (parameter.kind in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY)
                        and parameter.name not in ("self", "seed") and parameter.name not in names):
                    names.append(parameter.name)
        return names

    #: Whether this bot keeps a memory between choices that a game resumed part way must rebuild
    #: through :meth:`recall` (drivers skip the replay when no bot at the table remembers).
    remembers: bool = False

    @abstractmethod
    def choose(self, view: SeatView) -> str:
        """Pick an action for ``view.seat``."""

    def recall(self, view: SeatView, action: str | None) -> None:
        """Catch up on one past step of a game this bot joins part way (see the module docs).

        ``view`` is this bot's seat's view just before the step, ``action`` what the seat did at it
        (``None`` if another seat acted). Called once per step from the game's start, in order, and only
        when :attr:`remembers` is set. A bot rebuilds here what it would have kept had it played the
        game through: its notes and, if its choices draw on :attr:`rng`, the same draws. The default
        keeps nothing.
        """
        return None  # a bot without memory has nothing to rebuild

    def assume(self, notes: Sequence[JSONValue]) -> None:
        """Take ``notes`` (:meth:`GameState.memo` notes) as remembered already.

        A search that plays a game on in a sample seats bots part way through it; each is told what its
        seat did there (:meth:`GameState.recollection`), as a player who played those moves would know.
        The default keeps nothing (a bot without memory).
        """
        return None

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r})"


class NotingBot(Bot):
    """A bot that remembers what its own actions showed it and its view later hides (its notes).

    Before each action it chooses, the bot asks the game for a note (:meth:`SeatView.memo`: in Ninja
    Trap, the room of the trap it lays) and keeps it in :attr:`memory`, for its samples
    (:meth:`SeatView.sample`) to agree with. A subclass chooses in :meth:`_choose`. Seated part way
    through a game, it rebuilds its notes from its seat's own past actions (:meth:`recall`); seated in a
    search's sample, it is told them (:meth:`assume`).
    """

    remembers = True

    def __init__(self, seed: int = 0, **params: object) -> None:
        super().__init__(seed, **params)
        #: What the seat noted of its own actions (:meth:`SeatView.memo`).
        self.memory: list[JSONValue] = []

    @abstractmethod
    def _choose(self, view: SeatView) -> str:
        """Pick an action for ``view.seat`` (its notes so far are in :attr:`memory`)."""

    def choose(self, view: SeatView) -> str:
        action = self._choose(view)
        self._note(view, action)
        return action

    def recall(self, view: SeatView, action: str | None) -> None:
        """Catch up on one past step of a game joined part way: note what the seat's own action showed it."""
        if action is not None:
            self._note(view, action)

    def assume(self, notes: Sequence[JSONValue]) -> None:
        """Remember ``notes`` as if the seat's own actions had given them (see :meth:`Bot.assume`)."""
        self.memory.extend(notes)

    def _note(self, view: SeatView, action: str) -> None:
        note = view.memo(action)
        if note is not None:
            self.memory.append(note)


class TruthView(SeatView):
    """A seat's view whose samples are the true game: a search through it knows every hidden card (and,
    where a game deals its draw pile in advance, what comes next). Never for play: for a review's
    hindsight, which shows the hidden cards once a game is over, and for bounds such as
    benchmarks/clairvoyant_bound.py."""

    __slots__ = ()
    omniscient = True

    def sample(self, seed: int, memory: Sequence[JSONValue] = (), modelled: bool = False) -> GameState[Any]:
        return self._game.clone()


class RandomBot(Bot):
    """Chooses uniformly among the legal actions."""

    name = "random"

    def choose(self, view: SeatView) -> str:
        actions = view.legal_actions()
        return actions[self.rng.randbelow(len(actions))]
