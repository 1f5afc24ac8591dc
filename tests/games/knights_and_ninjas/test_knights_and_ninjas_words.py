"""Words for players (issue 23): every prompt and label a front end receives reads as the game, never as
the typing notation (``a2:kn``, ``r:pe2``, ``f:<card>``...); labels tell the actions of a decision
apart; at the end every seat's view shows every hand and the count of gems, with who won and why."""

from __future__ import annotations

import re

import pytest

from ninjadojo.engine import Rng
from ninjadojo.games.knights_and_ninjas import STATE, KnightsAndNinjasState
from ninjadojo.games.knights_and_ninjas.builder import play, position
from ninjadojo.games.knights_and_ninjas.cards import CARD_ROWS, CODES, KINDS
from ninjadojo.games.knights_and_ninjas.options import OPTIONS

#: The notation's marks: placeholders, ``x:``-style prefixes (``a2:``, ``pick1:``, ``pay:``), a Jester's
#: ``*``, a code in brackets (``(hw)``, ``(end)``), seats as numbers, and the cards' two-letter codes
#: that are not English words.
CODE_PATTERNS = (
    re.compile(r"<[a-z]"),
    re.compile(r"\b[a-z]{1,5}\d*:\S"),
    re.compile(r"\*"),
    re.compile(r"\(\w{1,6}\)"),
    re.compile(r"\bseats? \d"),
    re.compile(r"\b(pe|kn|ki|qu|ni|dr|tr|hw|pr|mo|ar|ca|cp|je|arf|redeal)\b"),
)
#: Counts that do not agree with their noun.
BAD_PLURALS = (re.compile(r"(?<![\d.])1 (gems|cards|Peasants)\b"), re.compile(r"\b(0|[2-9]|\d\d+) (gem|card)\b"))

#: Option settings the playouts run under (3-6 players; with 2 only the defaults and what applies).
SETTINGS_3_TO_6: tuple[dict[str, object], ...] = (
    {},
    {"pointless_specials": True, "jester_in_revolt": False, "pre_attacks": "any-time"},
    {"win_check": "after-highwayman", "reshuffle": "when-empty", "traitor_needs_gems": True,
     "turned_block_ends_turn": True, "merchant_gem_wins": False},
)
SETTINGS_2: tuple[dict[str, object], ...] = ({}, {"pointless_specials": True, "pre_attacks": "any-time"})


def _prompt(game: KnightsAndNinjasState, seat: int) -> str:
    decision = game.decision(seat)
    assert decision is not None
    return decision.prompt


def _log(game: KnightsAndNinjasState, seat: int | None) -> list[str]:
    lines = game.observe(seat)["log"]
    assert isinstance(lines, list)
    return [str(line) for line in lines]


def _seats(game: KnightsAndNinjasState, seat: int | None) -> list[dict[str, object]]:
    entries = game.observe(seat)["seats"]
    assert isinstance(entries, list)
    return [dict(entry) for entry in entries if isinstance(entry, dict)]


def _unreadable(text: str) -> list[str]:
    """The code patterns and bad plurals found in ``text``."""
    return [pattern.pattern for pattern in CODE_PATTERNS + BAD_PLURALS if pattern.search(text)]


def _check_decisions(game: KnightsAndNinjasState, kinds: set[str]) -> None:
    for seat in game.to_act():
        decision = game.decision(seat)
        assert decision is not None
        kinds.add(decision.kind)
        assert not _unreadable(decision.prompt), (decision.kind, decision.prompt, _unreadable(decision.prompt))
        assert decision.prompt[0].isupper(), decision.prompt
        labels = game.labels(seat)
        assert list(labels) == game.legal_actions(seat)
        for action, words in labels.items():
            assert words != action, f"{action!r} has no words"
            assert not _unreadable(words), (decision.kind, action, words, _unreadable(words))
        assert len(set(labels.values())) == len(labels), f"two actions read alike in {decision.kind}: {labels}"


