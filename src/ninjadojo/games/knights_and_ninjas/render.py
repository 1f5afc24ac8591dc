"""The text picture of a position as one seat sees it, plain or in rich console markup.

It fits a small terminal for every player count: at most :data:`MAX_LINES` lines of at most
:data:`WIDTH` columns (the client adds a header, the prompt and the choices on an 80x24 screen). One
line says the target and the piles, one line per seat its gems, cards, fortifications and known cards,
a line or two what is on the table, then the seat's hand: each card with its short text (strength and
role), packed tighter when a big hand would not fit (short words, then card codes only).
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from ninjadojo.engine.words import plural
from ninjadojo.games.knights_and_ninjas.cards import BRIEF, CARD_ROWS, CODES, DUEL_SHORT, KINDS, NAMES, SLOTS
from ninjadojo.games.knights_and_ninjas.view import open_attack, shown_to_herald, window_gems
from ninjadojo.games.knights_and_ninjas.words import attack_words, taken_words

if TYPE_CHECKING:
    from ninjadojo.games.knights_and_ninjas.state import KnightsAndNinjasState

#: The picture's size limits: columns, and lines.
WIDTH = 80
MAX_LINES = 12
#: Gems drawn as stars beside the count, at most (a holder of many shows ``+`` after them).
MAX_STARS = 10

#: A line as (text, style) pieces; a style of "" is unpainted.
Line = list[tuple[str, str]]


def render(state: KnightsAndNinjasState, seat: int | None, markup: bool = False) -> str:
    """A text picture of the position as ``seat`` sees it (rich markup when ``markup``)."""
    lines: list[Line] = [_header(state)]
    drafting = state.duel and bool(state.frames) and state.frames[-1].kind == "draft"
    acting = state.frames[-1].seats[0] if drafting else state.current
    if state.result is not None:
        # The end: every hand on its seat's line (the seat's own too: its cards' texts no longer matter), a
        # hand too long for the line on a line of its own while lines are left, in names rather than codes.
        ending = [[(text, "green")] for text in textwrap.wrap(state.result.reason, WIDTH)]
        spare = MAX_LINES - len(lines) - state.num_players - len(ending)
        for other in range(state.num_players):
            seat_lines = _seat_line(state, other, seat, acting, spare)
            spare -= len(seat_lines) - 1
            lines += seat_lines
        return "\n".join(_join(line, markup) for line in [*lines, *ending])
    lines += [_seat_line(state, other, seat, acting)[0] for other in range(state.num_players)]
    lines += _table_lines(state, seat)
    if seat is not None:
        lines += _hand_lines(state.hands[seat], MAX_LINES - len(lines), state.duel)
    return "\n".join(_join(line, markup) for line in lines)


def _join(line: Line, markup: bool) -> str:
    return "".join(f"[{style}]{text}[/{style}]" if markup and style and text else text for text, style in line)


def _width(line: Line) -> int:
    return sum(len(text) for text, _ in line)


def _header(state: KnightsAndNinjasState) -> Line:
    title = ("Of Knights and Ninjas", "bold")
    if state.duel:
        rest = (f", 2 players: all {state.target} gems win; set aside {len(state.deck)}, "
                f"discards {len(state.discard)}")
    else:
        rest = (f" - {plural(state.target, 'gem')} win; draw pile {len(state.deck)}, "
                f"discards {len(state.discard)}, reshuffles {state.shuffles}")
        if len(title[0]) + len(rest) > WIDTH:
            rest = f" - {state.target} win; pile {len(state.deck)}, discards {len(state.discard)}, " \
                   f"reshuffles {state.shuffles}"
    return [title, (rest, "")]


def _seat_line(state: KnightsAndNinjasState, other: int, seat: int | None, acting: int, spare: int = 0) -> list[Line]:
    """``> P0 (you):  5 gems *****       4 cards  fort: Castle  known: Knight``, shortened (codes,
    then fewer known cards) when it would pass the width. Once the game is over every hand is shown
    (``hand:`` in place of ``known:``), the seat's own too; with ``spare`` lines left, a hand too long for
    the line goes on a line of its own, in names."""
    gems = state.gems[other]
    stars = "*" * min(gems, MAX_STARS) + ("+" if gems > MAX_STARS else "") if gems else "-"
    head: Line = [
        (f"{'>' if other == acting else ' '} {_seat_label(state, other, seat)} "
         f"{gems:2d} {'gem ' if gems == 1 else 'gems'} ", ""),
        (stars, "yellow" if gems else ""),
        (" " * (MAX_STARS + 1 - len(stars)) + f" {plural(state.sizes[other], 'card')}", ""),
    ]
    slots = [(card, SLOTS[i]) for i, card in enumerate(state.forts[other]) if card >= 0]
    over = state.result is not None
    counts = state.hands[other] if over else state.known[other]
    known = [kind for kind in range(KINDS) for _ in range(counts[kind])] if over or other != seat else []
    title = "hand" if over else "known"
    tail = _fort_words(slots, True) + _known_words(known, True, title=title)
    if _width(head) + len(tail) <= WIDTH:
        return [[*head, (tail, "")]]
    forts = _fort_words(slots, True)
    below = textwrap.wrap(_known_words(known, True, title=title).strip(), WIDTH, initial_indent="    ",
                          subsequent_indent="      ")
    if known and len(below) <= spare and _width(head) + len(forts) <= WIDTH:
        return [[*head, (forts, "")], *[[(line, "")] for line in below]]
    tail = _fort_words(slots, False) + _known_words(known, False, title=title)
    if _width(head) + len(tail) <= WIDTH:
        return [[*head, (tail, "")]]
    # Still too long: as many known cards as fit, and how many more.
    forts = _fort_words(slots, False)
    room = WIDTH - _width(head) - len(forts)
    for count in range(len(known) - 1, -1, -1):
        words = _known_words(known[:count], False, more=len(known) - count, title=title)
        if len(words) <= room:
            return [[*head, (forts + words, "")]]
    return [[*head, (forts[:WIDTH - _width(head)], "")]]


def _fort_words(slots: list[tuple[int, int]], names: bool) -> str:
    """``  fort: Castle, Archer (Jester)``, or with codes ``  fort: ca ar*``."""
    if not slots:
        return ""
    if names:
        return "  fort: " + ", ".join(NAMES[role] + (" (Jester)" if card != role else "") for card, role in slots)
    return "  fort: " + " ".join(CODES[role] + ("*" if card != role else "") for card, role in slots)


def _seat_label(state: KnightsAndNinjasState, other: int, seat: int | None) -> str:
    """``P2:``, or ``P2 (you):`` for the seat looking, padded so that every seat's columns line up."""
    width = len(f"P{state.num_players - 1}:") + (len(" (you)") if seat is not None else 0)
    return (f"P{other}" + (" (you)" if other == seat else "") + ":").ljust(width)


