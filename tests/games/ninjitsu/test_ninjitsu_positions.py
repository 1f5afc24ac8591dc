"""Positions: the public builder, what the parser refuses, what a turn frame means, and action texts.

A position is a whole game at one moment; the parser refuses one the rules cannot reach, naming the
broken law. A position on a ``turn`` frame is one whose start-of-turn win check was made and did not
end the game (its player is below the target); the builder runs that check.
"""

from __future__ import annotations

import doctest
import json
import re
from pathlib import Path

import pytest
from ninjitsu_helpers import hand, kind, play, secrets, treasures

from ninjadojo.engine import IllegalActionError, NotationError, OptionError, SaveError
from ninjadojo.games.ninjitsu import NinjitsuState
from ninjadojo.games.ninjitsu.builder import position
from ninjadojo.games.ninjitsu.cards import CARD_IDS, DECK_SIZE

DOCS = Path(__file__).resolve().parents[3] / "docs"


# ---------------------------------------------------------------------- the builder


def test_the_builders_documented_example_runs() -> None:
    from ninjadojo.games.ninjitsu import builder

    outcome = doctest.testmod(builder, raise_on_error=False)
    assert outcome.attempted >= 4 and outcome.failed == 0


def test_the_builder_puts_unplaced_cards_in_the_deck_in_card_order_with_2c_on_top() -> None:
    game = position(hands=["6a", "Ka"], treasures=["9b", ""], secrets=["", "4c"], discard="7c")
    placed = {"6a", "Ka", "9b", "4c", "7c"}
    assert [CARD_IDS[card] for card in game.deck] == [cid for cid in CARD_IDS[:DECK_SIZE] if cid not in placed]
    assert CARD_IDS[game.deck[-1]] == "2c"
    assert game.to_act() == (0,) and kind(game) == "turn" and game.swaps_left == 3
    game.check_invariants()


def test_the_builder_with_a_given_deck_puts_the_other_cards_under_the_discard_pile() -> None:
    game = position(hands=["6a", ""], deck="2a 3a", discard="7c")
    assert [CARD_IDS[card] for card in game.deck] == ["2a", "3a"]
    assert CARD_IDS[game.discard[-1]] == "7c" and len(game.discard) == 42 - 3
    play(game, "d")
    assert hand(game, 0) == "6a 3a 2a"


def test_the_builder_sets_turn_target_swaps_and_default_knowledge() -> None:
    game = position(3, turn=2, hands=["6a", "7b", "8c"], secrets=["", "", "5a 4a"], target=40, swaps=1)
    assert game.turn == 2 and game.target == 40 and game.swaps_left == 1
    assert game.legal_actions(2)[-1] == "w0.1"
    assert game.observe(0)["seats"][2]["hand"] == []  # type: ignore[index,call-overload]
    assert game.record.start == game.to_notation() and game.record.seed is None


def test_the_builder_runs_the_start_of_turn_check_so_a_player_at_the_target_has_already_won() -> None:
    game = position(hands=["6a", ""], treasures=["Ta 9a 2b", ""])
    assert game.is_terminal and game.winners() == (0,)
    assert game.result is not None and "starts their turn with 21 points" in game.result.reason
    assert game.scores() == (21.0, 0.0)
    # One point less, and the turn begins.
    game = position(hands=["6a", ""], treasures=["Ta 9a", ""], secrets=["Kb", ""])
    assert not game.is_terminal and game.to_act() == (0,) and game.points(0) == 19


@pytest.mark.parametrize(("arguments", "said"), [
    ({"hands": ["6a Zz", ""]}, "unknown card 'Zz' in hands of P0"),
    ({"hands": ["6a", "6a"]}, "6a placed twice"),
    ({"hands": ["6a"], "secrets": ["", ""]}, "hands lists one string of card ids per seat"),
    ({"treasures": "6a"}, "treasures lists one string of card ids per seat"),
    ({"hands": ["6a", ""], "deck": "6a 2a"}, "6a placed twice"),
    ({"turn": 2}, "turn must be a seat from 0 to 1"),
    ({"treasures": ["Ka", ""]}, "Ka Master of Cunning has no value and cannot stay a treasure"),
    ({"swaps": 7}, "swaps left must be 0 to 3"),
    ({"swaps": "x"}, "swaps must be a whole number"),
    ({"hands": [6, ""]}, "the cards of hands of P0 are one string of card ids"),
    ({"discard": None}, "the cards of the discard pile are one string of card ids"),
    ({"turn": True}, "turn must be a seat"),
])
def test_the_builder_refuses_bad_arguments_saying_what_is_wrong(arguments: dict[str, object], said: str) -> None:
    with pytest.raises(NotationError, match=said):
        position(**arguments)  # type: ignore[arg-type]


