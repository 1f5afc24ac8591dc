"""What decides a report's results: the game, player counts, games, bots, seed, options and the rule compared.

A report plays, for each *variant* (the options as given, or two variants with ``compare``: the
options with ``OPTION=A`` and with ``OPTION=B``) and each player count, games ``0`` to ``games - 1``.
Game ``i`` at ``P`` players has the same seeds in every variant (common random numbers): its seed
comes from the report's seed, ``P`` and ``i`` only, each bot's from the game's seed and its seat,
so the two variants of a game differ by the rule and nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ninjadojo.bots import canonical_spec, make_bot, sim_default_bot
from ninjadojo.engine.errors import OptionError, quote
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.options import OptionValue, format_value
from ninjadojo.engine.state import MAX_LENGTH_OPTION, GameState, check_seed
from ninjadojo.games import game_class
from ninjadojo.report.text import value_words
from ninjadojo.sim.seeds import derive_seed
from ninjadojo.sim.settings import MAX_GAMES, with_max_length

#: The label of the one variant of a report that compares nothing.
DEFAULT_LABEL = "default"


@dataclass(frozen=True, slots=True)
class Variant:
    """One set of rules a report plays: its label (``default`` or ``name=value``) and its full option values."""

    label: str
    options: dict[str, OptionValue]


#: The fingerprint's ``lineups`` where the specs do not divide the seats: every line-up is turned through every
#: seat (:meth:`ReportSettings.lineup`). A folder of an older report, which seated such specs otherwise, is refused.
LINEUPS_TURNED = "each turned through every seat"


@dataclass(frozen=True, slots=True)
class ReportSettings:
    """Everything that decides a report's results (timing aside). Build one with :meth:`build`.

    ``options`` are the options as given (checked and converted, defaults not filled in);
    ``variants`` hold the full option values each variant plays with (one variant, or A then B with
    ``compare``). ``specs`` are the bot specs as given: one spec plays every seat; several rotate round the
    table so that each sits in every seat equally often, with the same line-ups (see :meth:`lineup`).
    """

    game_id: str
    player_counts: tuple[int, ...]
    games: int
    specs: tuple[str, ...]
    seed: int
    options: dict[str, OptionValue]
    compare: tuple[str, OptionValue, OptionValue] | None
    max_length: int
    variants: tuple[Variant, ...]
    #: Player counts left out of a report asked for every count, because the options cannot be played there,
    #: or the compared option cannot take one of its values there (count, the game's reason); the report
    #: says so.
    left_out: tuple[tuple[int, str], ...] = ()

    @classmethod
    def build(cls, game_id: str, players: int | Sequence[int] | None = None, games: int = 1000,
              bots: Sequence[str] = ("random",), seed: int = 0, options: Mapping[str, object] | None = None,
              compare: Sequence[object] | None = None, max_length: int | None = None) -> ReportSettings:
        """Check everything and fill in the defaults; raise :class:`OptionError` naming what is wrong and what is
        allowed.

        - ``players``: ``None`` for every player count of the game, a count, or several (sorted, each once).
        - ``games``: games per player count per variant.
        - ``bots``: one spec for every seat, or several that rotate round the table; each builds a bot
          here, so a bad spec fails before a game is played. No spec: the simulator's default bot.
        - ``compare``: ``(OPTION, A, B)``; OPTION must be an option of the game not also given in
          ``options``, A and B valid values of it at every player count, and different.
        - ``max_length``: the same as the option ``max_length`` (give either, or both alike).
        """
        state_class = game_class(game_id)
        counts = _player_counts(state_class, players)
        if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
            raise OptionError(f"the number of games must be a whole number from 1 to {MAX_GAMES}, not {quote(games)}")
        check_seed(seed)
        if options is not None and not isinstance(options, Mapping):
            raise OptionError(f"the options of {game_id} must be a mapping of name to value, not {quote(options)}")
        given = with_max_length(options, max_length)
        left_out: list[tuple[int, str]] = []
        if players is None and given:
            # Every count was asked for, not these: leave out the counts where the options cannot be played
            # (Ninja Trap's ghost_traps at 2 players, say), and say so, as for a compared rule (below).
            counts, left_out = _counts_allowing(state_class, counts, given)
        for count in counts:
            base = state_class.validate_options(count, given)
        # ``base`` holds every option with its default: the same values at every count (only checks differ).
        kept = {name: base[name] for name in given}
        variants: tuple[Variant, ...]
        pair: tuple[str, OptionValue, OptionValue] | None = None
        if compare is None:
            variants = (Variant(DEFAULT_LABEL, dict(base)),)
        else:
            if players is None:
                # Every count was asked for, not these: leave out the counts where the rule cannot be
                # played both ways (Of Knights and Ninjas' duel has no Highwayman, say), and say so.
                counts, more = _counts_for_compare(state_class, counts, given, compare)
                left_out += more
            pair = _check_compare(state_class, counts, given, compare)
            if games < 2:
                raise OptionError("--compare needs at least 2 games per player count (one pair of games gives no "
                                  "interval): give --games 2 or more")
            name, first, second = pair
            variants = tuple(Variant(f"{name}={value_words(format_value(value))}", {**base, name: value})
                             for value in (first, second))
        specs = _check_specs(game_id, bots)
        length = base[MAX_LENGTH_OPTION]
        assert isinstance(length, int)
        return cls(game_id, counts, games, specs, seed, kept, pair, length, variants, tuple(left_out))

    @property
    def game_name(self) -> str:
        """The game's title (``Ninjitsu!``)."""
        return game_class(self.game_id).SPEC.title

    @property
    def total_games(self) -> int:
        """Every game of the report: per variant, per player count."""
        return len(self.variants) * len(self.player_counts) * self.games

    def lineup(self, players: int, index: int) -> tuple[str, ...]:
        """The bot spec of each seat in game ``index`` at ``players`` players (the same in every variant).

        When the specs divide the seats (one spec, or as many as seats, or 2 at 4 players), seat ``s`` gets
        ``specs[(s + index) % len(specs)]``: every table holds the same line-up, turned one seat a game.
        Otherwise (2 specs at 3 players) the tables cannot all hold the same line-up, and turning the specs
        one seat a game would seat them unfairly: 2 specs at 3 seats would alternate A-B-A and B-A-B, so
        seat 1 would be the lone A among Bs in half the games and its win rate would measure that, not the
        seat. So the line-ups are taken in turn (the specs from the ``w``-th on, ``w = index // players``)
        and each is turned through every seat (``index % players``) before the next: every seat meets every
        line-up in every position equally often.
        """
        specs = self.specs
        count = len(specs)
        if count == 1:
            return specs * players
        if players % count == 0:
            return tuple(specs[(seat + index) % count] for seat in range(players))
        window, turn = divmod(index, players)
        return tuple(specs[(window + (seat + turn) % players) % count] for seat in range(players))

    def game_seed(self, players: int, index: int) -> int:
        """The seed of game ``index`` at ``players`` players: the same in every variant (common random numbers)."""
        return derive_seed(self.seed, players, index)

    def fingerprint(self) -> dict[str, JSONValue]:
        """What makes two reports the same (JSON): a report's folder continues only under the same fingerprint.

        The number of games is not part of it: game ``i`` is the same game whatever the count, so a
        rerun with more games plays only the new ones, and one with fewer reports the first ones.
        Bot specs are compared in canonical form (``heuristic`` and ``heuristic:depth=1`` are one bot).
        """
        fingerprint: dict[str, JSONValue] = {
            "game": self.game_id,
            "players": list(self.player_counts),
            "bots": [canonical_spec(self.game_id, spec) for spec in self.specs],
            "seed": self.seed,
            "compare": None if self.compare is None else [self.compare[0], self.compare[1], self.compare[2]],
            "options": {name: value for name, value in sorted(self.variants[0].options.items())
                        if self.compare is None or name != self.compare[0]},
        }
        if len(self.specs) > 1 and any(players % len(self.specs) for players in self.player_counts):
            # Such a report seated its bots unfairly before (see ``lineup``): its games are not these.
            fingerprint["lineups"] = LINEUPS_TURNED
        return fingerprint

    def to_json(self) -> dict[str, JSONValue]:
        """The settings as the report's JSON has them (``game``, ``bots``, ``seed``, ``games``, ...)."""
        return {
            "game": self.game_id,
            "game_name": self.game_name,
            # What a seat's score is called ("Points", "Gems"); empty for a game only won or lost.
            "score_name": game_class(self.game_id).SPEC.score_name,
            "bots": list(self.specs),
            "seed": self.seed,
            "games": self.games,
            "player_counts": list(self.player_counts),
            "left_out": [{"players": count, "reason": reason} for count, reason in self.left_out],
            "options": dict(self.options),
            "max_length": self.max_length,
            "compare": None if self.compare is None else {"option": self.compare[0],
                                                          "a": format_value(self.compare[1]),
                                                          "b": format_value(self.compare[2])},
        }


