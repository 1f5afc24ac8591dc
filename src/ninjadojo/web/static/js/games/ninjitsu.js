// Ninjitsu! (and its expansions): the deck and the discard pile, every seat's collection (treasures
// face up, secrets as backs unless this seat knows them), this seat's hand and secrets, and the
// expansions when they are in play: each seat's Element, the Weather in play and the Events pending.
// View keys: src/ninjadojo/games/ninjitsu/view.py observe().

import {h} from '../dom.js';
import {cardInfo as catalogueCard} from '../catalogue.js';
import {cardRow} from '../cards.js';
import {backs, counter, over, revealRow, seatPanel, who} from './common.js';

const GAME = 'ninjitsu';

/** The catalogue card with its value (from its text: "Value 6.") and its kind. */
export function cardInfo(code) {
  const info = catalogueCard(GAME, code);
  const match = /^Value (\d+)/.exec(info.text);
  return {...info, value: match ? Number(match[1]) : null, kind: kindOf(code, info)};
}

function kindOf(code, info) {
  if (/^[a-z]+[12]?$/.test(code)) return {cls: 'element', label: 'ELEMENT', emblem: 'element'};
  if (/^[A-Z]w$/.test(code)) return {cls: 'weather', label: 'WEATHER', emblem: 'cloud'};
  if (/^[A-Z]v$/.test(code)) return {cls: 'event', label: 'EVENT', emblem: 'swirl'};
  if (info.text.includes('Trap:')) return {cls: 'trap', label: 'TRAP', emblem: 'trap'};
  if (/any time/i.test(info.short)) return {cls: 'anytime', label: 'ANY TIME', emblem: 'bolt'};
  if (info.text.includes('it has an icon')) return {cls: 'icon', label: 'ICON', emblem: 'gem'};
  if (info.text.includes('Action:')) return {cls: 'action', label: 'ACTION', emblem: 'shuriken'};
  return {cls: 'plain', label: 'FACE-UP', emblem: 'scroll'};
}

function name(code) {
  return catalogueCard(GAME, code).name;
}

/** The things an action acts on (see picker.js). */
export function keys(action, ctx) {
  let m;
  if ((m = /^(?:a|s|t|c|storm|swap):(.+)$/.exec(action))) return [`card:${m[1]}`];
  if ((m = /^[xfik](\d+)\.(\d+)$/.exec(action))) return [`secret:${m[1]}.${m[2]}`];
  if ((m = /^w(\d+)\.(\d+)$/.exec(action))) return [`secret:${ctx.seat}.${m[1]}`, `secret:${ctx.seat}.${m[2]}`];
  if ((m = /^h(\d+)$/.exec(action))) return [`hand:${m[1]}`];
  if ((m = /^side:(\d)$/.exec(action))) return [`side:${m[1]}`];
  if (action === 'd' || action === 'fog') return ['deck'];
  if (action === 'snow') return ['discard'];
  return [];
}

/**
 * How a long list of choices folds (picker.js actionList): a card played (for its action, as a secret or a
 * treasure) under the card's name, a steal under "Steal a secret"; drawing and everything else at the top.
 */
export function group(action) {
  let m;
  if ((m = /^[ast]:(.+)$/.exec(action))) return [`Play ${name(m[1])}`];
  if (/^x\d+\.\d+$/.test(action)) return ['Steal a secret'];
  return null;
}

/** A secret's place in words: counted from 1 (the action's text counts from 0: ``x1.0`` is secret #1). */
const nth = (position) => Number(position) + 1;

/** An action in words. */
export function describe(action, ctx) {
  let m;
  if (action === 'd') return 'Draw 2 cards';
  if (action === 'pass') return 'Pass';
  if (action === 'done') return 'Done (stop here)';
  if (action === 'snow') return "Snow: take the discard pile's top 2";
  if (action === 'fog') return 'Fog: draw 2, then play a random card';
  if ((m = /^a:(.+)$/.exec(action))) return `Play ${name(m[1])} for its action`;
  if ((m = /^s:(.+)$/.exec(action))) return `Play ${name(m[1])} as a secret`;
  if ((m = /^t:(.+)$/.exec(action))) return `Play ${name(m[1])} as a treasure`;
  if ((m = /^c:(.+)$/.exec(action))) return `Choose ${name(m[1])}`;
  if ((m = /^storm:(.+)$/.exec(action))) return `Storms: discard ${name(m[1])} to draw 3`;
  if ((m = /^swap:(.+)$/.exec(action))) return `Wind: swap ${name(m[1])} with a treasure in play`;
  if ((m = /^x(\d+)\.(\d+)$/.exec(action))) return `Steal secret #${nth(m[2])} of ${who(ctx, Number(m[1]))}`;
  if ((m = /^f(\d+)\.(\d+)$/.exec(action))) return `Turn face-up secret #${nth(m[2])} of ${who(ctx, Number(m[1]))}`;
  if ((m = /^i(\d+)\.(\d+)$/.exec(action))) {
    return `Take secret #${nth(m[2])} of ${who(ctx, Number(m[1]))} into your hand`;
  }
  if ((m = /^k(\d+)\.(\d+)$/.exec(action))) return `Pick secret #${nth(m[2])} of ${who(ctx, Number(m[1]))}`;
  if ((m = /^w(\d+)\.(\d+)$/.exec(action))) return `Swap your secrets #${nth(m[1])} and #${nth(m[2])}`;
  if ((m = /^h(\d+)$/.exec(action))) return `Pick ${who(ctx, Number(m[1]))}'s hand`;
  if ((m = /^g:(\d+)$/.exec(action))) return `Guess the value ${m[1]}`;
  if (action === 'g:none') return 'Guess: a card without value';
  if ((m = /^side:(\d)$/.exec(action))) {
    const element = ctx.view.seats[ctx.seat] && ctx.view.seats[ctx.seat].element;
    const side = element ? catalogueCard(GAME, `${element.replace(/\d$/, '')}${m[1]}`) : null;
    return `Use side ${m[1]}${side && side.short ? `: ${side.short}` : ''}`;
  }
  return action;
}

