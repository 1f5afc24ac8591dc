"""``dojo replay``: step through a saved game, as a spectator or as one seat saw it.

Each step shows the view of the chosen seat (or the spectator) after an action and the log lines
that appeared with it. Action texts are shown only for the viewing seat's own actions: another
seat's action text could tell what that seat may not know (a hidden choice, who answered a
concealed window).

Steps are the moments the viewer would have seen at the table: another seat's answer in a concealed
window, and another seat's hidden choice that leaves a simultaneous frame still waiting, are no
steps of their own (they join the step before), so neither the steps nor their count tell that
anyone was asked, or who has chosen already.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.rule import Rule

from ninjadojo.cli.common import print_position
from ninjadojo.engine import GameState

REPLAY_HELP = "Enter or n: next step;  p: previous;  g N: go to step N (or just N);  q: quit"


class Replay:
    """The states of a saved game and how to show each as one seat (or a spectator) saw it."""

    def __init__(self, game: GameState[Any], seat: int | None) -> None:
        states = list(game.replay_states())
        actions = list(game.record.actions)
        self.seat = seat
        # The actions that start a step: the viewer's own, and those the viewer could see happen.
        starts = [0] + [ply for ply in range(1, len(states)) if not self._unseen(states, actions, ply)]
        #: The state each step shows: the one just before the next step starts (or the last).
        self.states = [states[end - 1] for end in starts[1:]] + [states[-1]]
        #: The action each step starts with (``None`` for step 0).
        self.actions: list[tuple[int, str] | None] = [None] + [actions[ply - 1] for ply in starts[1:]]

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

    def new_lines(self, step: int) -> list[str]:
        """The log lines the viewer sees appear at ``step``.

        One-time looks included: each was in the view when it appeared, even if a later action of
        the same step (another seat's hidden choice) took it out again.
        """
        state = self.states[step]
        before = len(self.states[step - 1].events) if step > 0 else 0
        return [event.text for event in state.events[before:] if event.visible_to(self.seat)]

    def show(self, console: Console, step: int) -> None:
        """Print step ``step``: who acted (only for the viewer's own actions), the view and new log lines."""
        state = self.states[step]
        who = "spectator" if self.seat is None else f"seat {self.seat}"
        console.print(Rule(f"step {step} of {self.last} ({who})"))
        played = self.actions[step]
        if played is not None and self.seat is not None and played[0] == self.seat:
            console.print(f"you played {played[1]}", markup=False)
        print_position(console, state, self.seat)
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
            elif (words and words[0] in ("g", "go") and len(words) == 2 and words[1].isdigit()) or command.isdigit():
                target = int(words[-1])
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
