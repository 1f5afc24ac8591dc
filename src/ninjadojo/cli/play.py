"""``dojo play``: a game at the terminal, humans against bots.

The loop is the engine's: whoever must act acts. Bots choose through a :class:`SeatView` and their
moves reach a human only through the log lines that human's seat may see, collected as they appear
(so a one-time look is not missed) and shown at the human's next prompt. Nothing tells a human who
was asked in a concealed window (at a hot seat every human takes the keyboard in turn for one), and
in a simultaneous frame the bots' hidden choices are in the frame before the human chooses, unseen,
so nobody sees another's choice before all are in.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.table import Table as RichTable

from ninjadojo.api import load_game, new_game
from ninjadojo.bots import Bot, SeatView, make_bot
from ninjadojo.cli.choices import choice_lines, narrow
from ninjadojo.cli.common import (
    assign_bots,
    default_players,
    derive_seed,
    parse_options,
    print_position,
    split_bot_specs,
)
from ninjadojo.engine import DojoError, GameState, IllegalActionError, OptionError, SaveError

#: How many unseen log lines the screen shows before a human's prompt (``log`` shows them all).
RECENT_LINES = 14

#: The terminal escape that erases the scrollback (ED 3, "erase saved lines"), after clearing the screen.
ERASE_SCROLLBACK = "\x1b[3J"

#: A list of choices longer than this gets a hint on how to narrow it.
LONG_LIST = 24

HELP = """\
Type the number of an action or its text (e.g. 1, or d).
Type part of an action's text (a card, a square, a destination: e.g. b2) to list only the actions
containing it, numbered afresh; the next number picks from that list. Several words must all match.
Other commands:
  help          this help
  log           every log line your seat may see
  list          show the position and all your choices again
  save [FILE]   save the game (resume with: dojo play --load FILE)
  quit          leave the game (offers to save)"""


class LeaveGame(Exception):
    """The human left the game (``quit`` or end of input)."""


class Table:
    """A game in progress at the terminal: the game, who plays which seat, what each human has yet to see."""

    def __init__(self, console: Console, game: GameState[Any], humans: Sequence[int], bot_specs: dict[int, str],
                 seed: int) -> None:
        self.console = console
        self.game = game
        self.humans = list(humans)
        self.bot_specs = bot_specs
        self.seed = seed
        self.bots: dict[int, Bot] = {
            seat: make_bot(spec, game.game_id, derive_seed(seed, seat)) for seat, spec in bot_specs.items()
        }
        self.unseen: dict[int, list[str]] = {seat: [] for seat in self.humans}
        #: Public log lines since the last screen (what a hot-seat table may all read at the end).
        self.public_unseen: list[str] = []
        #: The numbered choices last shown (all legal actions, or a narrowed part): numbers pick from it.
        self.shown: list[str] = []
        self._events_seen = 0
        self._last_human: int | None = None
        self.collect_events()

    # ------------------------------------------------------------------ the loop

    def run(self) -> None:
        """Play until the game ends or a human leaves."""
        game = self.game
        seats = "; ".join(f"seat {seat} {'you' if seat in self.humans else self.bot_specs[seat]}"
                          for seat in range(game.num_players))
        self.say(f"{game.SPEC.title}, {game.num_players} players, seed {self.seed}: {seats}. Type help for commands.")
        while not game.is_terminal:
            to_act = game.to_act()
            bot_seats = [seat for seat in to_act if seat in self.bots]
            if bot_seats:
                seat = bot_seats[0]
                action = self.bots[seat].choose(SeatView(game, seat))
                try:
                    game.apply(seat, action)
                except IllegalActionError as error:
                    raise DojoError(f"bot {self.bot_specs[seat]!r} at seat {seat} chose an illegal action: "
                                    f"{error}") from None
            elif len(self.humans) > 1 and self.is_concealed(to_act[0]):
                self.concealed_round()
            else:
                self.human_turn(to_act[0])
            self.collect_events()
        self.show_end()

    def is_concealed(self, seat: int) -> bool:
        """Whether ``seat`` is asked in a concealed frame (who is asked there is secret)."""
        decision = self.game.decision(seat)
        return decision is not None and decision.concealed

    def concealed_round(self) -> None:
        """A concealed window for humans at a hot seat: every human takes the keyboard in turn.

        Calling only the asked seat to the keyboard would tell the table who was asked; instead each
        human, in seat order, gets the screen, and the ones with nothing to answer just go on.
        """
        for seat in sorted(self.humans):
            self.hand_over(seat, force=True)
            if self.game.is_terminal:
                break
            if self.is_concealed(seat):
                self.human_turn(seat)
                self.collect_events()
            elif self.game.decision(seat) is not None:
                break  # the window is over and this seat, at the keyboard, has its next decision
            else:
                self.show_screen(seat)
                self.read("nothing for you to answer now; press Enter ")

    def collect_events(self) -> None:
        """Queue the new log lines each human may see now (one-time looks included, before they expire)."""
        game = self.game
        for event in game.events[self._events_seen:]:
            if event.expires is not None and event.expires <= game.ply:
                continue
            for seat in self.humans:
                if event.visible_to(seat):
                    self.unseen[seat].append(event.text)
            if event.visible_to(None):
                self.public_unseen.append(event.text)
        self._events_seen = len(game.events)

    # ------------------------------------------------------------------ a human's turn

    def hand_over(self, seat: int, force: bool = False) -> None:
        """At a hot seat, clear the screen and wait until ``seat`` is at the keyboard."""
        if len(self.humans) > 1 and (force or seat != self._last_human):
            # Hot seat: the screen must not show one human's hand to the next, nor may its scrollback.
            if self.console.is_terminal:
                self.console.clear()
                self.console.file.write(ERASE_SCROLLBACK)
                self.console.file.flush()
            self.console.print(Rule(f"seat {seat} to the keyboard; the others look away"))
            while True:
                text = self.read("press Enter when seat " + str(seat) + " is at the keyboard (or save, quit) ").strip()
                # Only commands that show nothing of any seat's hand are taken here.
                if text.split(" ")[0].lower() not in ("save", "quit", "exit") or not self.command(seat, text):
                    break
        self._last_human = seat

    def human_turn(self, seat: int) -> None:
        """Show ``seat``'s screen and apply the action the human picks."""
        self.hand_over(seat)
        self.show_screen(seat)
        while True:
            text = self.read(f"seat {seat}> ").strip()
            if self.command(seat, text):
                continue
            action = self.pick(seat, text)
            if action is None:
                continue
            decision = self.game.decision(seat)
            simultaneous = decision is not None and decision.simultaneous
            self.game.apply(seat, action)
            if not simultaneous:
                return
            if self.game.observe(seat).get("submitted") is True:
                # The frame still waits for other humans' hidden choices.
                self.say(f"your choice ({action}) is in; nobody sees it until every choice is in")
            else:
                self.say(f"your choice ({action}) is in; every choice is in and they are revealed together")
            return

    def pick(self, seat: int, text: str) -> str | None:
        """The action ``text`` names, or ``None`` after showing a narrowed list or saying what is wrong.

        ``text`` is an action's text, the number of one of the choices last shown, or part of one or
        more actions' texts (then those actions are shown, numbered afresh for the next pick).
        """
        actions = self.game.legal_actions(seat)
        if text in actions:
            return text
        shown = self.shown if self.shown and set(self.shown) <= set(actions) else actions
        narrowed = len(shown) < len(actions)
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(shown):
                return shown[number - 1]
            which, everything = (" in the narrowed list", " (list shows them all)") if narrowed else ("", "")
            self.say(f"there is no choice {number}{which}: type a number from 1 to {len(shown)}{everything}, "
                     "an action's text, or help")
            return None
        matches = narrow(actions, text)
        if matches:
            self.shown = matches
            contain = "contains" if len(matches) == 1 else "contain"
            self.say(f"{len(matches)} of {len(actions)} choices {contain} {text!r}; "
                     "type a number to pick from these (list shows them all):")
            self.show_choices(matches)
            return None
        try:
            # Let the game explain why; an illegal action changes nothing.
            self.game.apply(seat, text)
        except IllegalActionError as error:
            self.say(f"{text!r} is not allowed now: {error.reason}. "
                     f"Type a number from 1 to {len(shown)}, part of an action's text, or help")
            return None
        raise AssertionError("an action outside the legal list was accepted")  # pragma: no cover

    def command(self, seat: int, text: str) -> bool:
        """Carry out a prompt command; ``False`` if ``text`` is not one."""
        word, _, rest = text.partition(" ")
        word = word.lower()
        if text == "":
            self.say("type a number, an action's text, or help")
        elif word in ("help", "?"):
            self.console.print(HELP, markup=False)
        elif word == "log":
            log = self.game.observe(seat)["log"]
            assert isinstance(log, list)
            for line in log:
                self.console.print(f"  {line}", markup=False)
        elif word in ("list", "board"):
            self.show_screen(seat)
        elif word == "save":
            self.save(rest.strip() or None)
        elif word in ("quit", "exit"):
            answer = self.read("save before leaving? [y/N] ").strip().lower()
            if answer in ("y", "yes"):
                path = self.read(f"file [{self.default_save_path()}]: ").strip()
                if not self.save(path or None):
                    # Leaving now would lose the game the human asked to keep.
                    self.say("the game is not saved, so you are still playing (quit again to leave)")
                    return True
            raise LeaveGame()
        else:
            return False
        return True

    def read(self, prompt: str) -> str:
        """One line of input; end of input leaves the game."""
        try:
            text = self.console.input(prompt, markup=False)
        except EOFError:
            self.console.print()
            raise LeaveGame() from None
        if not sys.stdin.isatty():
            # Piped input is not echoed: echo it so that a transcript reads like a session.
            self.console.print(text, markup=False, highlight=False)
        return text

    def say(self, message: str) -> None:
        """A plain message (never markup: it may quote what the human typed)."""
        self.console.print(message, markup=False)

    # ------------------------------------------------------------------ screens

    def show_screen(self, seat: int) -> None:
        """The position as ``seat`` sees it, its unseen log lines, the decision and numbered choices."""
        game, console = self.game, self.console
        # No action count here: it would grow by one for every answer in a concealed window.
        console.print(Rule(f"{game.SPEC.title} - seat {seat} (you)"))
        self.show_position(seat)
        self.public_unseen = []
        lines = self.unseen[seat]
        if lines:
            console.print("[bold]since your last move:[/bold]")
            if len(lines) > RECENT_LINES:
                console.print(f"  ... {len(lines) - RECENT_LINES} earlier lines (type log)", markup=False)
            for line in lines[-RECENT_LINES:]:
                console.print(f"  {line}", markup=False)
            self.unseen[seat] = []
        decision = game.decision(seat)
        if decision is not None:
            console.print(f"[bold]{_escape(decision.prompt)}[/bold]")
        actions = game.legal_actions(seat)
        self.shown = actions
        self.show_choices(actions)
        if len(actions) > LONG_LIST:
            self.say("(type part of an action, e.g. a card or a square, to list only the choices containing it)")

    def show_position(self, seat: int | None) -> None:
        """The game's picture of the position as ``seat`` (or a spectator) sees it, in colour if it has one."""
        print_position(self.console, self.game, seat)

    def show_choices(self, actions: Sequence[str]) -> None:
        """The numbered choices in columns, numbered down each column like a directory listing."""
        for line in choice_lines(actions, self.console.width):
            self.console.print(line, markup=False)

    def show_end(self) -> None:
        """The final position, scores and winners."""
        game, console = self.game, self.console
        result = game.result
        assert result is not None
        # At a hot seat the last lines go to the whole table: only the public ones, each once.
        viewer = self.humans[0] if len(self.humans) == 1 else None
        for line in self.unseen[viewer] if viewer is not None else self.public_unseen:
            console.print(f"  {line}", markup=False)
        self.public_unseen = []
        for seat in self.humans:
            self.unseen[seat] = []
        console.print(Rule("game over"))
        self.show_position(viewer)
        table = RichTable(title=_escape(result.reason))
        table.add_column("seat")
        table.add_column("player")
        table.add_column("score", justify="right")
        table.add_column("")
        for seat, score in enumerate(result.scores):
            player = "you" if seat in self.humans else self.bot_specs.get(seat, "?")
            table.add_row(str(seat), _escape(player), f"{score:g}", "winner" if seat in result.winners else "")
        console.print(table)
        winners = ", ".join(f"seat {seat}" for seat in result.winners)
        console.print(f"winner{'s' if len(result.winners) > 1 else ''}: {winners}", markup=False)
        if len(self.humans) == 1:
            you = self.humans[0]
            verdict = ("you did not win" if you not in result.winners
                       else "you win" if len(result.winners) == 1 else "you share the win")
            console.print(f"[bold]{verdict}[/bold]")

    # ------------------------------------------------------------------ saving

    def default_save_path(self) -> str:
        """Where ``save`` writes when no file is named."""
        return f"{self.game.game_id}-{self.seed}.dojo.json"

    def save(self, path: str | None) -> bool:
        """Save the game with who plays which seat (``players_meta``, which loading ignores); ``False`` if not."""
        target = Path(path or self.default_save_path()).expanduser()
        data = self.game.to_save()
        data["players_meta"] = {
            "humans": list(self.humans),
            "bots": {str(seat): spec for seat, spec in self.bot_specs.items()},
            "seed": self.seed,
        }
        try:
            target.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        except OSError as error:
            self.say(f"could not save to {target}: {error.strerror or error}")
            return False
        self.say(f"saved to {target} (resume with: dojo play --load {target})")
        return True