function elementCards(ctx, seat, element) {
  if (!element) return null;
  // Full cards, with their short text: what an Element does matters all game (a small card showed its name only).
  if (/\d$/.test(element)) return ctx.card(element, {note: 'Element'});
  // Dealt, sides still being chosen: the seat sees both sides of its own Element.
  if (seat === ctx.seat) {
    return h('div', {class: 'element-choice'},
      ctx.card(`${element}1`, {keys: 'side:1', note: 'side 1'}),
      ctx.card(`${element}2`, {keys: 'side:2', note: 'side 2'}));
  }
  const named = catalogueCard(GAME, `${element}1`).name.replace(/\s*\(side 1\)$/, '');
  return h('span', {class: 'tag'}, `${named === `${element}1` ? element : named} Element: choosing a side`);
}

function seat(ctx, data) {
  const s = data.seat;
  const mine = s === ctx.seat;
  const known = new Map((data.known_secrets || []).map(([position, code]) => [position, code]));
  const secrets = [];
  for (let position = 0; position < data.secret_count; position += 1) {
    const key = `secret:${s}.${position}`;
    // A seat's own secrets, or (at the end, when the engine reveals them) anyone's.
    if ((mine || over(ctx)) && data.secrets && data.secrets.length > position) {
      // What it counts face-down, which its printed value does not say (Bow and Arrows: 5 face-up, 10 here).
      const worth = (data.secret_worth || [])[position];
      secrets.push(ctx.card(data.secrets[position], {small: true, keys: key,
        note: [`secret #${position + 1}`, worth === undefined ? null : [h('br'), `counts ${worth}`]]}));
    } else if (known.has(position)) {
      secrets.push(ctx.card(known.get(position), {small: true, keys: key, note: `#${position + 1} (seen)`}));
    } else {
      secrets.push(ctx.back({small: true, keys: key, label: `#${position + 1}`,
        title: `face-down secret #${position + 1} of ${who(ctx, s)}`}));
    }
  }
  const points = data.points !== null && data.points !== undefined
    ? h('span', {class: 'points'}, h('strong', {}, String(data.points)), data.points === 1 ? ' point' : ' points')
    : h('span', {class: 'points'}, h('strong', {}, String(data.treasure_points)),
      data.treasure_points === 1 ? ' point in treasures' : ' points in treasures');
  const rows = [
    h('div', {class: 'seat-line'}, points,
      data.marked ? h('span', {class: 'tag tag-warn'}, '◉ marked by Night Vision',
        data.mark ? `: ${name(data.mark)}` : '') : null,
      elementCards(ctx, s, data.element)),
    // (a hand revealed at the end is shown below, card by card: not its backs here as well)
    mine || (over(ctx) && data.hand.length) ? null : h('div', {class: 'seat-line hand-count',
      dataset: {keys: `hand:${s}`}, title: `the hand of ${who(ctx, s)}`}, h('span', {class: 'row-title'}, 'Hand'),
    backs(ctx, data.hand_size)),
    !mine && data.hand.length && !over(ctx) ? cardRow('Known in hand', data.hand.map((code) => ctx.card(code,
      {small: true, keys: `card:${code}`}))) : null,
    // At the end: every card the view reveals (the whole hand and secrets once the engine sends them).
    !mine && over(ctx) && data.hand.length ? revealRow(ctx, s, 'Hand, revealed', data.hand) : null,
    h('div', {class: over(ctx) ? 'revealed' : null, dataset: {reveal: over(ctx) ? s : null}},
      cardRow(mine && data.secret_count && !data.secrets.length ? 'Secrets (you cannot see them)' : 'Secrets',
        secrets, {extra: 'secrets'})),
    cardRow('Treasures', data.treasures.map((code) => ctx.card(code, {small: true, keys: `card:${code}`,
      ...resolvingMark(ctx, code)})), {extra: 'treasures'}),
  ];
  return seatPanel(ctx, s, rows);
}

