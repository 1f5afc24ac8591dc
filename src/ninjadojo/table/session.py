"""One game being played: the game, who plays each seat (humans or bots), and its autosave.

A :class:`Table` is what every front end drives (the terminal client today, a web client later).
It knows nothing of screens: it says which bot must act and plays it, applies a human's action,
and keeps the game saved in the data folder after every step a front end asks it to save.

A table seated at a game already under way (a save resumed with ``dojo play --load`` or ``--resume``)
rebuilds the memory of its bots that keep one (:func:`recall_bots`): it replays the record from the
start and shows each such bot every past step as its own seat saw it, so a Ninja Trap memory bot
remembers the traps it placed before the save, exactly as if it had played through.

>>> table = Table.new("ninjitsu", players=2, options={}, seed=7, humans=[0], bot_specs={1: "random"},
...                   autosave=False)
>>> table.human_to_act()
0
"""

from __future__ import annotations

import os
import traceback
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ninjadojo.api import new_game
from ninjadojo.bots import Bot, SeatView
from ninjadojo.engine.errors import DojoError, IllegalActionError, OptionError, SaveError, quote
from ninjadojo.engine.rng import derive_seed
from ninjadojo.engine.state import GameState, Record
from ninjadojo.table.seats import check_humans, default_bot, make_bots, quick_answer
from ninjadojo.table.storage import (
    META_KEY,
    data_dir,
    new_save_path,
    read_save_file,
    read_save_game,
    save_text,
    saves_dir,
    write_atomic,
)
from ninjadojo.table.undo import take_back

if TYPE_CHECKING:
    from ninjadojo.review import Hint


class BotError(DojoError):
    """A bot chose an action that is not legal (a bug in the bot, reported with the bot's spec)."""


@dataclass(slots=True)
class SavedTable:
    """A save file read back: its game, and the seats it remembers (checked, but not yet used)."""

    path: Path
    game: GameState[Any]
    #: The humans' seats the save remembers (seat 0 if it remembers none).
    humans: list[int]
    #: The bot spec the save remembers for each bot seat (may be empty).
    bots: dict[int, str]
    #: The seed the bots' seeds derive from: the save's remembered one, else the deal's, else 0.
    seed: int
    #: Whether the save is in the data folder, so that resuming keeps saving into the same file.
    in_data_folder: bool
    #: Whether the table allowed hints (a table setting the save remembers; off when it says nothing).
    hints: bool = False

    @classmethod
    def read(cls, path: Path) -> SavedTable:
        """Read and check a save file (:class:`SaveError` saying what is wrong; nothing else escapes)."""
        data = read_save_file(path)
        game = read_save_game(path, data)
        meta = data.get(META_KEY)
        humans: list[int] = [0]
        bots: dict[int, str] = {}
        seed = game.record.seed if game.record.seed is not None else 0
        hints = False
        if meta is not None:
            if not isinstance(meta, dict):
                raise SaveError(f"{path}: {META_KEY!r} must be an object {{humans: [seats], bots: {{seat: spec}}, "
                                "seed: number}")
            humans, bots, seed = _read_meta(meta, path, game.num_players, seed)
            hints = meta.get("hints", False)
            if not isinstance(hints, bool):
                raise SaveError(f"{path} ({META_KEY}): 'hints' must be true or false, not {quote(hints)}")
        try:
            folder = saves_dir().resolve()
            inside = Path(path).resolve().parent == folder
        except OSError:
            inside = False
        return cls(Path(path), game, humans, bots, seed, inside, hints)


def _read_meta(meta: dict[str, Any], path: Path, players: int, seed: int) -> tuple[list[int], dict[int, str], int]:
    """The seats, bot specs and seed a save's ``players_meta`` remembers, checked against the game."""
    humans = meta.get("humans", [0])
    bots = meta.get("bots", {})
    remembered = meta.get("seed", seed)
    shape = f"{path}: {META_KEY!r} must be {{humans: [seats], bots: {{seat: spec}}, seed: number}}"
    if (not isinstance(humans, list) or not isinstance(bots, dict)
            or not all(isinstance(spec, str) for spec in bots.values())
            or isinstance(remembered, bool) or not isinstance(remembered, int) or not 0 <= remembered < 1 << 64):
        raise SaveError(shape)
    try:
        check_humans(humans, players, f"{path} ({META_KEY})")
    except OptionError as error:
        raise SaveError(str(error)) from None
    specs: dict[int, str] = {}
    for key, spec in bots.items():
        if not (key.isascii() and key.isdigit() and int(key) < players and int(key) not in humans):
            raise SaveError(f"{path} ({META_KEY}) names a bot for seat {quote(key)}, which is not one of the "
                            f"game's bot seats")
        specs[int(key)] = spec
    return humans, specs, remembered


