"""``dojo play``: a game at the terminal, humans against bots.

The table (:mod:`ninjadojo.table`) drives the game and keeps it saved in the data folder, set up from
the flags by :mod:`ninjadojo.cli.opening`; this module is the screen and the keyboard. Bots' moves reach
a human only through the log lines that human's seat may see, collected as they appear (so a one-time
look is not missed) and shown at the human's next prompt. Nothing tells a human who was asked in a
concealed window (at a hot seat every human takes the keyboard in turn for one), and in a simultaneous
frame the bots' hidden choices are in the frame before the human chooses, unseen, so nobody sees
another's choice before all are in.

The screen before each prompt fits the terminal (80x24 and up): the log since the human's last move
and the list of choices are cut to what fits, with a line saying how to see the rest.
"""

from __future__ import annotations

import re
import shlex
import sys
import textwrap
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.table import Table as RichTable
from rich.text import Text

from ninjadojo.cli.choices import (
    WHOLE_CHOICES,
    choice_lines,
    columns_for,
    drop_shared_tail,
    example_part,
    named_by_parts,
    narrow,
    parts,
    same_text,
    shorten_middle,
    whole_lines,
)
from ninjadojo.cli.common import (
    EXIT_INTERRUPTED,
    lines_needed,
    position_text,
    stderr_console,
)
from ninjadojo.cli.opening import open_table, opening_line, shell_word
from ninjadojo.engine import DojoError, GameState, IllegalActionError
from ninjadojo.engine.errors import quote
from ninjadojo.engine.state import CardInfo
from ninjadojo.table import (
    Table,
)

#: The terminal escape that erases the scrollback (ED 3, "erase saved lines"), after clearing the screen.
ERASE_SCROLLBACK = "\x1b[3J"

#: The most choices a list shows whole, two lines to a choice that one line would cut, when the screen has
#: room for them and for the log since the human's last turn (a list of WHOLE_CHOICES or fewer needs less).
WHOLE_LIST = 16



#: A list of choices longer than this gets a hint on how to narrow it (when the screen has room for one).
LONG_LIST = 24

#: At most this many of the log lines since a human's last move are shown before a prompt.
RECENT_LINES = 14
#: At least this many rows of choices show under the prompt (all of them if fewer), even when the board
#: leaves less room on the screen: its top then scrolls up (it stays in the scrollback, and ``board``
#: shows it again), rather than a player seeing one choice of sixteen at 80x24.
MIN_CHOICE_ROWS = 6

#: A number typed at the prompt has at most this many digits (a longer one is no choice of any list).
MAX_DIGITS = 6

#: Exit status after an unexpected error (the game was saved to a recovery file).
EXIT_CRASHED = 1


def line_editing() -> bool:
    """Whether the prompt edits lines: the arrow keys, Up and Down through the lines typed before, Ctrl-L
    to clear the screen. Python's ``input()`` does it once :mod:`readline` is imported (not on Windows,
    which has no readline: there the prompt takes lines as typed). Without it an arrow key was read as
    its escape code ("'mG\\x1b[D' is not allowed now")."""
    try:
        import readline  # noqa: F401  (imported for its effect on input())
    except ImportError:
        return False
    return True


#: A bot that takes longer than this (seconds) to choose is shown thinking (the quick ones would only flicker).
THINKING_AFTER = 0.3


@contextmanager
def thinking(console: Console, words: str, after: float = THINKING_AFTER) -> Iterator[None]:
    """Show ``words`` with a spinner, on a terminal, while the block runs longer than ``after`` seconds, and
    take them away when it ends: an expert bot's two seconds went by on a silent screen, as if the game had
    hung. The spinner is rich's status (a thread of its own), started by a timer so that a quick bot shows
    nothing."""
    if not console.is_terminal:
        yield
        return
    status = console.status(words)
    timer = threading.Timer(after, status.start)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        timer.join()  # (a start under way finishes before the stop)
        status.stop()


class LeaveGame(Exception):
    """The human left the game (``quit`` or end of input)."""


