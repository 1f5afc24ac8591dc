// The games catalogue (GET /api/games): options, bots, levels and every game's cards (code, name,
// short, text). Loaded once. The cards stay in memory and are drawn only where a view shows them:
// the page never lists the catalogue, so a card hidden from this seat is nowhere in its page.

import {api} from './api.js';

let loading = null;
const games = new Map();

/** Load the catalogue (once); resolves to the list of games. */
export function loadCatalogue() {
  if (!loading) {
    loading = api('/api/games').then((list) => {
      for (const game of list) {
        game.cardsByCode = new Map(game.cards.map((card) => [card.code, card]));
        games.set(game.id, game);
      }
      return list;
    }).catch((error) => {
      loading = null; // try again next time
      throw error;
    });
  }
  return loading;
}

/** One game's catalogue entry (after loadCatalogue), or null. */
export function gameInfo(gameId) {
  return games.get(gameId) || null;
}

/** A card's catalogue entry {code, name, short, text}, or a stand-in naming the code. */
export function cardInfo(gameId, code) {
  const game = games.get(gameId);
  const card = game && game.cardsByCode.get(code);
  return card || {code, name: code, short: '', text: ''};
}
