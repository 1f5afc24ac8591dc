// Pieces every game's board uses: a seat's panel, counters, piles.
//
// A game module exports {cardInfo(code), render(ctx), keys(action, ctx), describe(action, ctx)}:
// - cardInfo: the catalogue entry plus the card's value and kind ({cls, label, emblem});
// - render: the board (an element) from ctx.view, the seat's observe() dict;
// - keys: the data-keys of the things an action acts on (see picker.js); a key marked "~" narrows
//   the choice when clicked but is not needed to settle it; when some keys are marked "^", the action
//   is started only from those (a Ninja Camp move from its ninja, not from the square it goes to);
// - describe: the action in words.
// ctx = {gameId, view, seat (null: a spectator), legal, decision, toAct (a Set), name(seat),
//        player(seat) (the table's one name of a seat), words(text) (P<n> in a text made names),
//        badge(seat), card(code, options), back(options)}.

import {h} from '../dom.js';
import {cardRow, emblem} from '../cards.js';

/** A seat's panel: its badge, whether it is to act, then the game's rows. */
export function seatPanel(ctx, seat, rows, {extra = null, keys = null, status = null} = {}) {
  const acting = ctx.toAct.has(seat);
  // data-seat-panel: what changes in it is the seat's (recent.js tells whose move it was by it).
  return h('section', {class: ['seat-panel', acting && 'to-act', seat === ctx.seat && 'mine', extra],
    dataset: {seatPanel: String(seat)},
    'aria-label': `seat ${seat}${ctx.name(seat) ? `: ${ctx.name(seat)}` : ''}${acting ? ', to act' : ''}`},
  h('header', {class: 'seat-head', dataset: {keys}},
    ctx.badge(seat),
    acting ? h('span', {class: 'to-act-tag'}, h('span', {'aria-hidden': 'true'}, '⚑'), ' to act') : null,
    status),
  rows);
}

/** A labelled number: "Deck 38". */
export function counter(label, value, {icon = null, keys = null, title = null} = {}) {
  return h('div', {class: 'counter', dataset: {keys}, title},
    icon ? emblem(icon, 16) : null,
    h('span', {class: 'counter-label'}, label), ' ', h('strong', {class: 'counter-value'}, String(value)));
}

/** Small face-down backs standing for a count of hidden cards (at most ``cap`` drawn). */
export function backs(ctx, count, {cap = 8, label = 'card'} = {}) {
  const shown = Math.min(count, cap);
  const items = [];
  for (let i = 0; i < shown; i += 1) items.push(ctx.back({small: true, extra: 'stacked'}));
  // No card: "none", not a lone "0" where the backs would be.
  return h('span', {class: 'backs', title: `${count} face-down ${label}${count === 1 ? '' : 's'}`},
    items, h('span', {class: 'backs-count'}, count ? `${count}` : 'none'));
}

/**
 * The seat's name in a sentence, the table's one name for it ("Bo", "P2 (easy bot)"), with "(you)"
 * for this page's seat: always the third person, so a verb after it agrees ("Ann (you) drafts").
 */
export function who(ctx, seat) {
  const name = ctx.player ? ctx.player(seat) : `P${seat}`;
  return seat === ctx.you ? `${name} (you)` : name;
}

/** "1 gem", "2 gems": a count with its noun, singular or plural (``plural`` when not noun + s). */
export function plural(count, noun, several = `${noun}s`) {
  return `${count} ${count === 1 ? noun : several}`;
}

/**
 * Hidden cards the end of the game turns face up: a row of cards marked as revealed (the data-reveal
 * attribute names the seat, so that a test can compare them with the server's end view).
 */
export function revealRow(ctx, seat, title, codes, options = {}) {
  return h('div', {class: 'revealed', dataset: {reveal: seat}},
    cardRow(title, codes.map((code) => ctx.card(String(code), {small: true, ...options})), {empty: 'none'}));
}

/**
 * The last thing of a kind the log tells (a raid, an attack: a line matching ``pattern`` with the lines nested under
 * it), as a short list for the room a board keeps for that thing while none is under way: its first line, then the
 * last ``most`` - 1 of what came of it (how it ended comes last), "…" for lines left out; in the table's names.
 * Null when the log has none yet.
 */
export function lastFromLog(ctx, pattern, most = 3) {
  const log = ctx.view.log || [];
  for (let i = log.length - 1; i >= 0; i -= 1) {
    if (!pattern.test(log[i])) continue;
    const nested = [];
    for (let j = i + 1; j < log.length && /^\s/.test(log[j]); j += 1) nested.push(log[j].trim());
    const kept = nested.slice(-(most - 1));
    const left = nested.length - kept.length;
    // The lines left out, counted, on a line without a bullet of its own (a bare "…" bullet read as a line lost).
    const gap = left ? [h('li', {class: 'elided'}, `… ${left} more ${left === 1 ? 'line' : 'lines'} in the log`)] : [];
    return h('ul', {class: 'last-from-log'}, h('li', {}, ctx.words(log[i])), gap,
      kept.map((line) => h('li', {}, ctx.words(line))));
  }
  return null;
}

/** Whether the game is over (its hidden cards are then in every view). */
export function over(ctx) {
  return Boolean(ctx.view && ctx.view.result);
}

/** A short heading inside a board. */
export function heading(text, extra = null) {
  return h('h3', {class: ['board-heading', extra]}, text);
}
