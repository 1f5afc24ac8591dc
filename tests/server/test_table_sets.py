"""A table's summary names the sets (expansions) it plays with, and the catalogue the sets each card
needs: a client lists the cards in play (the browser's rules dialog), for a table in memory and for one
loaded from its stored row."""

from __future__ import annotations

from types import SimpleNamespace

from ninjadojo.server.hub import stored_summary
from server.helpers import ServerThread


def test_a_table_summary_names_its_sets_and_the_catalogue_what_each_card_needs(server: ServerThread) -> None:
    response = server.http.post("/api/tables", json={
        "game": "ninjitsu", "players": 2, "options": {"expansions": "weather,promo", "crossover": True},
        "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "level": "easy"}]})
    assert response.status_code == 201, response.text
    table = response.json()["table"]
    assert sorted(table["sets"]) == ["crossover", "promo", "weather"]
    assert server.http.get(f"/api/tables/{table['id']}").json()["sets"] == table["sets"]
    cards = {card["code"]: card for card in server.http.get("/api/games/ninjitsu").json()["cards"]}
    assert cards["6a"]["needs"] == []  # Katana: a base card
    assert cards["1n"]["needs"] == ["promo"]  # Antonio: the Promo Pack
    assert all("magic" in card["needs"] for code, card in cards.items() if code.endswith("m"))
    plain = server.http.post("/api/tables", json={"game": "ninja-camp", "players": 2, "seats": [
        {"type": "human", "name": "Ann"}, {"type": "bot", "level": "easy"}]}).json()["table"]
    assert plain["sets"] == []


def test_a_stored_table_summary_names_its_sets_too() -> None:
    # The fields of a stored row the summary reads (a table nobody is connected to).
    row = SimpleNamespace(id="t1", game="ninjitsu", players=2, options={"expansions": "magic", "crossover": False},
                          settings={}, finished=False, seats=[], waiting_for=[], result=None, created=0.0,
                          updated=0.0, rematch_of=None, rematch=None)
    assert stored_summary(row)["sets"] == ["magic"]  # type: ignore[arg-type]


def test_of_knights_and_ninjas_plays_its_expansion_cards_at_three_players_and_more_only(server: ServerThread) -> None:
    """The 2-player variation removes the expansion cards (Jester, Traitor, Highwayman): its table's summary
    has no set for them, so the rules dialog does not list them; at 3 players they are in play."""
    for players, sets in ((2, []), (3, ["the expansions"])):
        seats = [{"type": "human", "name": "Ann"}] + [{"type": "bot", "level": "easy"}] * (players - 1)
        response = server.http.post("/api/tables", json={"game": "knights-and-ninjas", "players": players,
                                                         "seats": seats})
        assert response.status_code == 201, response.text
        table = response.json()["table"]
        assert table["sets"] == sets
        assert server.http.get(f"/api/tables/{table['id']}").json()["sets"] == sets
    cards = {card["name"]: card for card in server.http.get("/api/games/knights-and-ninjas").json()["cards"]}
    assert cards["Jester"]["needs"] == ["the expansions"] and cards["Knight"]["needs"] == []
    row = SimpleNamespace(id="t2", game="knights-and-ninjas", players=2, options={}, settings={}, finished=False,
                          seats=[], waiting_for=[], result=None, created=0.0, updated=0.0, rematch_of=None,
                          rematch=None)
    assert stored_summary(row)["sets"] == []  # type: ignore[arg-type]