def recall_bots(game: GameState[Any], bots: Mapping[int, Bot]) -> None:
    """Give each bot that remembers (:attr:`Bot.remembers`) the game so far, as its seat saw it.

    The record is replayed from its start (seed or start position); before each step every such bot
    gets :meth:`Bot.recall` with its own seat's view at that moment and the action its seat took then
    (``None`` when another seat acted). A bot never sees another seat's view or another seat's action
    text, so it learns nothing its seat did not see. Nothing happens for a new game, or when no bot
    remembers.
    """
    # getattr: a driver may seat a duck-typed bot (any object with ``choose``), which has no memory.
    remembering = {seat: bot for seat, bot in sorted(bots.items()) if getattr(bot, "remembers", False)}
    record = game.record
    if not remembering or not record.actions:
        return
    state = type(game).replay(Record(record.game, record.players, dict(record.options), record.seed, record.start, []))
    for seat, action in record.actions:
        for bot_seat, bot in remembering.items():
            bot.recall(SeatView(state, bot_seat), action if bot_seat == seat else None)
        state.apply(seat, action)


def seat_bots(game: GameState[Any], specs: Mapping[int, str], seed: int) -> dict[int, Bot]:
    """One bot per seat of ``specs`` for a game that may be under way, each caught up on it as its seat saw it.

    The bots are made by :func:`make_bots` (each seed derived from ``seed``, the table's, and the seat);
    those that remember then recall the game so far (:func:`recall_bots`, one replay for them all), so each
    has the memory it would have had by playing through. Every front end seats its bots through this or
    :func:`seat_bot` (a new or resumed table, a server restarted, a bot taking a seat over, a bot made
    again after an undo). :class:`OptionError` for a bad spec.
    """
    bots = make_bots(game.game_id, specs, seed)
    recall_bots(game, bots)
    return bots


def seat_bot(game: GameState[Any], seat: int, spec: str, seed: int) -> Bot:
    """The bot ``spec`` for ``seat`` alone, caught up on the game (:func:`seat_bots`)."""
    return seat_bots(game, {seat: spec}, seed)[seat]