def test_the_builder_refuses_a_bad_player_count_or_target_as_options() -> None:
    with pytest.raises(OptionError, match="2 to 5 players"):
        position(6)
    with pytest.raises(OptionError, match="target"):
        position(target=0)


def test_the_builder_takes_target_expansions_and_crossover_from_options_too_but_not_both_ways() -> None:
    game = position(hands=["6a", ""], options={"target": 30, "expansions": "promo", "crossover": True})
    assert (game.options["target"], game.options["expansions"], game.options["crossover"]) == (30, "promo", True)
    assert position(hands=["6a", ""]).options["target"] == 21, "the keywords' defaults still hold"
    for name, keyword, value in (("target", {"target": 25}, 30), ("expansions", {"expansions": "magic"}, "promo"),
                                 ("crossover", {"crossover": False}, True)):
        with pytest.raises(OptionError, match=f"{name} is given twice.*give it once"):
            position(hands=["6a", ""], options={name: value}, **keyword)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- what the parser refuses


def _text(**arguments: object) -> str:
    return position(**arguments).to_notation()  # type: ignore[arg-type]


@pytest.mark.parametrize(("change", "law"), [
    # The kinds of impossible position, as they arise in Ninjitsu!: cards not conserved...
    (lambda text: text.replace("hands=6a/", "hands=6a6a/"), "every one of the 42 cards must be in exactly one place"),
    (lambda text: text.replace("hands=6a/", "hands=-/"), "every one of the 42 cards must be in exactly one place"),
    (lambda text: text.replace("deck=Ka", "deck=", 1), "every one of the 42 cards must be in exactly one place"),
    # ... a piece that cannot be where it is, or knowledge no history gives ...
    (lambda text: text.replace("treasures=2b/9c", "treasures=2b/9cKa").replace("deck=Ka", "deck="),
     "Ka Master of Cunning has no value and cannot stay a treasure"),
    (lambda text: text.replace("known=-", "known=6a.2"), "P0 knows their own 6a Katana"),
    (lambda text: text.replace("known=-", "known=Qa.1"), "every card of the deck is known to the same seats"),
    # ... a position the start-of-turn check would have ended ...
    (lambda text: text.replace("target=21", "target=2"), "the start-of-turn check would have ended the game"),
    # ... and malformed fields.
    (lambda text: text.replace("turn=0", "turn=٠"), "turn must be a whole number"),
    (lambda text: text.replace("swaps=3", "swaps=3;swaps=2"), "field swaps is given twice"),
    (lambda text: text.replace("known=-", "known=6a.1,6a.1"), "known lists 6a twice"),
    (lambda text: text.replace("known=-", "known=6a.²"), "bad known item"),
])
def test_an_impossible_or_malformed_position_is_refused_naming_the_broken_law(change: object, law: str) -> None:
    text = _text(hands=["6a", ""], treasures=["2b", "9c"])
    assert callable(change)
    bad = change(text)
    assert bad != text
    with pytest.raises(NotationError, match=law):
        NinjitsuState.from_notation(bad)


def test_a_turn_frame_whose_player_holds_the_target_is_refused_and_the_message_says_what_to_do() -> None:
    text = _text(hands=["6a", ""], treasures=["Ta 9a", ""], target=30)
    with pytest.raises(NotationError) as caught:
        NinjitsuState.from_notation(text.replace("target=30", "target=19"))
    message = str(caught.value)
    assert message.startswith("impossible ninjitsu position: P0 is at the start of their turn with 19 points")
    assert "write it finished, or build it with ninjitsu.builder.position" in message
    # The player who is not to act may hold the target: their check comes at their own turn.
    game = NinjitsuState.from_notation(text.replace("target=30", "target=19").replace('"turn",[0]', '"turn",[1]')
                                       .replace("turn=0", "turn=1"))
    assert not game.is_terminal and game.points(0) == 19
    play(game, "d")
    assert game.winners() == (0,)