def _escape(text: str) -> str:
    """Text made safe to print as rich markup."""
    return text.replace("[", r"\[")


def _players_meta(meta: object, path: Path) -> dict[str, Any]:
    """The seats and bots a save remembers (``players_meta``), checked; empty if it has none."""
    if meta is None:
        return {}
    humans = meta.get("humans", [0]) if isinstance(meta, dict) else None
    bots = meta.get("bots", {}) if isinstance(meta, dict) else None
    seed = meta.get("seed", 0) if isinstance(meta, dict) else None
    if (not isinstance(humans, list) or not all(isinstance(seat, int) for seat in humans)
            or not isinstance(bots, dict) or not all(isinstance(spec, str) for spec in bots.values())
            or not isinstance(seed, int)):
        raise SaveError(f"{path}: 'players_meta' must be {{humans: [seats], bots: {{seat: spec}}, seed: number}}")
    assert isinstance(meta, dict)
    return meta


def start_table(console: Console, game_id: str | None, players: int | None, seats: Sequence[int] | None,
                seed: int | None, bots: Sequence[str] | None, options: Sequence[str] | None,
                load: Path | None) -> Table:
    """Set up a table from the ``play`` flags (a new game, or a saved one with its remembered seats)."""
    meta: dict[str, Any] = {}
    if load is not None:
        if options:
            raise OptionError("--option cannot change a saved game; its options are in the save")
        try:
            data = json.loads(load.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise SaveError(f"no save file at {load}") from None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise SaveError(f"{load} is not a readable JSON save: {error}") from None
        game = load_game(data)
        if game_id is not None and game_id != game.game_id:
            raise SaveError(f"{load} is a {game.game_id} game, not {game_id}")
        if players is not None and players != game.num_players:
            raise OptionError(f"{load} is a {game.num_players}-player game; --players {players} does not fit")
        meta = _players_meta(data.get("players_meta"), load)
        record_seed = game.record.seed
        seed = seed if seed is not None else int(meta.get("seed", record_seed if record_seed is not None else 0))
    else:
        if game_id is None:
            raise OptionError("name a game (dojo play GAME) or a save to resume (--load FILE)")
        seed = 0 if seed is None else seed
        game = new_game(game_id, default_players(game_id, players), parse_options(game_id, options), seed)
    humans = list(seats) if seats else [int(s) for s in meta.get("humans", [0])]
    for seat in humans:
        if not 0 <= seat < game.num_players:
            raise OptionError(f"--seat {seat} is not a seat of a {game.num_players}-player game "
                              f"(seats are 0 to {game.num_players - 1})")
    if len(set(humans)) != len(humans):
        raise OptionError("--seat names a seat twice")
    bot_seats = [seat for seat in range(game.num_players) if seat not in humans]
    specs = split_bot_specs(bots)
    if specs and not bot_seats:
        raise OptionError("--bots was given, but every seat is played by a human (--seat)")
    remembered = meta.get("bots")
    if not specs and isinstance(remembered, dict) and all(str(seat) in remembered for seat in bot_seats):
        specs = [str(remembered[str(seat)]) for seat in bot_seats]
    bot_specs = assign_bots(game.game_id, specs, bot_seats) if bot_seats else {}
    return Table(console, game, humans, bot_specs, seed)