def _random_game(players: int, options: dict[str, object], seed: int, kinds: set[str],
                 max_length: int | None = None) -> KnightsAndNinjasState:
    settings = dict(options)
    if max_length is not None:
        settings["max_length"] = max_length
    game = STATE.new(players, settings, seed=seed)
    rng = Rng(seed)
    while not game.is_terminal:
        _check_decisions(game, kinds)
        seat = game.to_act()[0]
        actions = game.legal_actions(seat)
        game.apply(seat, actions[rng.randbelow(len(actions))])
    return game


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_prompt_and_label_of_random_games_reads_as_words(players: int) -> None:
    kinds: set[str] = set()
    settings = SETTINGS_2 if players == 2 else SETTINGS_3_TO_6
    for index, options in enumerate(settings):
        for seed in range(3):
            game = _random_game(players, options, seed * 10 + index, kinds)
            for line in _log(game, None):
                assert not re.search(r"\bseat \d|\byou\b", line), line
    expected = {"turn", "attack", "respond"} | ({"draft"} if players == 2 else {"highwayman"})
    assert expected <= kinds, f"the playouts reached only {sorted(kinds)}"


def test_the_playouts_reach_every_kind_of_decision() -> None:
    """Herald, Monk, Merchant, Minstrel and fortify decisions come up over enough random games."""
    kinds: set[str] = set()
    for players in (2, 3, 4):
        for seed in range(12):
            _random_game(players, {}, 100 + seed, kinds)
    assert kinds == {"turn", "fortify", "attack", "respond", "highwayman", "herald", "herald-pick", "monk",
                     "minstrel-discard", "draft"}


def _hand_codes(game: KnightsAndNinjasState, seat: int) -> list[str]:
    return [CODES[kind] for kind in range(KINDS) for _ in range(game.hands[seat][kind])]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_at_the_end_every_view_shows_every_hand_and_the_count_adds_up(players: int) -> None:
    for seed in range(3):
        game = _random_game(players, {}, 50 + seed, set(), max_length=60 if seed == 2 else None)
        assert game.result is not None
        lines = game.score_lines()
        for seat in [None, *range(players)]:
            for other, entry in enumerate(_seats(game, seat)):
                assert entry["hand"] == _hand_codes(game, other)
            assert game.observe(seat)["score_lines"] == lines
        for player, counted in enumerate(lines):
            # One line: the gems, which are the score (no "Total" repeating it).
            assert counted == [f"Gems held: {game.gems[player]}"]
            assert game.gems[player] == int(game.result.scores[player])
        if not game.result.truncated:
            winner = game.result.winners[0]
            assert game.result.reason.startswith(f"P{winner} wins, holding ")


def test_before_the_end_no_view_shows_a_rivals_hand() -> None:
    game = position(3, hands=["kn", "pepe", "so"])
    for seat in (None, 0, 1, 2):
        assert all("hand" not in entry for entry in _seats(game, seat))


def test_the_end_picture_shows_every_hand() -> None:
    game = position(3, gems=[9, 1, 5], hands=["kn", "peso", "ca"])
    play(game, "0:a1:kn", "1:take")  # P0 takes 1 gem: 10 win at once
    assert game.is_terminal
    picture = game.render(2)
    assert "hand: Peasant, Soldier" in picture and "P0 wins, holding 10 gems (10 or more win)" in picture


# ---------------------------------------------------------------------- words for specific decisions


def test_a_turn_says_what_each_play_does_in_the_rulebooks_terms() -> None:
    game = position(3, hands=["pepekncameje", "pepe", "so"], forts=["------", "------", "ca----"])
    assert _prompt(game, 0) == ("Your turn (5 gems, 10 to win): fortify, attack a rival, play a special action or "
                                "discard a card")
    labels = game.labels(0)
    assert labels["f:ca"] == "Fortify with a Castle"
    assert labels["f:ar*"] == "Fortify with a Jester as an Archer"
    assert labels["a1:kn"] == "Attack P1 with a Knight (strength 3)"
    assert labels["a1:pe2"] == "Attack P1 with a revolt of 2 Peasants (strength 2)"
    assert labels["a1:pe3*"] == "Attack P1 with a revolt of 3 Peasants, one a Jester (strength 3)"
    assert labels["a1:pe1*"] == "Attack P1 with a Jester as a Peasant (strength 1)"
    assert labels["a1:ni*"] == "Attack P1 with a Jester as a Ninja (strength 2, steals 2 gems)"
    assert labels["a2:dr*"] == "Attack P2 with a Jester as a Dragon (strength 2, steals 2 gems)"
    assert labels["me1"] == "Play a Merchant: pay P1 1 gem and take 1 of their 2 cards blind"
    assert labels["mo*"] == "Play a Jester as a Monk: P2 pays you 1 gem or 2 cards"
    assert labels["x:ca"] == "Discard a Castle"