def test_a_finished_position_must_name_the_player_whose_turn_began_at_the_target() -> None:
    finished = position(hands=["6a", ""], treasures=["Ta 9a 2b", ""]).to_notation()
    assert NinjitsuState.from_notation(finished).winners() == (0,)
    result = json.dumps({"scores": [21, 0], "winners": [1], "reason": "made up"})
    with pytest.raises(NotationError, match="its one winner is the player whose turn it is"):
        NinjitsuState.from_notation(re.sub(r"\|\{.*?\}\|turn=", f"|{result}|turn=", finished))
    result = json.dumps({"scores": [12, 0], "winners": [0], "reason": "made up"})
    with pytest.raises(NotationError, match="P0 won with 12 points, below the target 21"):
        NinjitsuState.from_notation(re.sub(r"\|\{.*?\}\|turn=", f"|{result}|turn=", finished))


def test_a_save_whose_start_position_is_impossible_is_refused() -> None:
    game = position(hands=["6a", ""])
    play(game, "d")
    save = game.to_save()
    assert NinjitsuState.load_save(save) == game
    broken = dict(save, start=str(save["start"]).replace("hands=6a/", "hands=6a6a/"))
    with pytest.raises(SaveError, match="every one of the 42 cards must be in exactly one place"):
        NinjitsuState.load_save(broken)


# ---------------------------------------------------------------------- actions in any order


def test_a_swap_may_name_its_two_positions_in_either_order_and_the_record_keeps_the_canonical_one() -> None:
    game = position(hands=["6a", ""], secrets=["5a Ka 3a", ""])
    assert "w0.2" in game.legal_actions(0) and "w2.0" not in game.legal_actions(0)
    assert game.is_legal(0, "w2.0") and game.canonical(0, "w2.0") == "w0.2"
    play(game, "w2.0")
    assert secrets(game, 0) == "3a Ka 5a"
    assert game.record.actions[-1] == (0, "w0.2")
    assert NinjitsuState.replay(game.record) == game


@pytest.mark.parametrize(("typed", "said"), [("w1.1", "two different positions"), ("w5.0", "positions 0 to 2"),
                                             ("w02.0", "swap"), ("w2.٠", "two small whole numbers")])
def test_a_swap_that_is_no_reordering_of_a_legal_one_is_refused_with_a_reason(typed: str, said: str) -> None:
    game = position(hands=["6a", ""], secrets=["5a Ka 3a", ""])
    before = game.to_notation()
    assert game.canonical(0, typed) is None
    with pytest.raises(IllegalActionError, match=said):
        game.apply(0, typed)
    assert game.to_notation() == before


def _scenario(action: str) -> tuple[NinjitsuState, int]:
    """A position where ``action`` (an example from the docs) is legal, and the seat that may play it."""
    play_card = re.fullmatch(r"[ast]:(\w\w)", action)
    target = re.fullmatch(r"([xf])(\d)\.(\d)", action)
    answer = {"a:1n": "Explosives stolen", "a:1l": "Katana's discard", "a:1d": "a steal",
              "a:1t": "Teleport before one's action", "a:1s": "a secret placed", "pass": "a window"}
    if action in answer:
        card = action[2:] if action != "pass" else "1n"
        if card in ("1n", "1d"):
            # A trap about to hit the holder, or a steal of the holder's secret.
            thief_hand = "1n" if card == "1n" else ""
            game = position(hands=[thief_hand, "1d" if card == "1d" else ""], secrets=["", "2a"], expansions="promo")
            play(game, "x1.0")
            return game, game.to_act()[0]
        if card == "1s":
            return play(position(hands=["6a", "1s"], expansions="sabotage"), "s:6a"), 1
        if card == "1l":
            return play(position(hands=["6a 5b", "1l"], treasures=["", "9c"], expansions="promo"), "a:6a", "c:9c"), 1
        return position(hands=["1t", ""], treasures=["", "9c"], expansions="promo"), 0
    if action == "k2.0":
        return play(position(3, hands=["Ts", "", ""], secrets=["", "", "5a"], expansions="sabotage"), "a:Ts"), 0
    if action == "h2":
        game = position(3, hands=["3m", "", "6a"], secrets=["", "", "5a"], expansions="magic")
        return play(game, "a:3m"), 0
    if action.startswith("g:"):
        return play(position(hands=["Bp", ""], secrets=["", "2a"], expansions="promo"), "a:Bp"), 0
    if action == "d":
        return position(hands=["6a", ""]), 0
    if play_card:
        return position(hands=[play_card.group(1), ""]), 0
    if target:
        seat, place = int(target.group(2)), int(target.group(3))
        players = max(3, seat + 1)
        hidden = ["" for _ in range(players)]
        hidden[seat] = " ".join(["Kb", "Qb", "Jb", "Xb"][:place + 1])
        game = position(players, hands=["Xa" if target.group(1) == "f" else "", *[""] * (players - 1)],
                        secrets=hidden)
        if target.group(1) == "f":
            play(game, "a:Xa")
        return game, 0
    swap = re.fullmatch(r"w(\d)\.(\d)", action)
    if swap:
        count = max(int(swap.group(1)), int(swap.group(2))) + 1
        return position(hands=["", ""], secrets=[" ".join(["Kb", "Qb", "Jb", "Xb", "Ab"][:count]), ""]), 0
    chosen = re.fullmatch(r"c:(\w\w)", action)
    if chosen:
        return play(position(hands=["6a", ""], treasures=["", chosen.group(1)]), "a:6a"), 0
    if action == "done":
        return play(position(hands=["Aa", ""], treasures=["", "9c"]), "a:Aa"), 0
    raise AssertionError(f"no scenario for the documented action {action!r}: add one")


