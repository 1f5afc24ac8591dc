// Ninja Camp: the training grounds (a grid of skill cards, Walls, Traps and empty spaces) with every
// ninja on it, each seat's hand, discard pile, clan card and points. Nothing is hidden in this game.
// A move is chosen by clicking a ninja, then a square (and a third square for the Goat's push or the
// Flying Squirrel's trade); clicking a card of the hand first narrows the moves to that card's.
// View keys: src/ninjadojo/games/ninja_camp/view.py observe() (grid rows from row 1, the bottom).

import {h} from '../dom.js';
import {cardInfo as catalogueCard} from '../catalogue.js';
import {cardRow} from '../cards.js';
import {counter, over, plural, seatPanel, who} from './common.js';

const GAME = 'ninja-camp';

/** The catalogue card with its points (from its text: "(4 points.)") and its kind. */
export function cardInfo(code) {
  const info = catalogueCard(GAME, code);
  const match = /\((-?\d+) points?\.\)/.exec(info.text);
  let kind = {cls: 'skill', label: 'SKILL', emblem: 'steps'};
  if (code === 'T') kind = {cls: 'trap', label: 'TRAP', emblem: 'trap'};
  else if (code === 'W') kind = {cls: 'wall', label: 'WALL', emblem: 'shield'};
  else if (/^[a-z]{2}$/.test(code)) kind = {cls: 'clan', label: 'CLAN', emblem: 'mask'};
  return {...info, value: match ? Number(match[1]) : null, kind};
}

function cardName(code) {
  return catalogueCard(GAME, code).name;
}

/** The things an action acts on: its squares (from, to, then the push or trade square), and the card. */
export function keys(action) {
  let m;
  if ((m = /^(?:@|take:)([a-z]\d+)$/.exec(action))) return [`sq:${m[1]}`];
  if ((m = /^(?:sl):([a-z]\d+)$/.exec(action))) return [`^sq:${m[1]}`, '^~clan:sl'];
  if ((m = /^([A-Z]|[a-z]{2}):(.+)$/.exec(action))) {
    const squares = m[2].match(/[a-z]\d+/g) || [];
    // A move starts from its ninja (^), or from the card played; the card is never needed (~).
    const card = /^[A-Z]$/.test(m[1]) ? `^~card:${m[1]}` : `^~clan:${m[1]}`;
    if ((m[1] === 'S' || m[1] === 'H') && squares.length === 3) {
      // A Stealth path a-b-c: the ninja (a) and where it lands (c) choose the move; b only tells
      // apart two paths between the same squares.
      return [`^sq:${squares[0]}`, `sq:${squares[2]}`, `~sq:${squares[1]}`, card];
    }
    return [`^sq:${squares[0]}`, ...squares.slice(1).map((square) => `sq:${square}`), card];
  }
  return [];
}

/** An action in words. */
export function describe(action, ctx) {
  let m;
  if (action === 'pass') return 'Pass for good (play no more)';
  if (action === 'done') return 'Done (no second step)';
  if ((m = /^@([a-z]\d+)$/.exec(action))) return `Place a ninja on ${m[1]}`;
  if ((m = /^take:([a-z]\d+)$/.exec(action))) return `Claim the card on ${m[1]}`;
  if ((m = /^sl:([a-z]\d+)$/.exec(action))) return `Sloth Clan: claim the card on ${m[1]}`;
  if ((m = /^go:([a-z]\d+)-([a-z]\d+)>([a-z]\d+)$/.exec(action))) {
    return `Goat Clan: ${m[1]} → ${m[2]}, their ninja goes to ${m[3]}`;
  }
  if ((m = /^fs:([a-z]\d+)-([a-z]\d+)x([a-z]\d+)$/.exec(action))) {
    return `Flying Squirrel Clan: ${m[1]} → ${m[2]}, then trade places with the ninja on ${m[3]}`;
  }
  if ((m = /^([A-Z]|[a-z]{2}):(.+)$/.exec(action))) {
    const squares = m[2].match(/[a-z]\d+/g) || [];
    const card = /^[A-Z]$/.test(m[1]) ? cardName(m[1]) : `${cardName(m[1])}`;
    const shadow = m[1] === 'H' && ctx.view.seats[ctx.seat] && ctx.view.seats[ctx.seat].shadow_copies
      ? ` (as ${ctx.view.seats[ctx.seat].shadow_copies})` : '';
    const path = squares.length > 2 ? ` via ${squares.slice(1, -1).join(', ')}` : '';
    return `${card}${shadow}: ${squares[0]} → ${squares[squares.length - 1]}${path}`;
  }
  return action;
}

/** The card on a square (its catalogue entry with its points), or null for an empty square. */
function cardOn(ctx, square) {
  const col = square.charCodeAt(0) - 97;
  const row = Number(square.slice(1)) - 1;
  const letter = ((ctx.view.grid || [])[row] || '')[col];
  return letter && letter !== '.' ? cardInfo(letter) : null;
}

