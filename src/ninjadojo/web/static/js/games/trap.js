// Ninja Trap: the house's eight rooms with the ninjas who moved there and the traps flipped in them,
// every ninja's hits and row of face-down traps (hidden from their owner too, but during a Buko look),
// and this seat's hand. The stages are simultaneous: every living ninja chooses at once, and a seat
// that has chosen waits for the others (view.submitted). View keys: games/ninja_trap/view.py observe().

import {h} from '../dom.js';
import {cardInfo as catalogueCard, gameInfo} from '../catalogue.js';
import {cardRow, emblem} from '../cards.js';
import {backs, counter, over, seatPanel, who} from './common.js';

const GAME = 'ninja-trap';
// Three hits and a ninja is out (rules: docs/rules/ninja-trap.md).
const HITS_TO_KILL = 3;
const STAGES = {trap: 'lay a trap', move: 'move', activate: 'flip a trap', look: 'Buko look'};

/** The catalogue card (a room: no value). */
export function cardInfo(code) {
  const info = catalogueCard(GAME, code);
  return {...info, value: null, valueless: true, kind: {cls: 'room', label: 'ROOM', emblem: 'room'}};
}

function roomName(code) {
  return catalogueCard(GAME, code).name;
}

/** The things an action acts on (see picker.js). */
export function keys(action, ctx) {
  let m;
  if ((m = /^t([A-Z])$/.exec(action))) return [`card:${m[1]}`];
  if ((m = /^m([A-Z])$/.exec(action))) return [`room:${m[1]}`];
  if ((m = /^f(\d+)$/.exec(action))) return [`trap:${ctx.seat}:${m[1]}`];
  return [];
}

/** An action in words. */
export function describe(action) {
  let m;
  if (action === 'pass') return 'Pass (flip no trap)';
  if (action === 'ok') return 'Done looking at your traps';
  if ((m = /^t([A-Z])$/.exec(action))) return `Lay ${roomName(m[1])} face down as a trap`;
  if ((m = /^m([A-Z])$/.exec(action))) return `Move to the ${roomName(m[1])}`;
  if ((m = /^f(\d+)$/.exec(action))) return `Flip your trap number ${m[1]} (TRAP!)`;
  return action;
}

function hits(count) {
  const boxes = [];
  for (let i = 0; i < HITS_TO_KILL; i += 1) {
    boxes.push(h('span', {class: ['hit-box', i < count && 'hit'], 'aria-hidden': 'true'}, i < count ? '✖' : ''));
  }
  return h('span', {class: 'hits', title: `${count} of ${HITS_TO_KILL} hits`}, boxes, ` ${count}/${HITS_TO_KILL} hits`);
}

function house(ctx) {
  const game = gameInfo(GAME);
  const rooms = game ? game.cards.map((card) => card.code) : [];
  const seats = ctx.view.seats;
  // Kept on the screen when the page scrolls to your own area at a decision (table.js showMyArea).
  return h('div', {class: 'house', role: 'group', 'aria-label': 'the house', dataset: {keepInView: 'yes'}},
    rooms.map((code) => {
      const here = seats.filter((s) => s.move === code && s.alive);
      const sprung = seats.filter((s) => s.flipped === code);
      return h('div', {class: ['room', here.length && 'occupied'], dataset: {keys: `room:${code}`}},
        h('div', {class: 'room-head'}, emblem('room', 16), h('strong', {}, roomName(code))),
        h('div', {class: 'room-sub'}, catalogueCard(GAME, code).short),
        h('div', {class: 'room-ninjas'}, here.map((s) => ctx.badge(s.seat))),
        sprung.length ? h('div', {class: 'room-trap'}, emblem('trap', 14),
          ` TRAP! by ${sprung.map((s) => who(ctx, s.seat)).join(', ')}`) : null);
    }));
}