def test_pre_attacks_say_which_fortification_they_clear() -> None:
    game = position(3, hands=["arcpla", "pe", "pe"], forts=["--ar--", "caar--", "ca----"])
    labels = game.labels(0)
    assert labels["a1:ar"] == "Send an Archer against P1's Archer"
    assert labels["a1:arf"] == "Send your fortifying Archer against P1's Archer"
    assert labels["a2:cp"] == "Destroy P2's Castle with a Catapult"
    assert labels["a2:la"] == "Set a Ladder against P2's Castle"


def test_responses_say_what_they_do_and_how_many_gems_they_protect() -> None:
    game = position(3, hands=["kn", "pepetrprexmi", ""])
    play(game, "0:a1:kn")
    assert _prompt(game, 1) == "P0 attacks you with a Knight (strength 3): respond with a card, or take it"
    labels = game.labels(1)
    assert labels["r:pe1"] == "Respond with a Peasant (protects 1 gem)"
    assert labels["r:pe2"] == "Respond with a revolt of 2 Peasants (protects 2 gems)"
    assert labels["r:tr"] == "Turn the attack back against P0 with a Traitor"
    assert labels["r:pr"] == "Take the attacking Knight into your hand with a Princess"
    assert labels["r:ex"] == "Execute the attacker with an Executioner: the attack and P0's turn end"
    assert labels["r:mi"] == ("Stop the attack with a Minstrel: the card goes back to P0, whose turn ends, and the "
                              "Minstrel fortifies you")
    assert labels["take"] == "Take the attack: you lose 3 gems"


def test_taking_an_attack_says_what_it_costs() -> None:
    game = position(3, gems=[7, 2, 6], hands=["kn", "pe", ""])
    play(game, "0:a1:kn")
    assert game.labels(1)["take"] == "Take the attack: you lose 2 gems", "only the gems the defender holds"
    game = position(3, hands=["ni", "pe", ""], forts=["------", "--ar--", "------"])
    play(game, "0:a1:ni")
    assert game.labels(1)["take"] == "Take the attack: you lose 2 gems and your Archer is killed"
    game = position(3, hands=["la", "pe", ""], forts=["------", "ca----", "------"])
    play(game, "0:a1:la")
    assert game.labels(1)["take"] == "Take it: the Ladder stands against your Castle this turn"


def test_stopping_a_turned_attack_says_whose_turn_ends() -> None:
    game = position(3, hands=["knexmi", "tr", ""])
    play(game, "0:a1:kn", "1:r:tr")
    labels = game.labels(0)
    assert labels["r:ex"] == "Execute the attacker with an Executioner: the attack ends"
    assert labels["r:mi"] == "Stop the attack with a Minstrel: the card comes back to you, the Minstrel fortifies you"
    game = position(3, hands=["knexmi", "tr", ""], options={"turned_block_ends_turn": True})
    play(game, "0:a1:kn", "1:r:tr")
    assert game.labels(0)["r:ex"] == "Execute the attacker with an Executioner: the attack and your turn end"
    duel = position(2, hands=["kn", "mipe"])
    play(duel, "0:a1:kn")
    assert duel.labels(1)["r:mi"] == "Stop the attack with a Minstrel: the card goes back to P0, who discards two cards"