def _rules_doc_actions() -> list[str]:
    """The action texts in the first column of the Actions table of docs/rules/ninjitsu.md."""
    text = (DOCS / "rules" / "ninjitsu.md").read_text(encoding="utf-8")
    table = text.split("## Actions (notation)", 1)[1].split("\n## ", 1)[0]
    actions = []
    for row in table.splitlines():
        if row.startswith("| `"):
            actions += re.findall(r"`([^`]+)`", row.split("|")[1])
    return actions


def test_the_rules_doc_lists_every_kind_of_action() -> None:
    kinds = {re.sub(r"[\w.]+$", "", action) if ":" in action else action.rstrip("0123456789.")
             for action in _rules_doc_actions()}
    assert kinds == {"d", "a:", "s:", "t:", "x", "f", "w", "c:", "done", "pass", "g:", "h", "k"}


@pytest.mark.parametrize("action", _rules_doc_actions())
def test_every_action_example_in_the_rules_doc_is_accepted_by_the_game(action: str) -> None:
    game, seat = _scenario(action)
    assert game.is_legal(seat, action), f"{action!r} is refused: {game.legal_actions(seat)}"
    game.apply(seat, action)
    # Reversed orders of the documented multi-part actions are accepted too.
    reordered = re.fullmatch(r"w(\d)\.(\d)", action)
    if reordered:
        again, _ = _scenario(action)
        again.apply(seat, f"w{reordered.group(2)}.{reordered.group(1)}")
        assert again.record.actions[-1] == (seat, action)


def test_the_rules_doc_position_example_is_a_whole_position_the_parser_accepts() -> None:
    text = (DOCS / "rules" / "ninjitsu.md").read_text(encoding="utf-8")
    examples = re.findall(r"^    (ninjitsu\|\S+)$", text, flags=re.MULTILINE)
    assert examples, "the rules doc shows a position"
    for example in examples:
        game = NinjitsuState.from_notation(example)
        assert game.to_notation() == example


def _architecture_actions() -> list[str]:
    """Ninjitsu! action texts the architecture doc gives as examples (its loop plays Ninjitsu!)."""
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    listed = re.search(r"# action texts, e\.g\. \[([^\]]*)\]", text)
    assert listed, "the architecture doc's loop lists example actions"
    actions = re.findall(r'"([^"]+)"', listed.group(1))
    paragraph = text.split("**Actions are their own notation.**", 1)[1].split("\n\n", 1)[0]
    actions += re.findall(r"`([^`\s]+)` to ", paragraph)
    return actions


def test_every_ninjitsu_action_example_in_the_architecture_doc_is_accepted_by_the_game() -> None:
    actions = _architecture_actions()
    assert actions
    space = NinjitsuState.new(3).action_space().index
    assert [action for action in actions if action not in space] == []
    for action in actions:
        game, seat = _scenario(action)
        assert game.is_legal(seat, action)


def test_the_treasure_and_secret_examples_move_the_card_where_the_doc_says() -> None:
    game = position(hands=["6c", "6b"])
    play(game, "t:6c", "s:6b")
    assert treasures(game, 0) == "6c" and secrets(game, 1) == "6b"