def _player_counts(state_class: type[GameState[Any]], players: int | Sequence[int] | None) -> tuple[int, ...]:
    spec = state_class.SPEC
    if players is None:
        return tuple(range(spec.min_players, spec.max_players + 1))
    given = [players] if isinstance(players, int) else list(players) if isinstance(players, Sequence) else None
    if given is None or isinstance(players, str) or not given:
        raise OptionError(f"the players must be a number or a list of numbers from {spec.min_players} to "
                          f"{spec.max_players} for {spec.id}, not {quote(players)}")
    for count in given:
        state_class.check_players(count)
    return tuple(sorted(set(given)))


def _counts_allowing(state_class: type[GameState[Any]], counts: tuple[int, ...],
                     *choices: Mapping[str, object]) -> tuple[tuple[int, ...], list[tuple[int, str]]]:
    """The counts at which every one of the options ``choices`` is allowed, and the others with the game's
    reason.

    When no count allows them, every count is kept, so that the options' own check says what is wrong.
    """
    kept: list[int] = []
    left_out: list[tuple[int, str]] = []
    for count in counts:
        try:
            for options in choices:
                state_class.validate_options(count, options)
        except OptionError as error:
            left_out.append((count, str(error)))
        else:
            kept.append(count)
    if not kept or not left_out:
        return counts, []
    return tuple(kept), left_out