/**
 * A card of the actions now resolving is drawn once, where it lies (the rulebook: a card played for its action goes
 * "straight into the discard pile"; a trap sprung lies among the thief's treasures; a Weather used as an action is
 * in play), marked there "resolving"; only a card that lies nowhere on the board (a stolen Master of Deception held
 * with its trap) has a row of its own. These are the options that mark it.
 */
function resolvingMark(ctx, code, options = {}) {
  if (!(ctx.view.resolving || []).includes(code)) return options;
  return {...options, note: 'resolving now', extra: [options.extra, 'resolving-now'].filter(Boolean).join(' ')};
}

/** The cards of the actions resolving that the board shows nowhere else (see resolvingMark). */
function resolvingElsewhere(view, recent) {
  const shown = new Set([...recent, ...(view.weather || []), ...(view.events || []),
    ...(view.seats || []).flatMap((data) => data.treasures || [])]);
  return (view.resolving || []).filter((code) => !shown.has(code));
}

/** The board. */
export function render(ctx) {
  const view = ctx.view;
  const discard = view.discard || [];
  // The top 8 of the pile (a card still resolving deeper in it is shown in the Resolving row instead).
  const recent = discard.slice(-8);
  const center = h('div', {class: 'nj-center'},
    h('div', {class: 'pile deck', dataset: {keys: 'deck'}, title: 'the deck'},
      ctx.back({label: `${view.deck} cards`}), h('div', {class: 'pile-label'}, 'Deck')),
    h('div', {class: 'pile discard', dataset: {keys: 'discard'}, title: 'the discard pile'},
      h('div', {class: 'pile-label'}, `Discard pile: ${discard.length}`, discard.length > recent.length
        ? ` (top ${recent.length} shown)` : ''),
      h('div', {class: 'row-cards fan'}, recent.length
        ? recent.map((code, i) => ctx.card(code, resolvingMark(ctx, code, {small: i !== recent.length - 1,
          keys: `card:${code}`, extra: i === recent.length - 1 ? 'top' : null})))
        : h('span', {class: 'row-empty'}, 'empty'))),
    h('div', {class: 'nj-facts'},
      counter('Target', view.target),
      // While several choose at once (the Elements' sides, a Weather's pass) it is nobody's turn alone.
      view.result || view.turn < 0 || ctx.toAct.size > 1
        || (view.seats || []).some((s) => s.element && !/[12]$/.test(s.element))
        ? null : counter('Turn of', who(ctx, view.turn)),
      // Only when there is something to swap: two secrets of your own or more.
      view.swaps_left && view.turn === ctx.seat && !view.result
        && ((view.seats || [])[ctx.seat] || {}).secret_count >= 2
        ? counter('Free secret swaps', view.swaps_left, {title: 'swaps of two of your own secrets you may still '
          + 'make this turn (with two secrets or more): they cost no action'}) : null,
      view.frozen_by >= 0 ? h('span', {class: 'tag tag-warn'}, `❄ Freeze Time by ${who(ctx, view.frozen_by)}`)
        : null,
      view.magic_in_deck >= 0
        ? h('span', {class: 'tag'}, `In the deck, face-up: the Master of Magic of ${who(ctx, view.magic_in_deck)}`)
        : null));
  const parts = [center];
  const elsewhere = resolvingElsewhere(view, recent);
  if (elsewhere.length) {
    parts.push(cardRow('Resolving', elsewhere.map((code) => ctx.card(code, {small: true})), {extra: 'resolving'}));
  }
  if ('weather' in view) {
    // Full cards, with their short text: the Weather in play changes what every play does (a small card showed a
    // cloud and a name).
    parts.push(h('div', {class: 'nj-weather'},
      cardRow('Weather in play', view.weather.map((code) => ctx.card(code, resolvingMark(ctx, code))),
        {empty: 'none yet'}),
      cardRow('Events pending', view.events.map((code) => ctx.card(code, resolvingMark(ctx, code))),
        {empty: 'none'}),
      counter('Weather deck', view.weather_deck),
      counter('Weather discarded', view.weather_discard.length)));
  }
  const seats = view.seats.map((data) => seat(ctx, data));
  const others = seats.filter((_, i) => i !== ctx.seat);
  parts.push(h('div', {class: 'others'}, others));
  if (ctx.seat !== null && ctx.seat !== undefined) {
    const me = view.seats[ctx.seat];
    const hand = cardRow(ctx.yours('hand'), me.hand.map((code) => ctx.card(code, {keys: `card:${code}`})),
      {extra: 'hand', empty: 'no cards'});
    parts.push(h('div', {class: 'my-area'}, seats[ctx.seat],
      over(ctx) ? h('div', {class: 'revealed', dataset: {reveal: ctx.seat}}, hand) : hand));
  }
  return h('div', {class: 'board-ninjitsu'}, parts);
}
