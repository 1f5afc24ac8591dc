"""``dojo replay``: step through a saved game, as a spectator, as one seat saw it, or seeing everything.

Each step shows the view of the chosen seat (or the spectator) after an action and the log lines
that appeared with it, nested as they happened. Action texts are shown only for the viewing seat's
own actions: another seat's action text could tell what that seat may not know (a hidden choice,
who answered a concealed window).

Steps are the moments the viewer would have seen at the table: another seat's answer in a concealed
window, and another seat's hidden choice that leaves a simultaneous frame still waiting, are no
steps of their own (they join the step before), so neither the steps nor their count tell that
anyone was asked, or who has chosen already.

The omniscient view (finished games only, for studying or debugging a game) has a step for every
action, names every action, shows every log line with the seats that saw it, and every seat's
private part of the picture (its hand...).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.rule import Rule

from ninjadojo.cli.common import print_position
from ninjadojo.engine import DojoError, GameState, OptionError
from ninjadojo.engine.errors import quote
from ninjadojo.engine.state import EVERYONE, Event
from ninjadojo.engine.words import as_told
from ninjadojo.table import find_save, read_save_game

REPLAY_HELP = "Enter or n: next step;  p: previous;  g N: go to step N (or just N);  q: quit"

#: A step number typed has at most this many digits.
MAX_DIGITS = 9


class Replay:
    """The states of a saved game and how to show each as one seat (or a spectator, or everyone) saw it.

    ``omniscient`` shows everything: only for a finished game (:class:`OptionError` otherwise), since
    a game in progress may still be played on, and its hidden cards must stay hidden.
    """

    def __init__(self, game: GameState[Any], seat: int | None, omniscient: bool = False) -> None:
        if omniscient and not game.is_terminal:
            raise OptionError("the omniscient view shows every hand, so it is only for finished games; this game "
                              "is still in progress (replay it as a seat with --seat, or as a spectator)")
        states = list(game.replay_states())
        actions = list(game.record.actions)
        self.seat = None if omniscient else seat
        self.omniscient = omniscient
        # The actions that start a step: the viewer's own, and those the viewer could see happen.
        starts = [0] + [ply for ply in range(1, len(states))
                        if omniscient or not self._unseen(states, actions, ply)]
        #: The state each step shows: the one just before the next step starts (or the last).
        self.states = [states[end - 1] for end in starts[1:]] + [states[-1]]
        #: The action each step starts with (``None`` for step 0).
        self.actions: list[tuple[int, str] | None] = [None] + [actions[ply - 1] for ply in starts[1:]]
        #: The state each step's action was chosen in (to say it in the game's words).
        self.chosen_in: list[GameState[Any] | None] = [None] + [states[ply - 1] for ply in starts[1:]]

    def _unseen(self, states: Sequence[GameState[Any]], actions: Sequence[tuple[int, str]], ply: int) -> bool:
        """Whether action ``ply`` (1-based) is one the viewer cannot see happen at the table."""
        actor, _ = actions[ply - 1]
        if actor == self.seat:
            return False
        before, after = states[ply - 1], states[ply]
        decision = before.decision(actor)
        if decision is None:
            return False
        if decision.concealed:
            return True
        if decision.simultaneous:
            # A hidden choice that leaves the frame waiting for others; the last one reveals them all.
            waiting = after.to_act()
            still = after.decision(waiting[0]) if waiting else None
            return (still is not None and still.kind == decision.kind and still.simultaneous
                    and set(waiting) == set(before.to_act()) - {actor})
        return False

    @property
    def last(self) -> int:
        """The number of the last step."""
        return len(self.states) - 1

    def new_events(self, step: int) -> list[Event]:
        """The log events that appear at ``step`` and the viewer may see.

        One-time looks included: each was in the view when it appeared, even if a later action of
        the same step (another seat's hidden choice) took it out again.
        """
        state = self.states[step]
        before = len(self.states[step - 1].events) if step > 0 else 0
        return [event for event in state.events[before:] if self.omniscient or event.visible_to(self.seat)]

    def new_lines(self, step: int) -> list[str]:
        """The log lines the viewer sees appear at ``step``, indented by how deep in an action they happened
        (in the omniscient view a private line says who saw it)."""
        lines = []
        for event in self.new_events(step):
            line = event.line()
            if self.omniscient and event.mask != EVERYONE:
                seats = [str(seat) for seat in range(self.states[step].num_players) if event.visible_to(seat)]
                line = f"{line}   [seen by seat {', '.join(seats)}]"
            lines.append(line)
        return lines

    def show(self, console: Console, step: int) -> None:
        """Print step ``step``: who acted (only for the viewer's own actions), the view and new log lines."""
        state = self.states[step]
        who = "everything" if self.omniscient else "spectator" if self.seat is None else f"seat {self.seat}"
        console.print(Rule(f"step {step} of {self.last} ({who})"))
        played = self.actions[step]
        if played is not None and self.omniscient:
            words = as_told(self.played_words(step))  # told of the seat: "Flip their trap 2", not "your"
            console.print(f"seat {played[0]} played {played[1]}" + (f" ({words})" if words else ""), markup=False)
        elif played is not None and self.seat is not None and played[0] == self.seat:
            words = self.played_words(step)
            console.print(f"you played: {words} ({played[1]})" if words else f"you played {played[1]}",
                          markup=False)
        print_position(console, state, self.seat)
        if self.omniscient:
            self.show_private(console, state)
        for line in self.new_lines(step):
            console.print(f"  {line}", markup=False)
        if state.result is not None:
            winners = " and ".join(f"P{s}" for s in state.result.winners) or "nobody"
            name = state.SPEC.score_name  # none for a game only won or lost (Ninja Trap)
            scores = f"; {name.lower()} " + ", ".join(f"{score:g}" for score in state.result.scores) if name else ""
            won = "share the win" if len(state.result.winners) > 1 else "wins"
            # The reason is a sentence of its own ("... and wins."): its full stop does not run into the rest.
            reason = state.result.reason.rstrip().rstrip(".")
            console.print(f"game over: {reason}{scores}; {winners} {won}", markup=False)

    def played_words(self, step: int) -> str:
        """The action step ``step`` starts with in the game's words (``Draw 2 cards``), or "" where the
        game has no words for it but its code."""
        played, before = self.actions[step], self.chosen_in[step]
        assert played is not None and before is not None
        seat, action = played
        try:
            words = before.label(seat, action)
        except DojoError:  # an old save's action the words no longer know: its code will do
            return ""
        return "" if words == action else words

    @staticmethod
    def show_private(console: Console, state: GameState[Any]) -> None:
        """What each seat sees that no one else does: the lines of its picture that are in neither the
        spectator's nor another seat's (its hand, its secrets...)."""
        pictures = [state.render(seat).splitlines() for seat in range(state.num_players)]
        for seat in range(state.num_players):
            elsewhere = set(state.render(None).splitlines()).union(
                *(lines for other, lines in enumerate(pictures) if other != seat))
            private = _own_lines(pictures[seat], elsewhere)
            if private:
                console.print(f"seat {seat} sees:", markup=False)
                for line in private:
                    console.print(f"  {line}", markup=False)

    def show_all(self, console: Console) -> None:
        """Print every step in order."""
        for step in range(len(self.states)):
            self.show(console, step)

    def interactive(self, console: Console, read: Callable[[str], str] | None = None) -> None:
        """Step with Enter/n, p, g N and q (end of input or Ctrl-C leave too)."""
        reader = read or (lambda prompt: console.input(prompt, markup=False))
        step = 0
        self.show(console, step)
        while True:
            try:
                command = reader(f"step {step}/{self.last} (n, p, g N, q) > ").strip().lower()
            except (EOFError, KeyboardInterrupt):
                console.print()
                return
            words: Sequence[str] = command.split()
            number = words[-1] if words and (len(words) == 1 or (len(words) == 2 and words[0] in ("g", "go"))) else ""
            if command in ("", "n", "next"):
                if step == self.last:
                    console.print("that was the last step (q to quit)", markup=False)
                    continue
                step += 1
            elif command in ("p", "prev", "previous"):
                if step == 0:
                    console.print("this is the first step", markup=False)
                    continue
                step -= 1
            elif number.isascii() and number.lstrip("-").isdigit() and number.count("-") <= 1:
                # A negative step ("g -1") is a step out of range, not an unknown command.
                target = int(number) if len(number.lstrip("-")) <= MAX_DIGITS else -1
                if not 0 <= target <= self.last:
                    console.print(f"steps run from 0 to {self.last}", markup=False)
                    continue
                step = target
            elif command in ("q", "quit", "exit"):
                return
            elif command in ("h", "help", "?"):
                console.print(REPLAY_HELP, markup=False)
                continue
            else:
                console.print(f"{quote(command)} is not a replay command. {REPLAY_HELP}", markup=False)
                continue
            self.show(console, step)


def open_replay(file: Path, seat: int | None, omniscient: bool) -> Replay:
    """The replay of a save file (a name from the data folder's saves will do), checked.

    Raises a :class:`DojoError` saying what is wrong: an unreadable save, a seat the game does not
    have, the omniscient view asked for a game in progress or together with a seat.
    """
    game = read_save_game(find_save(file))
    if seat is not None and omniscient:
        raise OptionError("--omniscient shows every seat already: leave out --seat")
    if seat is not None and not 0 <= seat < game.num_players:
        raise OptionError(f"--seat {seat} is not a seat of this {game.num_players}-player game "
                          f"(seats are 0 to {game.num_players - 1})")
    try:
        return Replay(game, seat, omniscient)
    except OptionError as error:
        raise OptionError(f"--omniscient: {error}") from None


def _own_lines(picture: list[str], elsewhere: set[str]) -> list[str]:
    """The lines of a seat's picture that no other picture has, and the seat's own blocks whole: a line
    addressed to it ("your hand: ...", "P1 (you): ...") with the lines indented under it. Two seats' hands
    may hold a line alike ("Ladder (la) ..." under each "your hand"), which is no less private for that."""
    def indent(line: str) -> int:
        # Where the words start: a turn marker ("> P0 (you)") is not an indent.
        found = re.search(r"\w", line)
        return found.start() if found else len(line)

    own = [False] * len(picture)
    for number, line in enumerate(picture):
        if "(you)" in line or line.lower().startswith("your "):
            own[number] = True
            for after in range(number + 1, len(picture)):
                below = picture[after]
                if not below.strip() or indent(below) <= indent(line):
                    break
                own[after] = True
    # A line that differs from another picture's only by the turn marker ("> P0  hits ...", the seat's own
    # row) tells nothing private.
    unmarked = {_unmarked(line) for line in elsewhere}
    return [line for number, line in enumerate(picture)
            if line.strip() and (own[number] or _unmarked(line) not in unmarked)]


def _unmarked(line: str) -> str:
    """``line`` without the marker a picture puts before the viewer's own row (``>``)."""
    return " " + line[1:] if line.startswith(">") else line