def _known_words(known: list[int], names: bool, more: int = 0, title: str = "known") -> str:
    """``  known: 2x Knight, Peasant``, or with codes ``  known: 2x kn pe +2``."""
    if not known and not more:
        return ""
    kinds = sorted(set(known))
    words = [(f"{known.count(k)}x " if known.count(k) > 1 else "") + (NAMES[k] if names else CODES[k]) for k in kinds]
    return f"  {title}: " + (", " if names else " ").join(words) + (f" +{more}" if more else "")


def _table_lines(state: KnightsAndNinjasState, seat: int | None) -> list[Line]:
    """What is on the table: the attack, a Ladder, cards shown to a Herald, gems a Highwayman may
    steal, the draft. What the seat must decide is in its prompt, printed under the picture, so the
    attack on the seat itself is not said twice."""
    deciding = state.frames[-1].kind if state.frames and seat is not None and seat in state.frames[-1].seats else ""
    texts: list[tuple[str, str]] = []
    attack = open_attack(state)
    if attack is not None and deciding != "respond":
        texts.append((attack_words(state, *attack), "red"))
    elif state.attack_target >= 0 and deciding != "respond":
        texts.append((f"P{state.current} is attacking P{state.attack_target} this turn", "red"))
    if state.ladder_on >= 0:
        texts.append((f"a Ladder stands against P{state.ladder_on}'s Castle until the end of the turn", ""))
    shown = shown_to_herald(state)
    if shown:
        words = "shown to the Herald: " + ", ".join(f"P{s}: {NAMES[k]}" for s, k in shown)
        if len(words) > WIDTH - 2:
            words = "shown to the Herald: " + ", ".join(f"P{s}'s {NAMES[k]}" for s, k in shown)
        texts.append((words, ""))
    window = window_gems(state)
    if window is not None and deciding != "highwayman":
        them = "it" if window[1] == 1 else "them"
        texts.append((f"{taken_words(*window)}: a Highwayman may steal {them}", ""))
    if state.duel and state.frames and state.frames[-1].kind == "draft":
        drafter = state.frames[-1].seats[0]
        texts.append((f"draft: {plural(len(state.draft), 'card')} left, P{drafter} is drafting", ""))
    lines: list[Line] = []
    for text, style in texts:
        lines += [[(part, style)] for part in textwrap.wrap(text, WIDTH, initial_indent="  ", subsequent_indent="    ")]
    return lines