function seat(ctx, data) {
  const s = data.seat;
  const mine = s === ctx.seat;
  // A Buko look shows this seat its own traps; the end of the game shows everyone's.
  const shown = over(ctx) && Array.isArray(data.revealed_traps) ? data.revealed_traps
    : mine && ctx.view.buko_look ? ctx.view.buko_look : null;
  const look = shown ? new Map(shown.map((t) => [t.position, t.room])) : null;
  const traps = data.traps.map((turn, i) => {
    const position = i + 1;
    const key = mine ? `trap:${s}:${position}` : null;
    if (look && look.has(position)) {
      return ctx.card(look.get(position), {small: true, keys: key, note: `turn\u00a0${turn}`});
    }
    // Named by its turn, as the words and the log name it: its place in the row changes when one before it is
    // flipped, its turn never does (one trap a turn). Its number never alone on a line ("turn" above "1").
    return ctx.back({small: true, keys: key, label: `turn\u00a0${turn}`,
      title: mine ? `your trap laid on turn ${turn}` : `the trap ${who(ctx, s)} laid on turn ${turn}`});
  });
  const handShown = over(ctx) && typeof data.hand === 'string' && !mine;
  const rows = [
    h('div', {class: 'seat-line'},
      data.alive ? hits(data.hits) : h('span', {class: 'tag tag-out'}, '✖ out of the game'),
      h('span', {class: 'tag'}, `${data.colour} deck`),
      // (an out ninja is in no room: the house shows only the living, and so does its panel)
      data.move && data.alive ? h('span', {class: 'tag'}, emblem('steps', 14), ` in the ${roomName(data.move)}`) : null,
      data.blocked ? h('span', {class: 'tag tag-warn'}, 'shares a room: cannot flip') : null),
    // (a hand revealed at the end is shown below, card by card: not its backs here as well)
    h('div', {class: 'seat-line'}, counter('Deck', data.deck_size),
      mine || handShown ? null : h('span', {class: 'hand-count'}, 'hand ', backs(ctx, data.hand_size))),
    look && over(ctx) ? h('div', {class: 'revealed', dataset: {reveal: s}},
      cardRow('Traps left face down (shown at the end)', traps, {extra: 'traps'}))
      : cardRow(look ? 'Traps (your Buko look)' : 'Traps (face down)', traps, {extra: 'traps'}),
    // Chips as the traps and the discard pile are: a room's name is too long for a small card on a phone.
    handShown ? h('div', {class: 'revealed', dataset: {reveal: s}}, cardRow('Hand, revealed',
      [...data.hand].map((code) => ctx.card(code, {small: true})), {extra: 'chips'})) : null,
    discardRow(ctx, data.discard),
  ];
  return seatPanel(ctx, s, rows);
}

/**
 * A seat's discard pile. Its cards are the seat's own, put there at the end of each turn (every move card and
 * flipped trap) whoever moved last: data-own has recent.js mark them with the seat's badge, not the mover's.
 */
function discardRow(ctx, discard) {
  const row = cardRow('Discard', [...discard].map((code) => ctx.card(code, {small: true})), {extra: 'discards'});
  row.dataset.own = 'yes';
  return row;
}

/** The board. */
export function render(ctx) {
  const view = ctx.view;
  const stage = h('div', {class: 'trap-facts'}, counter('Turn', view.turn),
    h('span', {class: 'tag'}, `Stage: ${STAGES[view.stage] || view.stage || 'over'}`),
    view.submitted ? h('span', {class: 'tag tag-ok'}, '✔ your choice is in') : null);
  const seats = view.seats.map((data) => seat(ctx, data));
  const parts = [stage, house(ctx), h('div', {class: 'others'}, seats.filter((_, s) => s !== ctx.seat))];
  if (ctx.seat !== null && ctx.seat !== undefined) {
    const cards = [...(view.hand || '')].map((code) => ctx.card(code, {keys: `card:${code} room:${code}`}));
    const hand = cardRow(ctx.yours('hand'), cards, {extra: 'hand', empty: 'no cards'});
    parts.push(h('div', {class: 'my-area'}, seats[ctx.seat],
      over(ctx) ? h('div', {class: 'revealed', dataset: {reveal: ctx.seat}}, hand) : hand));
  }
  return h('div', {class: 'board-trap'}, parts);
}