/** "an Ambush (+5 points)", "a Trap (-1 point)". */
function aCard(info) {
  const points = info.value !== null ? ` (${info.value > 0 ? '+' : ''}${plural(info.value, 'point')})` : '';
  return `${/^[AEIOU]/.test(info.name) ? 'an' : 'a'} ${info.name}${points}`;
}

/**
 * How a long list of choices folds (picker.js actionList): a move by the card or clan played, then by the ninja
 * it moves (the square it leaves, whose card it claims), as a move is chosen on the board; a placement by the
 * card it stands on. Claiming a card, passing and a second step stay at the top of the list.
 */
export function group(action, ctx) {
  let m;
  if ((m = /^@([a-z]\d+)$/.exec(action))) {
    const info = cardOn(ctx, m[1]);
    return info ? [`Place a ninja on ${aCard(info)}`] : null;
  }
  if ((m = /^([A-Z]|[a-z]{2}):([a-z]\d+)/.exec(action))) {
    const shadow = m[1] === 'H' && ctx.view.seats[ctx.seat] && ctx.view.seats[ctx.seat].shadow_copies
      ? ` (as ${ctx.view.seats[ctx.seat].shadow_copies})` : '';
    const played = `${cardName(m[1])}${shadow}`;
    if (m[1] === 'sl') return [played];
    const claims = cardOn(ctx, m[2]);
    return [played, `The ninja on ${m[2]}${claims ? `, claiming ${aCard(claims)}` : ''}`];
  }
  return null;
}

function squareName(row, col) {
  return `${String.fromCharCode(97 + col)}${row + 1}`;
}

function grid(ctx) {
  const view = ctx.view;
  const [rows, cols] = view.grid_size;
  const ninjaAt = new Map();
  view.seats.forEach((data, s) => data.ninjas.forEach((square) => ninjaAt.set(square, s)));
  const cells = [h('div', {class: 'grid-corner', 'aria-hidden': 'true'})];
  for (let c = 0; c < cols; c += 1) {
    cells.push(h('div', {class: 'grid-label', 'aria-hidden': 'true'}, String.fromCharCode(97 + c)));
  }
  for (let r = rows - 1; r >= 0; r -= 1) {
    cells.push(h('div', {class: 'grid-label', 'aria-hidden': 'true'}, String(r + 1)));
    for (let c = 0; c < cols; c += 1) {
      const name = squareName(r, c);
      const letter = view.grid[r][c];
      const owner = ninjaAt.get(name);
      const info = letter === '.' ? null : cardInfo(letter);
      const what = info ? `${info.name}${info.value !== null ? ` (${plural(info.value, 'point')})` : ''}`
        : 'empty space';
      const label = `${name}: ${what}${owner !== undefined ? `, a ninja of ${who(ctx, owner)}` : ''}`;
      // A strip across the top holds the square's name and the ninja on it, so that a ninja never covers the card
      // (its letter, name and points keep the rows below); the bottom corners are for the badges (the ▸ of a
      // square that may be clicked, the mark of a seat's last move), beside the points, never over them.
      cells.push(h('div', {class: ['sq', info ? `sq-${info.kind.cls}` : 'sq-empty', owner !== undefined && 'has-ninja'],
        dataset: {keys: `sq:${name}`, square: name}, 'aria-label': label, title: label},
      h('span', {class: 'sq-top'}, h('span', {class: 'sq-name'}, name),
        owner !== undefined ? h('span', {class: 'ninja', title: `ninja of ${who(ctx, owner)}`},
          ctx.badge(owner, {bare: true})) : null),
      info ? h('span', {class: 'sq-card'}, h('span', {class: 'sq-letter'}, letter === 'W' ? '▦' : letter),
        h('span', {class: 'sq-card-name'}, info.name),
        info.value !== null ? h('span', {class: 'sq-points'}, `${info.value > 0 ? '+' : ''}${info.value}`) : null)
        : h('span', {class: 'sq-void'}, '·')));
    }
  }
  // The letters' key, for a screen too narrow for the cards' names on the squares (the CSS shows it there).
  const letters = [...new Set(view.grid.flatMap((row) => [...row]))].filter((letter) => letter !== '.').sort();
  const key = h('p', {class: 'camp-key muted', 'aria-hidden': 'true'}, letters.map((letter) => letter === 'W'
    ? '▦\u00a0Wall' : `${letter}\u00a0${cardInfo(letter).name}`).join(' · '));
  // A square given the keyboard's focus under your docked hand or panel comes up above them (see revealSquares).
  return [h('div', {class: 'camp-grid', role: 'group', 'aria-label': 'the training grounds',
    style: `--cols: ${cols}; --rows: ${rows}`, onfocusin: (event) => {
      const square = event.target.closest('.sq');
      if (square) revealSquares([square]);
    }}, cells), key];
}

/** A few pixels between a square brought into view and the docked panel's edge (or the screen's top). */
const REVEAL_MARGIN = 6;