def test_a_highwayman_steal_and_a_single_gem_read_in_the_singular() -> None:
    game = position(3, gems=[5, 1, 9], hands=["kn", "pe", "hwje"])
    play(game, "0:a1:kn", "1:take")
    assert _prompt(game, 2) == ("P0 has just taken 1 gem from P1: steal it with a Highwayman, or pass (if several "
                                "do, the first clockwise from P0 takes it)")
    assert game.labels(2) == {"hw": "Steal the 1 gem with a Highwayman",
                              "hw*": "Steal the 1 gem with a Jester as a Highwayman",
                              "pass": "Pass: P0 keeps the gem"}
    assert "  P0 takes 1 gem from P1" in _log(game, None)


def test_herald_and_monk_decisions_in_words() -> None:
    game = position(3, hands=["he", "knpe", "so"])
    play(game, "0:he")
    assert _prompt(game, 1) == "P0's Herald: show one card of your choice; P0 then takes one of the shown cards"
    assert game.labels(1) == {"show:pe": "Show a Peasant", "show:kn": "Show a Knight"}
    play(game, "1:show:kn", "2:show:so")
    assert _prompt(game, 0) == "Your Herald: take one of the shown cards into your hand"
    assert game.labels(0) == {"pick1:kn": "Take P1's Knight", "pick2:so": "Take P2's Soldier"}
    game = position(3, hands=["mo", "knpe", ""], forts=["------", "ca----", "------"])
    play(game, "0:mo")
    assert _prompt(game, 1) == "P0's Monk taxes your Castle: pay 1 gem or two cards of your choice"
    assert game.labels(1) == {"pay:g": "Pay 1 gem", "pay:pe.kn": "Pay a Peasant and a Knight"}


def test_the_two_player_draft_speaks_to_the_drafter_and_logs_no_you() -> None:
    game = STATE.new(2, seed=4)
    decision = game.decision(game.to_act()[0])
    assert decision is not None and decision.kind == "draft"
    drafter = decision.seat
    drawn = CARD_ROWS[game.draft[-1]].name
    assert decision.prompt.startswith("Draft: you drew a")
    assert decision.prompt.endswith(f"keep it, or give it to P{1 - drafter} and draw again")
    assert game.labels(drafter) == {"keep": f"Keep the {drawn}",
                                    "give": f"Give the {drawn} to P{1 - drafter} and draw again"}
    game.apply(drafter, "keep")
    log = _log(game, drafter)
    article = "an" if drawn[0] in "AEIOU" else "a"
    assert f"P{drafter} keeps a card" in log and f"  The card kept: {article} {drawn}" in log
    assert not any(re.search(r"\byou\b", line) for line in log)


def test_the_two_player_minstrel_and_monk_use_the_variations_numbers() -> None:
    game = position(2, hands=["mimo", "pesoknca"], forts=["------", "ca----"], gems=[6, 6])
    labels = game.labels(0)
    assert labels["f:mi"] == "Play a Minstrel: P1 discards two cards"
    assert labels["mo"] == "Play a Monk: P1 pays you 2 gems or 3 cards"
    play(game, "0:f:mi")
    assert _prompt(game, 1) == "P0's Minstrel: discard two cards of your choice"
    assert game.labels(1)["x:pe.so"] == "Discard a Peasant and a Soldier"


# ---------------------------------------------------------------------- options and cards


def test_every_option_has_words_for_players() -> None:
    for option in OPTIONS:
        assert option.label and option.title == option.label, option.name
        assert option.section == "House rules", option.name
        assert len(option.choice_labels) == len(option.choices), option.name
        text = option.help + " " + " ".join(option.choice_labels)
        for leak in ("RULINGS", "Ruling", "ruling", "default", "=", "_", "true", "false", "variant"):
            assert leak not in text, (option.name, leak)
        for choice in option.choices:
            assert "-" not in choice or choice not in option.help, (option.name, choice)


def test_card_texts_and_the_rules_summary_say_what_things_do_without_codes() -> None:
    for text in (STATE.SPEC.rules, STATE.SPEC.summary):
        assert not _unreadable(text), (text, _unreadable(text))
    for card in STATE.card_catalog():
        for text in (card.text, card.short):
            assert not _unreadable(text), (card.code, text, _unreadable(text))
            assert "RULINGS" not in text and "uling" not in text, card.code


