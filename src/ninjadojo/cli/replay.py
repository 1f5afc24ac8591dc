"""``dojo replay``: step through a saved game, as a spectator or as one seat saw it.

Each step shows the view of the chosen seat (or the spectator) after that action and the log lines
that appeared with it. Action texts are shown only for the viewing seat's own actions: another
seat's action text could tell what that seat may not know (a hidden choice, who answered a
concealed window).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.rule import Rule

from ninjadojo.engine import GameState

REPLAY_HELP = "Enter or n: next step;  p: previous;  g N: go to step N;  q: quit"


class Replay:
    """The states of a saved game and how to show each as one seat (or a spectator) saw it."""

    def __init__(self, game: GameState[Any], seat: int | None) -> None:
        self.states = list(game.replay_states())
        self.actions = list(game.record.actions)
        self.seat = seat

    @property
    def last(self) -> int:
        """The number of the last step (the number of actions)."""
        return len(self.states) - 1

    def new_lines(self, step: int) -> list[str]:
        """The log lines the viewer sees appear at ``step``."""
        state = self.states[step]
        before = len(self.states[step - 1].events) if step > 0 else 0
        return [
            event.text for event in state.events[before:]
            if event.visible_to(self.seat) and (event.expires is None or event.expires > state.ply)
        ]

    def show(self, console: Console, step: int) -> None:
        """Print step ``step``: who acted (only for the viewer's own actions), the view and new log lines."""
        state = self.states[step]
        who = "spectator" if self.seat is None else f"seat {self.seat}"
        console.print(Rule(f"step {step} of {self.last} ({who})"))
        if step > 0:
            actor, action = self.actions[step - 1]
            if self.seat is not None and actor == self.seat:
                console.print(f"you played {action}", markup=False)
        render_markup = getattr(state, "render_markup", None)
        if callable(render_markup):
            console.print(render_markup(self.seat))
        else:
            console.print(state.render(self.seat), markup=False)
        for line in self.new_lines(step):
            console.print(f"  {line}", markup=False)
        if state.result is not None:
            winners = ", ".join(f"seat {s}" for s in state.result.winners)
            scores = ", ".join(f"{score:g}" for score in state.result.scores)
            console.print(f"game over: {state.result.reason}; scores {scores}; winners {winners}", markup=False)

    def show_all(self, console: Console) -> None:
        """Print every step in order."""
        for step in range(len(self.states)):
            self.show(console, step)

    def interactive(self, console: Console, read: Any = None) -> None:
        """Step with Enter/n, p, g N and q."""
        read = read or (lambda prompt: console.input(prompt, markup=False))
        step = 0
        self.show(console, step)
        while True:
            try:
                command: str = read(f"step {step}/{self.last} (n, p, g N, q) > ").strip().lower()
            except EOFError:
                return
            words: Sequence[str] = command.split()
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
            elif words and words[0] in ("g", "go") and len(words) == 2 and words[1].isdigit():
                target = int(words[1])
                if not 0 <= target <= self.last:
                    console.print(f"steps run from 0 to {self.last}", markup=False)
                    continue
                step = target
            elif command in ("q", "quit", "exit"):
                return
            else:
                console.print(REPLAY_HELP, markup=False)
                continue
            self.show(console, step)