def _short(kind: int, duel: bool) -> str:
    code = CODES[kind]
    return DUEL_SHORT.get(code, CARD_ROWS[kind].short) if duel else CARD_ROWS[kind].short


def _hand_lines(hand: list[int], budget: int, duel: bool) -> list[Line]:
    """The hand in at most ``budget`` lines: one card kind a line with its short text if that fits,
    else packed with its short text, then with a few words (strength, role), then codes only."""
    kinds = [kind for kind in range(KINDS) if hand[kind]]
    label = ("your hand: ", "bold")
    if not kinds:
        return [[label, ("no cards", "")]]

    def named(kind: int, words: str) -> str:
        count = f"{hand[kind]}x " if hand[kind] > 1 else ""
        if hand[kind] == 1:
            words = words.replace(" each:", ":", 1)  # one Peasant is "strength 1", not "strength 1 each"
        return f"{count}{NAMES[kind]} ({CODES[kind]}) {words}"

    indent = " " * len(label[0])
    one_a_line = [named(kind, _short(kind, duel)) for kind in kinds]
    if len(one_a_line) <= budget and all(len(indent) + len(entry) <= WIDTH for entry in one_a_line):
        return [[label, (one_a_line[0], "")], *[[(indent + entry, "")] for entry in one_a_line[1:]]]
    def coded(kind: int, words: str) -> str:
        return (f"{hand[kind]}x " if hand[kind] > 1 else "") + CODES[kind] + (" " + words if words else "")

    tiers = (
        ([named(kind, _short(kind, duel)) for kind in kinds], "; "),
        ([named(kind, BRIEF[CODES[kind]]) for kind in kinds], "; "),
        ([coded(kind, BRIEF[CODES[kind]]) for kind in kinds], "; "),
        ([coded(kind, "") for kind in kinds], ", "),
        # The tightest: ``3pe so``; twenty kinds fit in two lines.
        ([f"{hand[kind]}{CODES[kind]}" if hand[kind] > 1 else CODES[kind] for kind in kinds], " "),
    )
    packed: list[str] = []
    for entries, separator in tiers:
        packed = _pack(entries, len(label[0]), separator)
        if len(packed) <= budget:
            break
    packed = packed[:max(budget, 1)]
    return [[label, (packed[0][len(indent):], "")], *[[(line, "")] for line in packed[1:]]]


def _pack(entries: list[str], indent: int, separator: str) -> list[str]:
    """``entries`` joined by ``separator`` into lines of at most :data:`WIDTH` columns, each starting
    with ``indent`` spaces (the first line's are replaced by the label)."""
    lines: list[str] = []
    line = " " * indent
    for entry in entries:
        if line.strip() and len(line) + len(separator) + len(entry) > WIDTH:
            lines.append(line)
            line = " " * indent
        line += (separator if line.strip() else "") + entry
    lines.append(line)
    return lines