def test_a_turn_with_attackers_in_hand_but_no_attack_open_says_what_stands_in_the_way() -> None:
    """A player holding Knights and Soldiers who is offered only a discard must be told why: the rivals'
    Castles and Archers (else it reads as a bug)."""
    from ninjadojo.api import new_game
    from ninjadojo.engine.rng import Rng
    from ninjadojo.games.knights_and_ninjas.cards import COMMON, DR, NI

    seen = 0
    for seed in range(200):
        game = new_game("knights-and-ninjas", 4, seed=seed)
        rng = Rng(seed)
        while game.result is None:
            seat = game.to_act()[0]
            decision = game.decision(seat)
            actions = game.legal_actions(seat)
            if decision is not None and decision.kind == "turn":
                attackers = any(game.hands[seat][kind] for kind in (*COMMON, NI, DR))
                attacking = any(action.startswith("a") for action in actions)
                said = "no attack is open to your cards" in decision.prompt
                assert said == (attackers and not attacking), decision.prompt
                if said:
                    seen += 1
                    for other in range(4):
                        if other != seat and game.forts[other][0] >= 0:
                            assert f"P{other}'s Castle" in decision.prompt
                        if other != seat and game.forts[other][2] >= 0:  # a Minstrel keeps every attack out
                            assert f"P{other}'s Minstrel" in decision.prompt
            game.apply(seat, actions[rng.randbelow(len(actions))])
    assert seen >= 5


def test_no_attack_open_names_a_minstrel_and_a_rival_without_gems() -> None:
    """The reason names every bar: a fortifying Minstrel (it keeps out every attack) and a rival holding no
    gem (only a rival with a gem can be attacked)."""
    game = position(3, hands=["knso", "pe", "pe"], gems=[9, 0, 6], forts=["------", "------", "----mi"])
    decision = game.decision(0)
    assert decision is not None
    assert decision.prompt.endswith("(no attack is open to your cards: P2's Minstrel stands in the way; P1 holds no "
                                    "gem)"), decision.prompt


def test_a_minstrel_returns_every_card_of_the_attack_in_the_plural() -> None:
    game = position(3, hands=["pepepe", "mi", ""], gems=[5, 5, 5])
    play(game, "0:a1:pe3", "1:r:mi")
    lines = game.observe(2)["log"]
    assert isinstance(lines, list)
    assert any("the 3 cards return to P0" in line for line in lines), lines


def test_a_princess_against_a_jester_says_the_jester_is_what_she_takes() -> None:
    # The Princess takes the attacking card into hand: the Jester played as a Knight, not a Knight.
    game = position(3, hands=["je", "prso", ""], top="pepepepe")
    play(game, "0:a1:kn*")
    assert game.labels(1)["r:pr"] == "Take the attacking Jester (played as a Knight) into your hand with a Princess"
    play(game, "1:r:pr")
    assert game.hands[1][CODES.index("je")] == 1


def test_a_monk_label_says_which_rival_can_pay_only_what_they_have() -> None:
    # Ruling 7: a rival who can pay neither 1 gem nor 2 cards in full pays what they have; the label says so.
    game = position(3, hands=["mo", "pe", "sososo"], gems=[7, 0, 8], forts=["------", "ca----", "------"],
                    top="pepepepe")
    assert game.labels(0)["mo"] == "Play a Monk: P1 pays you 1 gem or 2 cards (P1 has only 1 card)"
    game = position(3, hands=["mo", "pepe", "sososo"], gems=[6, 1, 8], forts=["------", "ca----", "------"],
                    top="pepepepe")
    assert game.labels(0)["mo"] == "Play a Monk: P1 pays you 1 gem or 2 cards"


def test_the_highwayman_prompt_tells_the_robbed_player_the_gems_were_taken_from_them() -> None:
    game = position(3, hands=["kn", "hwso", "so"], top="pepepepe")
    play(game, "0:a1:kn", "1:take")
    assert _prompt(game, 1).startswith("P0 has just taken 3 gems from you: steal them with a Highwayman")
    assert _prompt(game, 2).startswith("P0 has just taken 3 gems from P1")