class Table:
    """A game at a table: the game, the humans' seats, one bot per other seat, and the game's autosave."""

    def __init__(self, game: GameState[Any], humans: Sequence[int], bot_specs: Mapping[int, str], seed: int,
                 save_path: Path | None = None, autosave: bool = True, hints: bool = False) -> None:
        self.game = game
        #: Whether a human seated here may ask for a hint (:meth:`hint`): a table setting, off by default,
        #: told to everyone at the table and kept in its saves (as the server's tables do).
        self.hints = hints
        self.humans = tuple(check_humans(list(humans), game.num_players, "the table"))
        missing = [seat for seat in range(game.num_players) if seat not in self.humans and seat not in bot_specs]
        if missing or any(seat in self.humans for seat in bot_specs):
            raise OptionError(f"every seat needs a human or a bot, not both: humans {list(self.humans)}, "
                              f"bots for {sorted(bot_specs)}")
        self.bot_specs = dict(sorted(bot_specs.items()))
        #: The seed each bot's own seed derives from (the deal's seed for a new game).
        self.seed = seed
        self.bots: dict[int, Bot] = seat_bots(game, self.bot_specs, seed)
        #: The autosave file (``None`` until the first autosave picks a new name, or when autosave is off).
        self.save_path = save_path
        self.autosave_on = autosave
        #: Why the last autosave failed (``None`` when it worked).
        self.autosave_error: str | None = None
        #: What the table has to tell the players that is not in the game's log (a bot that failed to
        #: choose, a quick answer played for it); a front end shows and clears them (:meth:`take_notes`).
        self.notes: list[str] = []
        #: While an action is being applied: the record's length before it. If an unexpected error
        #: stops an action halfway, the state may be broken; saves then hold the game before that action.
        self._applying_from: int | None = None

    # ------------------------------------------------------------------ setting up

    @classmethod
    def new(cls, game_id: str, players: int, options: Mapping[str, object], seed: int, humans: Sequence[int],
            bot_specs: Mapping[int, str] | None = None, autosave: bool = True) -> Table:
        """A table for a new game; seats missing from ``bot_specs`` get the game's default bot."""
        game = new_game(game_id, players, options, seed)
        humans = check_humans(list(humans), game.num_players, "the table")
        specs = dict(bot_specs or {})
        for seat in range(game.num_players):
            if seat not in humans and seat not in specs:
                specs[seat] = default_bot(game_id)
        return cls(game, humans, specs, seed, autosave=autosave)

    @classmethod
    def resume(cls, saved: SavedTable, humans: Sequence[int] | None = None,
               bot_specs: Mapping[int, str] | None = None, autosave: bool = True, hints: bool | None = None) -> Table:
        """A table for a saved game, with the seats it remembers unless ``humans``/``bot_specs`` say otherwise,
        and hints allowed as the save says unless ``hints`` does.

        A save in the data folder goes on being saved into the same file; any other save is copied
        into a new autosave file, so the file the player named is changed only by an explicit save.
        """
        game = saved.game
        if game.is_terminal:
            raise SaveError(f"{saved.path} is a finished game; nothing is left to play")
        humans = check_humans(list(humans), game.num_players, "the seats given") if humans else list(saved.humans)
        specs = dict(bot_specs) if bot_specs is not None else {}
        for seat in range(game.num_players):
            if seat not in humans and seat not in specs:
                specs[seat] = saved.bots.get(seat, default_bot(game.game_id))
        path = saved.path if saved.in_data_folder else None
        return cls(game, humans, {seat: spec for seat, spec in specs.items() if seat not in humans}, saved.seed,
                   save_path=path, autosave=autosave, hints=saved.hints if hints is None else hints)

    # ------------------------------------------------------------------ playing

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.game.is_terminal

    def bot_to_act(self) -> int | None:
        """A bot seat that must act now (the lowest), or ``None``."""
        return next((seat for seat in self.game.to_act() if seat in self.bots), None)

    def human_to_act(self) -> int | None:
        """A human seat that must act now (the lowest), or ``None``.

        In a concealed window this is a secret of the seat asked: front ends must not show it to others.
        """
        return next((seat for seat in self.game.to_act() if seat in self.humans), None)

    def play_bot(self, seat: int) -> str:
        """Let the bot at ``seat`` choose and apply its action; returns it. :class:`BotError` if illegal.

        A bot whose choice fails (a bug in it) does not end the game: :func:`quick_answer` plays this move
        for it, and a note says so (:attr:`notes`); it chooses again at its next decision.
        """
        try:
            action = self.bots[seat].choose(SeatView(self.game, seat))
        except Exception as error:
            action = quick_answer(self.game, seat, self.seed)
            self.notes.append(f"P{seat}'s bot ({self.bot_specs[seat]}) could not choose ({type(error).__name__}: "
                              f"{error}); a quick answer played this move for it")
        try:
            return self.apply(seat, action)
        except IllegalActionError as error:
            raise BotError(f"bot {self.bot_specs[seat]!r} at seat {seat} chose an illegal action: {error}") from None

    def hint(self, seat: int) -> Hint:
        """The expert search's advice on human ``seat``'s decision now, from that seat's view only (its own
        memory rebuilt from the record, as a careful player remembers): see :func:`ninjadojo.review.hint`.
        :class:`OptionError` when the table does not allow hints, the seat is not a human's, or it has
        nothing to decide. The same position at the same table gives the same hint."""
        if not self.hints:
            raise OptionError("hints are off at this table (a table allows them when it is set up)")
        if seat not in self.humans:
            raise OptionError(f"seat {quote(seat)} is not a human's seat at this table; hints are for "
                              f"{', '.join(f'P{human}' for human in self.humans)}")
        from ninjadojo.review import hint  # the search and its bots: loaded when a hint is first asked for

        return hint(self.game, seat, seed=derive_seed(self.seed, len(self.game.record.actions)))

    def take_notes(self) -> list[str]:
        """The table's notes not shown yet (see :attr:`notes`), now cleared."""
        notes, self.notes = self.notes, []
        return notes

    def play_bots(self) -> list[tuple[int, str]]:
        """Play bots until a human must act or the game ends; the (seat, action) pairs played."""
        played = []
        while (seat := self.bot_to_act()) is not None:
            played.append((seat, self.play_bot(seat)))
        return played

    def undo(self, seat: int) -> str | None:
        """Take back ``seat``'s last action if the engine allows it (:func:`~ninjadojo.table.undo.take_back`):
        ``None`` once it is taken back, else the engine's reason, with nothing changed.

        A bot holding ``seat`` is made again, caught up on the game as it now stands (:func:`seat_bot`): it
        may remember the action taken back. Only the seat's own bot can (see :mod:`ninjadojo.table.undo`).
        """
        reason = take_back(self.game, seat)
        if reason is None and seat in self.bots:
            self.bots[seat] = seat_bot(self.game, seat, self.bot_specs[seat], self.seed)
        return reason

    def apply(self, seat: int, action: str) -> str:
        """Apply ``seat``'s action (written in any form the game accepts); returns it as recorded."""
        self._applying_from = len(self.game.record.actions)
        try:
            self.game.apply(seat, action)
        except DojoError:
            # Refused before anything changed: the game is whole.
            self._applying_from = None
            raise
        self._applying_from = None
        return self.game.record.actions[-1][1]

    # ------------------------------------------------------------------ saving

    def to_save(self) -> dict[str, Any]:
        """The game's save, with who sits where (``players_meta``, which loading a game ignores).

        If an action was stopped halfway by an unexpected error (or Ctrl-C), the save holds the game
        as it was before that action.
        """
        game = self._whole_game()
        data: dict[str, Any] = dict(game.to_save())
        data[META_KEY] = self._meta(game.is_terminal)
        return data

    def _meta(self, finished: bool) -> dict[str, Any]:
        return {
            "humans": list(self.humans),
            "bots": {str(seat): spec for seat, spec in self.bot_specs.items()},
            "seed": self.seed,
            **({"hints": True} if self.hints else {}),
            "finished": finished,
            "saved_at": datetime.now().isoformat(timespec="seconds"),
        }

    def autosave(self) -> bool:
        """Save the game into its autosave file (picking a new name the first time); whether it worked.

        A failure (a full disk, a folder that cannot be written) is kept in :attr:`autosave_error`
        and the game goes on: front ends say so and offer another place to save.
        """
        if not self.autosave_on:
            return False
        try:
            if self.save_path is None:
                self.save_path = new_save_path(saves_dir(), self.game.game_id, self.game.record.seed)
            write_atomic(self.save_path, save_text(self.to_save()))
        except OSError as error:
            self.autosave_error = f"{error.strerror or error}" + (f" ({error.filename})" if error.filename else "")
            return False
        self.autosave_error = None
        return True

    def save_as(self, path: Path) -> Path:
        """Write a copy of the game's save to ``path`` (atomically; ``OSError`` if it cannot)."""
        path = Path(path).expanduser()
        write_atomic(path, save_text(self.to_save()))
        return path

    def recover(self, error: BaseException) -> tuple[Path | None, Path | None]:
        """After an unexpected error: save the game as it was after its last good action.

        Returns the save written (``None`` if even that failed) and a crash report with the
        traceback in the data folder (``None`` if it could not be written), for a bug report.
        """
        report: Path | None = None
        try:
            folder = data_dir() / "crashes"
            folder.mkdir(parents=True, exist_ok=True)
            report = folder / f"crash-{datetime.now():%Y%m%d-%H%M%S}-{os.getpid()}.txt"
            text = "".join(traceback.format_exception(error))
            write_atomic(report, f"{self.game.game_id}\n{self.game.record}\n\n{text}")
        except Exception:
            report = None
        saved: Path | None = None
        try:
            if self.save_path is None:
                self.save_path = new_save_path(saves_dir(), self.game.game_id, self.game.record.seed)
            write_atomic(self.save_path, save_text(self.to_save()))
            saved = self.save_path
        except Exception:
            saved = None
        return saved, report

    def _whole_game(self) -> GameState[Any]:
        """The game, or, if an action was stopped halfway, the game replayed up to the action before it."""
        record = self.game.record
        if self._applying_from is None or len(record.actions) <= self._applying_from:
            return self.game
        good = Record(record.game, record.players, dict(record.options), record.seed, record.start,
                      list(record.actions[:self._applying_from]))
        return type(self.game).replay(good)