def _counts_for_compare(state_class: type[GameState[Any]], counts: tuple[int, ...], given: Mapping[str, object],
                        compare: Sequence[object]) -> tuple[tuple[int, ...], list[tuple[int, str]]]:
    """The counts at which both compared values are allowed, and the others with the game's reason.

    When no count allows both, every count is kept, so that :func:`_check_compare` says what is wrong.
    """
    if isinstance(compare, str) or not isinstance(compare, Sequence) or len(compare) != 3:
        return counts, []
    name = compare[0]
    if not isinstance(name, str):
        return counts, []
    return _counts_allowing(state_class, counts, *({**given, name: value} for value in compare[1:]))


def _check_compare(state_class: type[GameState[Any]], counts: Sequence[int], given: Mapping[str, object],
                   compare: Sequence[object]) -> tuple[str, OptionValue, OptionValue]:
    """``(OPTION, A, B)`` checked: a real option not given otherwise, two different valid values."""
    spec = state_class.SPEC
    if isinstance(compare, str) or not isinstance(compare, Sequence) or len(compare) != 3:
        raise OptionError(f"compare is an option and two values (OPTION, A, B), not {quote(compare)}")
    name, first, second = compare
    names = [option.name for option in state_class.option_specs()]
    if not isinstance(name, str) or name not in names:
        raise OptionError(f"--compare: {quote(name)} is not an option of {spec.id}; its options are: "
                          f"{', '.join(names)}")
    if name in given:
        raise OptionError(f"--compare {name} and --option {name} (or --max-actions) both set {name}: the comparison "
                          "sets it, give it only there")
    values: list[OptionValue] = []
    for value in (first, second):
        for count in counts:
            checked = state_class.validate_options(count, {**given, name: value})
        values.append(checked[name])
    if values[0] == values[1]:
        raise OptionError(f"--compare {name}: {quote(first)} and {quote(second)} are the same value "
                          f"({format_value(values[0])}): give two different values")
    return name, values[0], values[1]


def _check_specs(game_id: str, bots: Sequence[str]) -> tuple[str, ...]:
    if isinstance(bots, str):
        bots = [bots]
    specs = [spec.strip() if isinstance(spec, str) else spec for spec in bots] or [sim_default_bot(game_id)]
    for spec in dict.fromkeys(specs):
        if not isinstance(spec, str) or not spec:
            raise OptionError(f"a bot spec is a name such as random, not {quote(spec)}")
        make_bot(spec, game_id)
    return tuple(specs)