/**
 * Squares that may be clicked brought up above your docked hand and panel (js/table.js dockHand and dockPanel):
 * at 1280x800, the page scrolled to its top (by a player who scrolled up since their last decision), the grid's
 * last row lay under the docked panel, and a ninja's target there (f1) was highlighted out of sight, under a
 * panel that took the click. The page scrolls up by what the lowest square needs, never so far that the highest
 * leaves the screen (or goes under a phone's prompt). Nothing is docked: nothing to do.
 */
function revealSquares(squares) {
  const docked = [...document.querySelectorAll('.board .card-row.hand.docked, .board .seat-panel.mine.docked')];
  if (!squares.length || !docked.length) return;
  const dockTop = Math.min(...docked.map((el) => el.getBoundingClientRect().top));
  // A phone's prompt stuck to the screen's top covers what is under it (gone up with its column, it does not).
  const pinned = document.querySelector('.table-page .prompt-dock');
  const stuck = pinned && getComputedStyle(pinned).position === 'sticky' && pinned.getBoundingClientRect().top < 1;
  const top = stuck ? Math.max(0, pinned.getBoundingClientRect().bottom) : 0;
  const boxes = squares.map((el) => el.getBoundingClientRect());
  const needs = Math.max(...boxes.map((box) => box.bottom)) + REVEAL_MARGIN - dockTop;
  if (needs <= 0.5) return;
  const by = Math.min(needs, Math.min(...boxes.map((box) => box.top)) - top - REVEAL_MARGIN);
  if (by > 0.5) window.scrollBy({top: Math.ceil(by)});
}

/** The squares last highlighted (their names, and the position), so that a redraw alike scrolls nothing. */
let highlighted = '';

/**
 * Once the table has drawn the board (the picker's highlights, the hand and the panel docked or not: the frame
 * after), the highlighted squares in view above the docked ones when a click on the board made them new (a ninja
 * or a card clicked, its targets highlighted). Not at a decision's start: where the page is then is the table's
 * call (js/table.js showMyArea), which leaves a page the player scrolled themselves where it is.
 */
function revealWhenDrawn(board, ctx) {
  requestAnimationFrame(() => {
    if (!board.isConnected) return;
    // (the ninja clicked, selected, with its targets: not sent off the screen's top to show them)
    const squares = [...board.querySelectorAll('.camp-grid .sq.actionable, .camp-grid .sq.selected')];
    const names = `${ctx.view.turn} ${(ctx.view.log || []).length} ${squares.map((el) => el.dataset.square)}`;
    if (names === highlighted) return;
    highlighted = names;
    if (board.querySelector('[data-keys].selected')) revealSquares(squares);
  });
}

function seat(ctx, data, s) {
  const mine = s === ctx.seat;
  const clan = data.clan;
  const rows = [
    h('div', {class: 'seat-line'}, h('span', {class: 'points'}, h('strong', {}, String(data.points)),
      data.points === 1 ? ' point' : ' points'),
      data.passed ? h('span', {class: 'tag'}, 'passed for good') : null,
      data.shadow_copies ? h('span', {class: 'tag'}, `Shadow copies ${data.shadow_copies}`) : null,
      h('span', {class: 'tag'}, `ninjas: ${data.ninjas.join(', ') || 'none yet'}`)),
    h('div', {class: 'seat-line'},
      ctx.card(clan.code, {small: true, keys: mine ? `clan:${clan.code}` : null,
        note: clan.used ? 'used' : 'once per game'})),
    // Nothing is hidden in Ninja Camp: every hand is on the board all game long.
    mine ? null : h('div', {class: over(ctx) ? 'revealed' : null, dataset: {reveal: over(ctx) ? s : null}},
      cardRow('Hand', [...data.hand].map((code) => ctx.card(code, {small: true})))),
    // The rulebook's discard pile: the cards played, and at the end the ones claimed under the ninjas too.
    cardRow('Discard pile', [...data.discard].map((code) => ctx.card(code, {small: true})), {extra: 'discards'}),
  ];
  return seatPanel(ctx, s, rows);
}

/** The board. */
export function render(ctx) {
  const view = ctx.view;
  const seats = view.seats.map((data, s) => seat(ctx, data, s));
  const parts = [h('div', {class: 'camp-facts'}, counter('Turns played', view.turn),
    ctx.toAct.size ? h('span', {class: 'tag'}, `to move: ${[...ctx.toAct].map((s) => who(ctx, s)).join(', ')}`)
      : null),
  grid(ctx), h('div', {class: 'others'}, seats.filter((_, s) => s !== ctx.seat))];
  if (ctx.seat !== null && ctx.seat !== undefined) {
    const me = view.seats[ctx.seat];
    const hand = cardRow(ctx.yours('hand'), [...me.hand].map((code) => ctx.card(code, {keys: `card:${code}`})),
      {extra: 'hand', empty: 'no cards'});
    parts.push(h('div', {class: 'my-area'}, seats[ctx.seat],
      over(ctx) ? h('div', {class: 'revealed', dataset: {reveal: ctx.seat}}, hand) : hand));
  }
  const board = h('div', {class: 'board-camp'}, parts);
  revealWhenDrawn(board, ctx);
  return board;
}