class Terminal:
    """A table at the terminal: screens, the prompt, commands, hand-overs at a hot seat.

    ``read`` reads one line after showing a prompt (default: the console's input); tests pass their own.
    ``auto`` answers a prompt that has exactly one legal answer for the human, with a line saying so.
    """

    def __init__(self, console: Console, table: Table, auto: bool = True,
                 read: Callable[[str], str] | None = None, intro: str = "") -> None:
        self.console = console
        self.table = table
        self.game: GameState[Any] = table.game
        self.humans = list(table.humans)
        self.auto = auto
        self.intro = intro
        self._read = read
        self.unseen: dict[int, list[str]] = {seat: [] for seat in self.humans}
        #: Public log lines since the last screen (what a hot-seat table may all read at the end).
        self.public_unseen: list[str] = []
        #: The indexes (into the full list of choices) listed last, and where the next page starts.
        self.listing: list[int] = []
        self.next_page = 0
        self._events_seen = 0
        self._last_human: int | None = None
        #: The record length at the last save that worked (autosave or ``save FILE``), and its file.
        self._saved_length = -1
        self._saved_to: Path | None = None
        #: Files this session wrote with ``save FILE`` (saving there again needs no question).
        self._written: set[Path] = set()
        self._autosave_warned = False
        #: Seats with a one-time look queued, and seats whose screen showed one: once such a seat has
        #: acted, the look is over, and the screen and scrollback are cleared so it cannot be read again.
        self._looks_queued: set[int] = set()
        self._looks_shown: set[int] = set()
        #: Humans told that their seat is out of play (GameState.out_words): each is told once.
        self._told_out: set[int] = set()
        self.collect_events()

    # ------------------------------------------------------------------ the loop

    def run(self) -> int:
        """Play until the game ends or a human leaves; the exit status (0, or 130 after Ctrl-C, 1 after a crash).

        Whatever happens, the game is saved and the player is told where: on leaving, on Ctrl-C, and
        after an unexpected error (then up to its last good action, with a crash report beside it).
        """
        try:
            self.play()
        except LeaveGame:
            self.leave("you left the game")
        except KeyboardInterrupt:
            self.console.print()
            self.leave("interrupted")
            return EXIT_INTERRUPTED
        except Exception as error:
            self.crashed(error)
            return EXIT_CRASHED
        return 0

    def play(self) -> None:
        """The game loop: bots act, humans are asked, until the game ends."""
        game, table = self.game, self.table
        self.say(self.intro or self.describe_table())
        while not game.is_terminal:
            bot = table.bot_to_act()
            if bot is not None:
                with thinking(self.console, f"P{bot} ({table.bot_specs[bot]}) is thinking…"):
                    table.play_bot(bot)
                self.collect_events()
                for note in table.take_notes():
                    self.say(f"! {note}")
                self.tell_who_is_out()
                continue
            self.autosave()
            seat = game.to_act()[0]
            if len(self.humans) > 1 and self.is_concealed(seat):
                self.concealed_round()
            else:
                self.human_turn(seat)
            self.collect_events()
            self.tell_who_is_out()
        self.autosave()
        self.show_end()
        self.show_end_save()

    def tell_who_is_out(self) -> None:
        """Say once to each human whose seat left play (Ninja Trap: a ninja knocked out) that the others
        play on to the end without it: the rest of the game would otherwise go by with no word."""
        for seat in self.humans:
            if seat in self._told_out:
                continue
            words = self.game.out_words(seat)
            if words is not None and not self.game.is_terminal:
                self._told_out.add(seat)
                who = "" if len(self.humans) == 1 else f"P{seat}: "
                self.say(f"{who}{words}; the others play on to the end (quit leaves, and the game is saved)")

    def describe_table(self) -> str:
        """The opening line: game, players, seed and who plays which seat (:func:`opening_line`)."""
        return opening_line(self.table)

    def is_concealed(self, seat: int) -> bool:
        """Whether ``seat`` is asked in a concealed frame (who is asked there is secret)."""
        decision = self.game.decision(seat)
        return decision is not None and decision.concealed

    def concealed_round(self) -> None:
        """A concealed window for humans at a hot seat: every human takes the keyboard in turn.

        Calling only the asked seat to the keyboard would tell the table who was asked; instead each
        human, in seat order, gets the screen, and the ones with nothing to answer just go on. A seat
        whose only answer is given for it presses Enter too, so that nothing differs.
        """
        for seat in sorted(self.humans):
            self.hand_over(seat, force=True)
            if self.game.is_terminal:
                break
            if self.is_concealed(seat):
                answered = self.human_turn(seat)
                self.collect_events()
                if answered == "auto":
                    self.read("press Enter ")
            elif self.game.decision(seat) is not None:
                break  # the window is over and this seat, at the keyboard, has its next decision
            else:
                self.show_screen(seat)
                self.read("nothing for you to answer now; press Enter ")

    def collect_events(self) -> None:
        """Queue the new log lines each human may see now (one-time looks included, before they expire)."""
        game = self.game
        for event in game.events[self._events_seen:]:
            line = event.line()
            for seat in self.humans:
                # A look may already be gone for one seat and not another (it expires per seat).
                if event.shown_to(seat):
                    self.unseen[seat].append(line)
                    if event.transient:
                        self._looks_queued.add(seat)
            if event.shown_to(None):
                self.public_unseen.append(line)
        self._events_seen = len(game.events)

    # ------------------------------------------------------------------ a human's turn

    def clear_screen(self) -> None:
        """Clear the screen and its scrollback (on a terminal), so nothing above can be scrolled back to."""
        if self.console.is_terminal:
            self.console.clear()
            self.console.file.write(ERASE_SCROLLBACK)
            self.console.file.flush()

    def hand_over(self, seat: int, force: bool = False) -> None:
        """At a hot seat, clear the screen and wait until ``seat`` is at the keyboard."""
        if len(self.humans) > 1 and (force or seat != self._last_human):
            # Hot seat: the screen must not show one human's hand to the next, nor may its scrollback.
            self.clear_screen()
            self.console.print(Rule(f"seat {seat} to the keyboard; the others look away"))
            while True:
                text = self.read(f"press Enter when seat {seat} is at the keyboard (or save, quit) ").strip()
                if not text:
                    break
                # Only commands that show nothing of any seat's hand are taken here; anything else (a move typed
                # too soon) is said to be no answer, rather than dropped as if it were Enter.
                if text.split(" ")[0].lower() not in ("save", "quit", "exit") or not self.command(seat, text):
                    self.say(f"{quote(text)} is not taken here: press Enter alone when seat {seat} is at the "
                             "keyboard, then choose")
        self._last_human = seat

    def human_turn(self, seat: int) -> str:
        """Ask ``seat`` for its action and apply it; ``"auto"`` if the client answered a single choice."""
        self.hand_over(seat)
        actions = self.game.legal_actions(seat)
        decision = self.game.decision(seat)
        # A one-time look showing (Ninja Trap's Buko look) is the point of its one choice: shown, not answered.
        # Nor one weighty enough to confirm (Ninja Camp's pass for the rest of the game).
        if self.auto and len(actions) == 1 and not (decision is not None and (decision.looking or decision.confirm)):
            if decision is not None and decision.formality:  # asked only so that being asked tells nothing
                self.submit(seat, actions[0])
                return "auto"
            # What led to the question first (the log lines this seat has not seen), then the answer.
            for line in self.unseen[seat]:
                self.print_log_line(line)
            self.unseen[seat] = []
            who = f"seat {seat}: " if len(self.humans) > 1 else ""
            # What was asked, in short (up to its first colon), so the answer reads in context.
            asked = decision.prompt.split(":")[0].strip() if decision is not None else ""
            asked = asked if len(asked) <= 80 else asked[:77].rsplit(" ", 1)[0] + "..."  # at a word's end
            self.say(f"{who}{asked + ' - ' if asked else ''}only choice: {self.choice_text(seat, actions[0])} "
                     "(answered for you)")
            self.submit(seat, actions[0])
            return "auto"
        self.show_screen(seat)
        while True:
            text = self.read(f"seat {seat}> ").strip()
            if self.command(seat, text):
                continue
            action = self.pick(seat, text)
            if action is not None:
                self.submit(seat, action)
                return "typed"

    def submit(self, seat: int, action: str) -> None:
        """Apply ``seat``'s action; a hidden choice is confirmed without repeating it, on a cleared screen
        (a formality, with no choice to hide, without a word)."""
        decision = self.game.decision(seat)
        simultaneous = decision is not None and decision.simultaneous and not decision.formality
        self.table.apply(seat, action)
        looked = seat in self._looks_shown
        self._looks_shown.discard(seat)
        if looked and not simultaneous:
            self.clear_screen()
        if not simultaneous:
            return
        # A hidden choice (in Ninja Trap even hidden from its maker) must not stay in the scrollback.
        self.clear_screen()
        if self.game.observe(seat).get("submitted") is True:
            self.say("your choice is in; nobody sees it until every choice is in")
        elif decision is not None and decision.looking:
            self.say("what you looked at is hidden again; the game goes on")
        else:
            self.say("your choice is in, and so is every other: the game goes on")

    def pick(self, seat: int, text: str) -> str | None:
        """The action ``text`` names, or ``None`` after listing matching choices or saying what is wrong.

        In order: an action's text (in any case, cards in any order), a number of the full list, a
        part (a card, a square) that names one action only; else the actions containing the text are
        listed with their numbers.
        """
        game = self.game
        actions = game.legal_actions(seat)
        canonical = game.canonical(seat, text)
        if canonical is not None:
            return canonical
        if game.is_free(seat, text):
            return text  # a free action (help lists them): the same decision is asked again after it
        if (text.isascii() and text[1:].isdigit() and text[0] in "+-"
                and not any(text in action for action in actions)):  # (a game may have actions like "-1")
            # A signed number is a number out of range too ("-1"), not an action the game must parse.
            self.say(f"there is no choice {quote(text) if len(text) > MAX_DIGITS else text}: "
                     f"{self.numbers_hint(actions)}")
            return None
        if text.isascii() and text.isdigit():
            number = int(text) if len(text) <= MAX_DIGITS else 0
            if 1 <= number <= len(actions):
                return actions[number - 1]
            self.say(f"there is no choice {text if len(text) <= MAX_DIGITS else quote(text)}: "
                     f"{self.numbers_hint(actions)}")
            return None
        same = same_text(actions, text)
        if len(same) == 1:
            return same[0]
        for variant in (text.lower(), text.upper()):
            canonical = game.canonical(seat, variant) if variant != text else None
            if canonical is not None:
                return canonical
        named = same if same else named_by_parts(actions, text)
        if len(named) == 1:
            self.say(f"{quote(text)} names {named[0]}")
            return named[0]
        matches = named or narrow(actions, text)
        if not matches:
            # The words a choice is listed in also name it ("genkan" for "Set a trap in the Genkan"): the
            # help says a part of a choice's text picks it, and a player reads the words, not the codes.
            worded = self.by_words(seat, actions, text)
            if len(worded) == 1:
                self.say(f"{quote(text)} names {self.choice_text(seat, worded[0])}")
                return worded[0]
            # The start of a word ("gen", "fort"), a seat ("attack p2") or a word in brackets ("bedroom") only
            # lists the choices, even one: it is a guess at what the player meant, to be confirmed by number.
            matches = worded or self.by_word_starts(seat, actions, text)
        if matches:
            self.listing = [actions.index(action) for action in matches]
            self.next_page = 0
            contain = "contains" if len(matches) == 1 else "contain"
            self.say(f"{len(matches)} of {len(actions)} choices {contain} {quote(text)}; "
                     "type a number to pick one:")
            self.show_page(seat, actions, self.console.size.height - 3)
            return None
        try:
            # Let the game explain why; an illegal action changes nothing.
            game.apply(seat, text)
        except IllegalActionError as error:
            # The engine's generic reason repeats the whole prompt, which the screen shows already; a
            # game's own explanation is shown as it is.
            decision = game.decision(seat)
            repeats_prompt = decision is not None and bool(decision.prompt) and decision.prompt in error.reason
            # Words with a space between them are no action's code: a game's reason for a code would read
            # them as one ("'ove buko' is not a room" for "move buko").
            if not error.explained or repeats_prompt or len(text.split()) > 1:
                self.say(f"{quote(text)} is not one of your choices: {self.numbers_hint(actions)}, "
                         "part of a choice's text, or help")
            else:
                self.say(f"{quote(text)} is not allowed now: {error.reason}")
            return None
        raise AssertionError("an action outside the legal list was accepted")  # pragma: no cover

    def by_words(self, seat: int, actions: Sequence[str], text: str) -> list[str]:
        """The actions whose words (as listed) hold every word of ``text`` as a whole word, in any case;
        none for a text with a word shorter than three letters or not of letters (``a``, ``x9``)."""
        typed = text.casefold().split()
        if not typed or not all(len(word) >= 3 and word.isalpha() for word in typed):
            return []
        labels = self.game.labels(seat)
        found = []
        for action in actions:
            # Not the words of a bracket: a warning ("(you would be defeated at once)") names no choice.
            said = re.sub(r"\([^()]*\)", " ", labels.get(action, action))
            words = set(re.findall(r"[^\W\d_]+", said.casefold()))
            if all(word in words for word in typed):
                found.append(action)
        return found

    def by_word_starts(self, seat: int, actions: Sequence[str], text: str) -> list[str]:
        """The actions whose words (as listed, brackets included) hold every word of ``text``, in any case,
        as a whole word or, for a word of three letters or more, as a word's start (``gen`` of Genkan, ``p2``,
        ``bedroom`` of "Genkan (bedroom)"); none for a typed word with no letter."""
        typed = text.casefold().split()
        if not typed or not all(any(char.isalpha() for char in word) for word in typed):
            return []
        labels = self.game.labels(seat)
        found = []
        for action in actions:
            words = re.findall(r"\w+", labels.get(action, action).casefold())
            if all(any(word == each or (len(word) >= 3 and each.startswith(word)) for each in words)
                   for word in typed):
                found.append(action)
        return found

    @staticmethod
    def numbers_hint(actions: Sequence[str]) -> str:
        """How to pick by number from ``actions`` (never "from 1 to 1")."""
        if len(actions) == 1:
            return f"the only choice is 1) {actions[0]}"
        return f"type a number from 1 to {len(actions)}"

    def command(self, seat: int, text: str) -> bool:
        """Carry out a prompt command; ``False`` if ``text`` is not one."""
        word, _, rest = text.partition(" ")
        word, rest = word.lower(), rest.strip()
        if text == "":
            self.say("type a number, a choice's text, or help")
        elif word in ("help", "?") and not rest:
            self.say(self.help_text(seat))
        elif word in ("help", "?", "card") and rest:
            self.show_card(rest)
        elif word == "card":
            self.say("card CARD prints a card's full text, e.g. card " + self.card_example() + " (cards lists them)")
        elif word == "cards":
            self.show_cards()
        elif word == "key":
            key = self.game.SPEC.board_key.strip()
            # A board with no key still may use letters (Ninja Camp's squares): it explains them beside them.
            self.say(key or f"{self.game.SPEC.title}'s board has no key to it: it names what it shows, or explains "
                            "its letters beside them.")
        elif word == "rules":
            rules = self.game.SPEC.rules_for(self.game.sets_in_play(self.game.options, self.game.num_players))
            self.say(rules or f"{self.game.SPEC.title} has no summary of its rules yet.")
            if self.game.SPEC.typing.strip():
                self.say("")
                self.say(self.game.SPEC.typing.strip())
        elif word == "log":
            log = self.game.observe(seat)["log"]
            assert isinstance(log, list)
            for line in log:
                self.print_log_line(str(line))
        elif word in ("list", "board"):
            self.show_screen(seat)
        elif word == "more":
            self.show_page(seat, self.game.legal_actions(seat), self.console.size.height - 2)
        elif word == "save":
            self.save_command(rest)
        elif word == "undo":
            self.undo_command(seat)
        elif word == "hint":
            self.hint_command(seat)
        elif word in ("quit", "exit"):
            self.quit()
        else:
            return False
        return True

    def read(self, prompt: str) -> str:
        """One line of input; end of input leaves the game."""
        try:
            if self._read is not None:
                text = self._read(prompt)
            elif sys.stdin.isatty() and sys.stdout.isatty() and line_editing():
                # The prompt given to input() itself, so that readline redraws it with the line (an arrow
                # key, a line recalled with Up, Ctrl-L); it is plain text (no markup to render).
                text = input(prompt)
            else:
                text = self.console.input(prompt, markup=False)
        except EOFError:
            self.console.print()
            raise LeaveGame() from None
        if self._read is None and not sys.stdin.isatty():
            # Piped input is not echoed: echo it so that a transcript reads like a session.
            self.console.print(text, markup=False, highlight=False)
        return text

    def say(self, message: str, whole: bool = False) -> None:
        """A plain message (never markup: it may quote what the human typed).

        ``whole`` leaves long lines to the terminal to wrap: a file path in it then copies as one piece.
        """
        self.console.print(message, markup=False, highlight=False, soft_wrap=whole or None)

    # ------------------------------------------------------------------ help, cards, rules

    def help_text(self, seat: int) -> str:
        """The commands, with examples taken from this game's choices now."""
        actions = self.game.legal_actions(seat)
        example = next((action for action in actions if len(action) > 1), actions[0] if actions else "d")
        part = example_part(actions)
        has_cards = bool(self.game.card_catalog())
        lines = [
            f"{self.game.SPEC.title}: type the number of a choice or its text (e.g. 1, or {example});",
            "case does not matter.",
        ]
        if part is not None:
            lines.append(f"Type part of a choice (e.g. {part}) to list the choices containing it, with")
            lines.append("their usual numbers; a part that names one choice only picks it at once.")
        lines += [
            "Commands:",
            "  help          this help",
        ]
        if has_cards:
            lines += [f"  help CARD     a card's full text (also: card CARD), e.g. help {self.card_example()}",
                      "  cards         every card with its short text"]
        if self.game.SPEC.board_key:
            lines.append("  key           what the board's letters and marks mean")
        lines += [
            "  rules         the rules of the game in short",
            "  log           every log line your seat may see",
            "  list          the position and your choices again",
            "  more          the next page of choices, when they do not all fit",
            "  undo          take back your last action, if nobody has acted since and all it",
            "                led to was plain to you (the engine says why when it may not)",
            *(["  hint          the expert's advice on this decision, from what you can see (a few",
               "                seconds' search: its choice and next best, each with a win chance)"]
              if self.table.hints else []),
            "  save [FILE]   save a copy (resume with: dojo play --load FILE)",
            "  quit          leave; the game stays saved (dojo play --resume continues it)",
        ]
        free = self.game.free_labels(seat)
        if free:
            lines.append("At any of your prompts you may also type, for free (it is no choice of the decision):")
            lines += [f"  {action:<13} {text}" for action, text in free.items()]
        if self.auto:
            lines.append("A prompt with one possible answer is answered for you (--no-auto: ask).")
        return "\n".join(lines)

    def hint_command(self, seat: int) -> None:
        """``hint``: the expert search's advice on ``seat``'s decision, from its view (tables that allow it)."""
        if not self.table.hints:
            self.say("hints are off at this table; a new game allows them with: dojo play GAME --hints "
                     "(a saved one with: dojo play --resume --hints)")
            return
        try:
            with thinking(self.console, "looking for a hint…", after=0.0):
                advice = self.table.hint(seat)
        except DojoError as error:  # nothing to decide here (a hot seat's turn with no question)
            self.say(f"no hint: {error}")
            return
        actions = self.game.legal_actions(seat)

        def choice(action: str, label: str, chance: float) -> str:
            number = f"{actions.index(action) + 1}) " if action in actions else ""
            code = f" ({action})" if label != action else ""
            return f"{number}{label}{code}: {chance:.0%} win chance"

        self.say(f"hint (the expert's search, {advice.iterations:,} {advice.unit} on what you can see, "
                 f"{advice.seconds:.1f} s): {choice(advice.action, advice.label, advice.chance)}")
        if advice.alternatives:
            self.say("  next best: " + "; ".join(choice(each.action, each.label, each.chance)
                                                 for each in advice.alternatives))

    def catalog(self) -> list[CardInfo]:
        """The cards of this game: the catalogue's, less those of expansions it does not play with (a card
        is in the game when each set its ``needs`` names is in play)."""
        game = self.game
        sets = set(game.sets_in_play(game.options, game.num_players))
        return [info for info in game.card_catalog() if sets.issuperset(info.needs)]

    def card_example(self) -> str:
        """A card code of this game for examples."""
        catalog = self.catalog()
        return catalog[len(catalog) // 2].code if catalog else "CARD"

    def show_card(self, text: str) -> None:
        """Print the full text of the card ``text`` names (its code, its name or a unique part of it)."""
        catalog = self.catalog()
        if not catalog:
            self.say(f"{self.game.SPEC.title} lists no card texts yet; rules prints its rules.")
            return
        found = find_cards(catalog, text)
        if len(found) > 1 and len({(info.name, info.short, info.text) for info in found}) == 1:
            # One card in several copies (Ninjitsu!'s Katana in three suits): its text once, with every code.
            self.say_card(found[0], ", ".join(each.code for each in found))
            return
        # A code the board shows for two things (a tile and an Envoy): both, in full.
        ambiguous_code = len(found) > 1 and found == cards_by_code(catalog, text)
        # The two sides of one thing (an Element, "help water"), or two cards a word names: both in full,
        # which is shorter to read than a list asking for more.
        two = len(found) == 2
        if len(found) == 1 or ambiguous_code or two:
            if ambiguous_code or two:
                self.say(f"{quote(text.strip())} names {len(found)} things:")
            for info in found:
                self.say_card(info, info.code)
        elif found:
            # Each name once, with the codes of its copies: "Master of Cunning (Ka, Kb, Kc)".
            codes: dict[str, list[str]] = {}
            for info in found:
                codes.setdefault(info.name, []).append(info.code)
            names = ", ".join(f"{name} ({', '.join(each)})" for name, each in list(codes.items())[:12])
            more = f" and {len(codes) - 12} more" if len(codes) > 12 else ""
            self.say(f"{quote(text)} could be {names}{more}: type more of it")
        else:
            self.say(f"no card of {self.game.SPEC.title} is called {quote(text)}; cards lists them")

    def say_card(self, info: CardInfo, codes: str) -> None:
        """A card in full: its name, ``codes``, short text, then its text wrapped to the screen."""
        self.say(f"{info.name} ({codes}): {info.short}" if info.short else f"{info.name} ({codes})")
        width = max(20, self.console.width - 2)
        for paragraph in (info.text or info.short or "").splitlines():
            self.say(textwrap.fill(paragraph, width, initial_indent="  ", subsequent_indent="  "))

    def show_cards(self) -> None:
        """Every card of the game, one line each (code, name, short text)."""
        catalog = self.catalog()
        if not catalog:
            self.say(f"{self.game.SPEC.title} lists no card texts yet; rules prints its rules.")
            return
        width = max(len(info.code) for info in catalog)
        for info in catalog:
            line = f"{info.code:<{width}}  {info.name}" + (f": {info.short}" if info.short else "")
            # A line too long for the terminal goes on under the name, whole words ("Stealth under 2", not
            # "Stea"); piped output keeps it whole.
            rows = (textwrap.wrap(line, self.console.width, subsequent_indent=" " * (width + 4))
                    if not self.console.soft_wrap else [line])
            for row in rows or [line]:
                self.say(row)

    # ------------------------------------------------------------------ screens

    def show_screen(self, seat: int) -> None:
        """The position as ``seat`` sees it, its unseen log lines, the decision and numbered choices.

        Everything fits the console's height: the log lines since the last move and the choices are
        cut to what fits (the most recent lines; the first page of choices), each with a line saying
        how to see the rest (``log``; ``more`` or typing part of a choice).
        """
        game, console = self.game, self.console
        width, height = console.width, console.size.height
        picture = position_text(game, seat)
        decision = game.decision(seat)
        prompt = Text(decision.prompt if decision is not None else "", style="bold")
        actions = game.legal_actions(seat)
        lines = self.unseen[seat]
        self.unseen[seat] = []
        self.public_unseen = []
        if seat in self._looks_queued:
            self._looks_queued.discard(seat)
            self._looks_shown.add(seat)
        # One line is the input prompt; the picture and the decision always show.
        room = height - 1 - lines_needed(console, picture) - (lines_needed(console, prompt) if decision else 0)
        header = room >= 4
        room -= header
        heights = [len(self.log_rows(line)) for line in lines]
        log_need = 1 + sum(heights[-RECENT_LINES:]) if lines else 0
        columns = columns_for(self.choice_texts(seat, actions, width), width)
        rows_all = -(-len(actions) // columns) if actions else 0
        keep_for_log = min(log_need, 3)
        # Long choices shown whole, on two lines each, when the screen has room for it: a short list
        # beside the latest log lines, a longer one beside all the log lines since the human's last turn
        # (the choices' words cut short hid what told them apart: "for … discard a 1", "(… be defeated
        # at once)"; the log is not to be pushed off the screen for them).
        whole = self.whole_choices(seat, actions, range(1, len(actions) + 1), width, WHOLE_LIST)
        if whole is not None and len(whole) <= room - (keep_for_log if len(actions) <= WHOLE_CHOICES else log_need):
            rows_all = len(whole)
        choice_rows = rows_all if rows_all <= room - keep_for_log else max(1, room - keep_for_log - 1)
        # A tall board leaves no less than MIN_CHOICE_ROWS of choices (it scrolls up instead).
        choice_rows = max(choice_rows, min(rows_all, MIN_CHOICE_ROWS - (rows_all > MIN_CHOICE_ROWS)))
        paged = choice_rows < rows_all
        log_rows = max(room - choice_rows - paged, 0)
        shown = self.recent_count(heights, log_rows)
        if shown < len(lines):
            # The lines that do not fit go above the screen: off it, but still in the scrollback.
            self.show_earlier(lines[:len(lines) - shown])
        # No action count in the header: it would grow by one for every answer in a concealed window.
        if header:
            console.print(Rule(f"{game.SPEC.title} - seat {seat} (you)"))
        console.print(picture)
        self.show_log(lines, shown, log_rows)
        if decision is not None:
            console.print(prompt)
        self.listing = list(range(len(actions)))
        self.next_page = 0
        # On a crowded screen (a tall board and a long prompt) the choice and the "more" hint share a line.
        self.show_page(seat, actions, choice_rows + paged if choice_rows + paged > room else
                       min(choice_rows + paged, max(room, 1)))
        if not paged and len(actions) > LONG_LIST and log_rows - min(log_need, log_rows) >= 1:
            part = example_part(actions)
            if part is not None:
                self.say(f"(type part of a choice, e.g. {part}, to list only the choices containing it)")

    @staticmethod
    def recent_count(heights: Sequence[int], rows: int) -> int:
        """How many of the latest new log lines (each ``heights[i]`` lines tall once wrapped) the screen
        shows in ``rows`` lines: a title line, and a line saying how many came before if not all fit."""
        if not heights or rows <= 1:
            return 0
        if len(heights) <= RECENT_LINES and sum(heights) <= rows - 1:
            return len(heights)
        count, used = 0, 0
        for height in reversed(heights[-(RECENT_LINES - 1):]):
            if used + height > rows - 2:
                break
            count, used = count + 1, used + height
        return count

    def show_earlier(self, lines: Sequence[str]) -> None:
        """Log lines that do not fit on the screen, printed above it (at most a screenful)."""
        cut = max(len(lines) - 2 * RECENT_LINES, 0)
        if cut:
            self.say(f"  ... {cut} earlier line{'s' if cut > 1 else ''} (type log)")
        for line in lines[cut:]:
            self.print_log_line(line)

    def show_log(self, lines: Sequence[str], shown: int, rows: int) -> None:
        """The log lines since the human's last move: the latest ``shown`` of them, in at most ``rows`` lines."""
        if not lines or rows <= 0:
            return
        earlier = len(lines) - shown
        if rows == 1 or not shown:
            self.say(f"({len(lines)} new log line{'s' if len(lines) > 1 else ''} above; log shows them all)")
            return
        self.console.print("[bold]since your last choice:[/bold]")
        if earlier:
            self.say(f"  ... {earlier} earlier line{'s' if earlier > 1 else ''} above (log shows them all)")
        for line in lines[earlier:]:
            self.print_log_line(line)

    def log_rows(self, line: str) -> list[str]:
        """A log line as the screen shows it: indented two spaces (more when nested), and (unless the
        console leaves wrapping to the terminal) wrapped with the continuation indented further."""
        indent = "  " + " " * (len(line) - len(line.lstrip(" ")))
        if self.console.soft_wrap:
            return [f"  {line}"]  # piped output keeps each line whole (for tools)
        return textwrap.wrap(line.strip(), self.console.width, initial_indent=indent,
                             subsequent_indent=indent + "  ", break_on_hyphens=False) or [indent]

    def print_log_line(self, line: str) -> None:
        """Print one log line (see :meth:`log_rows`)."""
        for row in self.log_rows(line):
            self.say(row)

    def choice_text(self, seat: int, action: str, room: int | None = None, words: str | None = None) -> str:
        """A choice as the terminal lists it: the game's words (``words``, else asked of the game) with the
        action's typing code beside them (``Draw 2 cards (d)``), or the code alone where the game has no
        other words for it. With ``room``, words too long for one line of that many characters lose their
        middle to an ellipsis: their start says what the choice is, their end what tells it from its
        neighbours ("discard a 3", a warning); the code, which is what one types, always shows whole."""
        if words is None:
            words = self.game.label(seat, action)
        if words == action:
            return action
        text = f"{words} ({action})"
        if room is not None and len(text) > room:
            text = f"{shorten_middle(words, max(9, room - len(action) - 3))} ({action})"
        return text

    def choice_texts(self, seat: int, actions: Sequence[str], width: int, largest: int | None = None) -> list[str]:
        """:meth:`choice_text` of each of ``actions``, each fitting one line of ``width`` with its number
        (``largest``: the largest number shown, when ``actions`` are part of the list, numbered as in it)."""
        room = width - len(str(max(largest or len(actions), 1))) - 2
        labels = self.game.labels(seat)  # once for the list: a label alone asks for all of them
        # A label too long for its line first loses the end it shares with its siblings (Ninja Camp's
        # "... and claim the Shadow on g3"), so that the middle which tells them apart stays; the siblings
        # are all the choices (the labels of every legal action), also those a part typed leaves out.
        others = list(labels.values())
        texts = []
        for action in actions:
            words = labels.get(action)
            if words is not None and words != action:
                words = drop_shared_tail(words, others, max(9, room - len(action) - 3))
            texts.append(self.choice_text(seat, action, room, words))
        return texts

    def whole_choices(self, seat: int, actions: Sequence[str], numbers: Sequence[int], width: int,
                      most: int = WHOLE_LIST) -> list[str] | None:
        """``seat``'s ``actions`` whole, two lines a choice where one would cut them (:func:`whole_lines`),
        or None (also for more than ``most`` choices)."""
        if len(actions) > most or not actions:
            return None
        return whole_lines([self.choice_text(seat, action) for action in actions], numbers, width)

    def show_page(self, seat: int, actions: Sequence[str], rows: int) -> None:
        """The next page of the current listing (``seat``'s choices) in at most ``rows`` lines, with the
        full list's numbers, each in words with its code.

        If the listing does not fit, its last line says how to see the rest.
        """
        listing = self.listing if self.listing and all(i < len(actions) for i in self.listing) else list(
            range(len(actions)))
        if self.next_page >= len(listing):
            self.say("no more choices to show (list shows the first page again)")
            return
        width = self.console.width
        numbers = [index + 1 for index in listing]
        codes = [actions[index] for index in listing]
        whole = self.whole_choices(seat, codes, numbers, width) if self.next_page == 0 else None
        if whole is not None and len(whole) <= max(rows, 1):
            for line in whole:
                self.say(line)
            self.next_page = len(listing)
            return
        texts = self.choice_texts(seat, codes, width, max(numbers, default=1))
        columns = columns_for(texts, width, numbers=numbers)
        rest = len(listing) - self.next_page
        fits = columns * max(rows, 1)
        if rest > fits:
            fits = columns * max(rows - 1, 1)
        start, end = self.next_page, min(len(listing), self.next_page + fits)
        lines = choice_lines(texts[start:end], width, numbers=numbers[start:end], columns=columns)
        self.next_page = end
        if rows <= 1 and end < len(listing) and len(lines) == 1:
            # One line for a choice and the hint that more follow.
            hint = f"  (+{len(listing) - end} more: type more)"
            line = lines[0] if len(lines[0]) + len(hint) <= width else lines[0][:width - len(hint) - 1] + "…"
            self.say(line + hint)
            return
        for line in lines:
            self.say(line)
        if end < len(listing):
            part = example_part(codes)
            narrow_hint = f" or part of a choice (e.g. {part})" if part is not None else ""
            self.say(f"... {len(listing) - end} more: type more{narrow_hint}")

    def show_end(self) -> None:
        """The last log lines, the final position, the scores, and who won (said once)."""
        game, console = self.game, self.console
        result = game.result
        assert result is not None
        # At a hot seat the last lines go to the whole table: only the public ones, each once.
        viewer = self.humans[0] if len(self.humans) == 1 else None
        for line in self.unseen[viewer] if viewer is not None else self.public_unseen:
            # The game logs how it ended; that shows once, as the title of the scores below.
            if line.strip() != result.reason:
                self.print_log_line(line)
        self.public_unseen = []
        for seat in self.humans:
            self.unseen[seat] = []
        console.print(Rule("game over"))
        position = position_text(game, viewer)
        console.print(position)
        # Said once: as the scores' title, unless the game's picture of the end says it already.
        said = " ".join(result.reason.split()) in " ".join(position.plain.split())
        table = RichTable(title=None if said else result.reason, title_justify="left")
        table.add_column("seat")
        table.add_column("player")
        # What the numbers count; a game only won or lost (Ninja Trap) shows how it ended, no number.
        score_name = game.SPEC.score_name
        if score_name:
            table.add_column(score_name.lower(), justify="right")
        counts = game.score_lines()
        # A count that only says the score again (Of Knights and Ninjas: "Gems held: 7") is no column of its
        # own beside the score's (GameSpec.score_counted; the browser's end table does the same).
        if not game.SPEC.score_counted:
            counts = [[] for _ in counts]
        if any(counts):
            # The final count as the rulebook counts it, line by line, beside each score.
            table.add_column("how it counts" if score_name else "how it ended")
        for seat, score in enumerate(result.scores):
            player = "you" if seat in self.humans else self.table.bot_specs.get(seat, "?")
            row: list[str | Text] = [f"P{seat}", Text(player)]
            if score_name:
                row.append(f"{score:g}")
            if any(counts):
                row.append(Text("\n".join(counts[seat])))
            table.add_row(*row)
        console.print(table)
        self.say(self.verdict())
        carried = game.rematch_options()
        if carried:
            given = " ".join(f"--option {name}={value}" for name, value in carried.items())
            # What the options carry, in words: "Who goes first: P1" (the last winner), the Elements kept.
            specs = {spec.name: spec for spec in game.option_specs()}
            kept = "; ".join(f"{specs[name].title}: {f'P{value}' if specs[name].seat else value}"
                             for name, value in carried.items() if name in specs)
            self.say(f"to play the next game of this match as the rulebook sets it up ({kept}), "
                     f"add {given} to dojo play")

    def verdict(self) -> str:
        """Who won, in one line (from the single human's side when there is one)."""
        result = self.game.result
        assert result is not None
        winners = list(result.winners)
        named = " and ".join(f"P{seat}" for seat in winners)
        if not winners:
            others = "nobody wins"
        elif len(winners) == 1:
            others = f"{named} wins"
        else:
            others = f"{named} share the win"
        if len(self.humans) != 1:
            return others
        you = self.humans[0]
        if you not in winners:
            return f"you did not win: {others}"
        if len(winners) == 1:
            return "you win"
        return "you share the win with " + " and ".join(f"P{seat}" for seat in winners if seat != you)

    def undo_command(self, seat: int) -> None:
        """Take back ``seat``'s last action when the engine allows it (it says why when it does not)."""
        reason = self.table.undo(seat)
        if reason is not None:
            self.say(f"cannot undo: {reason}")
            return
        self._events_seen = len(self.game.events)
        self.say("your last action is taken back")
        self.autosave()
        self.show_screen(seat)

    # ------------------------------------------------------------------ saving

    def autosave(self) -> None:
        """Save into the data folder; the first failure is reported once (with what to do instead)."""
        if self.table.autosave():
            self._saved_length = len(self.game.record.actions)
            self._saved_to = self.table.save_path
        elif self.table.autosave_on and not self._autosave_warned:
            self._autosave_warned = True
            self.say(f"autosave failed: {self.table.autosave_error}; use save FILE to keep this game")

    def default_save_path(self) -> Path:
        """Where ``save`` writes when no file is named: the autosave's name, in the current folder."""
        if self.table.save_path is not None:
            return Path(self.table.save_path.name)
        return Path(f"{self.game.game_id}-seed{self.table.seed}.dojo.json")

    def save_command(self, rest: str) -> bool:
        """``save [FILE]``: save a copy, asking before overwriting a file this session did not write."""
        try:
            words = shlex.split(rest)
        except ValueError:
            words = [rest]
        name = " ".join(words) if words else None
        if words and not name:
            self.say("the file name is empty: type save FILE (e.g. save game.dojo.json), or save for "
                     f"{self.default_save_path()}")
            return False
        target = Path(name).expanduser() if name else self.default_save_path()
        if target.is_dir():
            self.say(f"could not save to {target}: it is a folder")
            return False
        if target.exists() and target.resolve() not in self._written:
            answer = self.read(f"{target} exists; overwrite it? [y/N] ").strip().lower()
            if answer not in ("y", "yes"):
                self.say("not saved")
                return False
        try:
            path = self.table.save_as(target)
        except OSError as error:
            self.say(f"could not save to {target}: {error.strerror or error}")
            return False
        self._written.add(path.resolve())
        self._saved_length = len(self.game.record.actions)
        self._saved_to = path
        self.say(f"saved to {path} (resume with: dojo play --load {shell_word(path)})", whole=True)
        return True

    def quit(self) -> None:
        """``quit``: leave. The game is saved already, unless autosave cannot write: then offer a save first."""
        self.autosave()
        if self.table.autosave_error is None and self.table.autosave_on:
            raise LeaveGame()
        if self._saved_length == len(self.game.record.actions):
            raise LeaveGame()  # saved with save FILE just now
        answer = self.read("the game is not saved; save it before leaving? [Y/n] ").strip().lower()
        if answer in ("n", "no"):
            raise LeaveGame()
        name = self.read(f"file [{self.default_save_path()}]: ").strip()
        if self.save_command(shlex.quote(name) if name else ""):
            raise LeaveGame()
        # Leaving now would lose the game the player asked to keep.
        self.say("the game is not saved, so you are still playing (quit again to leave)")

    def leave(self, why: str) -> None:
        """Leave mid-game: save, and say where the game is and how to go on with it."""
        self.autosave()
        if self.table.autosave_on and self.table.autosave_error is None and self.table.save_path is not None:
            self.say(f"{why}; the game is saved in {self.table.save_path}", whole=True)
            self.say("resume it with: dojo play --resume")
        elif self._saved_length == len(self.game.record.actions) and self._saved_to is not None:
            self.say(f"{why}; the game is saved in {self._saved_to}", whole=True)
            self.say(f"resume it with: dojo play --load {shell_word(self._saved_to)}", whole=True)
        else:
            self.say(f"{why}; the game could not be saved ({self.table.autosave_error or 'autosave is off'})")

    def crashed(self, error: Exception) -> None:
        """After an unexpected error: save the game up to its last good action and say where."""
        saved, report = self.table.recover(error)
        err = stderr_console()
        message = str(error).splitlines()[0] if str(error) else ""
        err.print(f"error: an unexpected error stopped the game ({type(error).__name__}: {message[:200]})",
                  markup=False)
        if saved is not None:
            err.print(f"the game up to its last good move is saved in {saved}", markup=False, soft_wrap=True)
            err.print("resume it with: dojo play --resume", markup=False)
        else:
            err.print("the game could not be saved", markup=False)
        if report is not None:
            err.print(f"details for a bug report: {report}", markup=False, soft_wrap=True)

    def show_end_save(self) -> None:
        """Say where the finished game is kept (for ``dojo replay``)."""
        if self.table.autosave_on and self.table.autosave_error is None and self.table.save_path is not None:
            self.say(f"the game is saved in {self.table.save_path}", whole=True)
            self.say(f"replay it with: dojo replay {shell_word(self.table.save_path)}", whole=True)


#: A member of a family of cards as a board writes it: ``t3`` (one of the Envoys ``env:t``), ``w1`` (a
#: Rumor ``rum:w``), or with its family's prefix as an action writes it (``rum:w1``).
_MEMBER = re.compile(r"(?:([a-z]+):)?([a-z]+)(\d+)")


def cards_by_code(catalog: Sequence[CardInfo], text: str) -> list[CardInfo]:
    """Every card the code ``text`` names as the board or an action writes it, in any case: the card of
    that code, and the family a member code belongs to (``t1``: the Taira Envoys ``env:t``, whose text
    lists Envoy No. 1), else the card of a code with a count (``pe2``). A mark the board puts after a
    code (``t3~`` masked, ``t6@2`` a tile's price) is not part of it. Several cards when the code is
    ambiguous (``t1`` is also a Tiger tile)."""
    folded = text.strip().casefold()
    codes = list(dict.fromkeys((folded, re.split(r"[~@]", folded)[0])))
    exact = [info for info in catalog if info.code.casefold() in codes]
    listed: list[CardInfo] = []  # families whose text lists this member
    unlisted: list[CardInfo] = []  # families whose text lists no member: any number may be one
    for code in codes:
        member = _MEMBER.fullmatch(code)
        if member is None:
            continue
        prefix, base, _ = member.groups()
        for info in catalog:
            family_prefix, colon, family = info.code.casefold().partition(":")
            if not colon or family != base or (prefix is not None and prefix != family_prefix):
                continue
            # Members listed by code (``t1``) or, as Ninjato's words list them, by number (``No. 1: ...``).
            text = info.text.casefold()
            members = set(re.findall(rf"\b{re.escape(base)}\d+\b", text))
            members |= {f"{base}{number}" for number in re.findall(r"\bno\. (\d+):", text)}
            if not members:
                unlisted.append(info)
            elif f"{base}{member.group(3)}" in members:
                listed.append(info)
    found = exact + listed or unlisted
    if not found:
        # A card with a count after its code, as an action writes a stack (Of Knights and Ninjas' ``pe2``:
        # two Peasants). A one-letter code with a number is a square (``a6``), not a card.
        counted = [match for code in codes if (match := re.fullmatch(r"([a-z]{2,})(\d+)", code))]
        found = [info for info in catalog if any(info.code.casefold() == match.group(1) for match in counted)]
    return list({info.code: info for info in found}.values())


def find_cards(catalog: Sequence[CardInfo], text: str) -> list[CardInfo]:
    """The cards ``text`` names: by code (:func:`cards_by_code`) or name in any case, else by a unique
    start of a name, else by a part of an action's text (``t:5b`` names card ``5b``)."""
    folded = text.strip().casefold()
    coded = cards_by_code(catalog, text)
    if coded:
        return coded
    exact = [info for info in catalog if info.name.casefold() == folded]
    if exact:
        return exact[:1] if len(exact) == 1 or len({info.code for info in exact}) == 1 else exact
    starts = [info for info in catalog if info.name.casefold().startswith(folded)]
    if starts:
        return starts
    contains = [info for info in catalog if folded in info.name.casefold()]
    if contains:
        return contains
    for piece in parts(text):
        exact = cards_by_code(catalog, piece)
        if exact:
            return exact
    return []


def run_play(console: Console, game_id: str | None, players: int | None, seats: Sequence[int] | None,
             seed: int | None, bots: Sequence[str] | None, options: Sequence[str] | None, load: Path | None,
             resume: bool, auto: bool, hints: bool | None = None) -> int:
    """``dojo play``: set up the table, play, and return the exit status (bad flags raise a DojoError)."""
    try:
        table, intro = open_table(game_id, players, seats, seed, bots, options, load, resume, hints)
    except DojoError:
        raise
    except Exception as error:
        # A bug met while setting up (in a game's deal, a bot's constructor): one line, no traceback.
        stderr_console().print(f"error: an unexpected error while setting up the game ({type(error).__name__}: "
                               f"{str(error)[:200]})", markup=False)
        return EXIT_CRASHED
    return Terminal(console, table, auto=auto, intro=intro).run()
