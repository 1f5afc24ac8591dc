// Of Knights and Ninjas: gems, hand sizes and fortifications (Castle, Archer, Minstrel) of every
// kingdom, the attack on the table, cards shown to a Herald, the draft of the 2-player variation, and
// this seat's hand. View keys: src/ninjadojo/games/knights_and_ninjas/view.py observe().

import {h} from '../dom.js';
import {cardInfo as catalogueCard} from '../catalogue.js';
import {cardRow, emblem} from '../cards.js';
import {backs, counter, lastFromLog, over, plural, revealRow, seatPanel, who} from './common.js';

const GAME = 'knights-and-ninjas';

const KINDS = {
  pe: ['common', 'COMMON', 'sword'], so: ['common', 'COMMON', 'sword'], kn: ['common', 'COMMON', 'sword'],
  ki: ['common', 'COMMON', 'sword'], qu: ['common', 'COMMON', 'sword'],
  ni: ['unique', 'UNIQUE', 'sword'], dr: ['unique', 'UNIQUE', 'sword'],
  tr: ['respond', 'RESPOND', 'shield'], pr: ['respond', 'RESPOND', 'shield'], ex: ['respond', 'RESPOND', 'shield'],
  hw: ['anytime', 'OUT OF TURN', 'bolt'],
  he: ['special', 'SPECIAL', 'mask'], me: ['special', 'SPECIAL', 'mask'], mo: ['special', 'SPECIAL', 'mask'],
  mi: ['fortify', 'FORTIFY', 'shield'], ar: ['fortify', 'FORTIFY', 'shield'], ca: ['fortify', 'FORTIFY', 'shield'],
  la: ['pre', 'PRE-ATTACK', 'sword'], cp: ['pre', 'PRE-ATTACK', 'sword'],
  je: ['wild', 'WILD', 'mask'],
};
// Attack strength, the number printed on a card (the rulebook: "STRENGTH ... appears on ATTACK cards").
const STRENGTH = {pe: 1, so: 2, kn: 3, ki: 4, qu: 5, ni: 2, dr: 2};

/**
 * The catalogue card with its kind and its strength: the number in its corner, called so (cards.js cornerOf,
 * which the card, its popover and the help panel read: "strength 2"). The card has no ``value``: nothing
 * calls its strength a value, and a card without strength (Castle, Princess...) says nothing of one. In the
 * 2-player variation (``view``'s ``variation``), its short text as the card works there (a Merchant pays two
 * gems).
 */
export function cardInfo(code, {view = null} = {}) {
  const info = catalogueCard(GAME, code);
  const [cls, label, art] = KINDS[code] || ['plain', '', 'scroll'];
  const variant = view && view.variation && (info.variant_shorts || {})[view.variation];
  return {...info, short: variant || info.short, value: null, number: STRENGTH[code] ?? null, valueWord: 'Strength',
    kind: {cls, label, emblem: art}};
}

function cardName(code) {
  return catalogueCard(GAME, code).name;
}

/** ``el`` marked as this page's own draw: another seat's last move is not shown on it (recent.js). */
function mine(el) {
  el.dataset.mine = 'yes';
  return el;
}

/**
 * A seat's possessive in a sentence: "your" for this page's seat, "Ann's", and a bot's short label ("P2's", not
 * "P2 (medium bot)'s"), as the page's words write the engine's "P2's" (see board.js makeCtx).
 */
function whose(ctx, seat, capital = false) {
  if (seat === ctx.you) return capital ? 'Your' : 'your';
  const info = (ctx.seats || [])[seat];
  if (!ctx.player || (info && info.type === 'bot')) return `P${seat}'s`;
  return `${ctx.player(seat)}'s`;
}

/** A card's name with its article: "a Knight", "an Archer". */
function aCard(code) {
  const name = cardName(code);
  return `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`;
}

/** The card keys of "kn", "pe3", "kn*" (a Jester as a Knight), "arf" (your fortifying Archer), "kn.pe". */
function cardKeys(text, seat) {
  const found = new Set();
  for (const part of text.split('.')) {
    const m = /^([a-z]{2})\d*(f?)(\*?)$/.exec(part);
    if (!m) continue;
    if (m[2]) found.add(`fort:${seat}:archer`);
    else if (m[3]) found.add('card:je');
    else found.add(`card:${m[1]}`);
  }
  return [...found];
}

/** The things an action acts on (see picker.js). */
export function keys(action, ctx) {
  let m;
  if (action === 'pay:g') return [`gems:${ctx.seat}`];
  if ((m = /^(?:f|x|r|show|pay):(.+)$/.exec(action))) return cardKeys(m[1], ctx.seat);
  if ((m = /^a(\d+):(.+)$/.exec(action))) return [`seat:${m[1]}`, ...cardKeys(m[2], ctx.seat)];
  if ((m = /^pick(\d+):([a-z]{2})$/.exec(action))) return [`shown:${m[1]}:${m[2]}`];
  if ((m = /^me(\d+)$/.exec(action))) return ['card:me', `seat:${m[1]}`];
  if (/^(he|mo|hw)\*?$/.test(action)) return cardKeys(action, ctx.seat);
  if (action === 'keep' || action === 'give') return ['draft'];
  return [];
}

function cardsWords(text) {
  return text.split('.').map((part) => {
    const m = /^([a-z]{2})(\d*)(f?)(\*?)$/.exec(part);
    if (!m) return part;
    const count = m[2] ? Number(m[2]) : 1;
    let words = count > 1 ? `${count} ${cardName(m[1])}s` : `a ${cardName(m[1])}`;
    if (m[3]) words = `your fortifying ${cardName(m[1])}`;
    if (m[4]) words += ' (with a Jester)';
    return words;
  }).join(' and ');
}

/**
 * How a long list of choices folds (picker.js actionList): an attack under the rival attacked, a discard under
 * "Discard a card", a response under "Respond", a Merchant under "Play a Merchant"; the rest at the top.
 */
export function group(action, ctx) {
  let m;
  if ((m = /^a(\d+):/.exec(action))) return [`Attack ${who(ctx, Number(m[1]))}`];
  if (/^x:/.test(action)) return ['Discard a card'];
  if (/^r:/.test(action)) return ['Respond with a card'];
  if (/^me\d+$/.test(action)) return ['Play a Merchant'];
  return null;
}

/** An action in words. */
export function describe(action, ctx) {
  let m;
  const simple = {take: 'Take the attack (no response)', end: 'End (stop here)', pass: 'Pass',
    keep: 'Keep the drawn card', give: 'Give the drawn card to your rival', redeal: 'Call a re-deal',
    he: 'Play a Herald: each rival shows you a card', mo: 'Play a Monk: rivals with a Castle pay you',
    hw: 'Play a Highwayman: steal the gems', 'hw*': 'Play a Jester as a Highwayman', 'pay:g': 'Pay a gem'};
  if (simple[action]) return simple[action];
  if ((m = /^f:(.+)$/.exec(action))) return `Fortify with ${cardsWords(m[1])}`;
  if ((m = /^x:(.+)$/.exec(action))) return `Discard ${cardsWords(m[1])}`;
  if ((m = /^r:(.+)$/.exec(action))) return `Respond with ${cardsWords(m[1])}`;
  if ((m = /^show:(.+)$/.exec(action))) return `Show ${cardsWords(m[1])}`;
  if ((m = /^pay:(.+)$/.exec(action))) return `Pay ${cardsWords(m[1])}`;
  if ((m = /^a(\d+):(.+)$/.exec(action))) return `Attack ${who(ctx, Number(m[1]))} with ${cardsWords(m[2])}`;
  if ((m = /^pick(\d+):(.+)$/.exec(action))) return `Take the ${cardName(m[2])} ${who(ctx, Number(m[1]))} showed`;
  if ((m = /^me(\d+)$/.exec(action))) return `Play a Merchant: pay ${who(ctx, Number(m[1]))}, take half their hand`;
  return action;
}

function gems(count, seat) {
  const icons = [];
  for (let i = 0; i < Math.min(count, 12); i += 1) icons.push(emblem('gem', 14));
  return h('span', {class: 'gems', dataset: {keys: `gems:${seat}`}, title: plural(count, 'gem')},
    h('span', {class: 'gem-icons', 'aria-hidden': 'true'}, icons), h('strong', {}, String(count)),
    count === 1 ? ' gem' : ' gems');
}

function fort(ctx, seat, slot, text) {
  if (!text) return h('span', {class: 'fort-empty'}, `no ${slot}`);
  // "je>ca": a Jester standing as a Castle.
  const [code, role] = text.includes('>') ? text.split('>') : [text, text];
  // A card in its own slot needs no note (the card says what it is); a Jester says what it stands as.
  return ctx.card(code, {small: true, keys: `fort:${seat}:${slot}`,
    note: code === role ? null : `as ${cardName(role)}`});
}

function seat(ctx, data, s) {
  const rows = [
    h('div', {class: 'seat-line', dataset: {keys: `seat:${s}`}, title: `the kingdom of ${who(ctx, s)}`},
      gems(data.gems, s), s === ctx.seat ? null : h('span', {class: 'hand-count'}, 'hand ', backs(ctx, data.cards))),
    h('div', {class: 'forts'}, h('span', {class: 'row-title'}, 'Fortified'),
      fort(ctx, s, 'castle', data.castle), fort(ctx, s, 'archer', data.archer),
      fort(ctx, s, 'minstrel', data.minstrel)),
    // At the end every hand is face up (this seat's own is under "Your hand").
    over(ctx) && Array.isArray(data.hand) && s !== ctx.seat ? revealRow(ctx, s, 'Hand, revealed', data.hand)
      : null,
    // On your own panel these are the cards of your hand the others know of (they saw it taken).
    !over(ctx) && data.known.length
      ? cardRow(s === ctx.seat ? 'Known to the others' : 'Known in hand',
        data.known.map((code) => ctx.card(code, {small: true}))) : null,
  ];
  return seatPanel(ctx, s, rows, {keys: `seat:${s}`});
}

/**
 * The attack waiting for an answer, as the engine's prompt says it: "Bob attacks Ann (you) with a Dragon
 * (strength 2)", "... with a Jester as a Knight (strength 3)", a Traitor's turned attack; a Ladder, a
 * Catapult or an Archer sent against a fortification has no strength (the rulebook) and says none.
 */
function attackWords(ctx, a, cards = []) {
  const by = who(ctx, a.by);
  const against = who(ctx, a.against);
  if (a.role === 'la') return `${by} sets a Ladder against the Castle of ${against}`;
  if (a.role === 'cp') return `${by} aims a Catapult at the Castle of ${against}`;
  if (a.role === 'ar') return `${by} sends an Archer against the Archer of ${against}`;
  // Peasants attack together: a revolt, as strong as the Peasants in it.
  let played = aCard(a.role);
  if (a.role === 'pe' && a.strength > 1) played = `a revolt of ${a.strength} Peasants`;
  else if ((cards || []).includes('je') && a.role !== 'je') played = `a Jester as ${aCard(a.role)}`;
  // Only a Traitor makes anyone but the player on turn an attacker.
  const current = ctx.view.current;
  if (current !== null && current !== undefined && a.by !== current) {
    const turned = played.replace(/^an? /, 'the ');
    return `${whose(ctx, a.by, true)} Traitor turns ${turned} (strength ${a.strength}) back against ${against}`;
  }
  return `${by} attacks ${against} with ${played} (strength ${a.strength})`;
}

function tableArea(ctx) {
  const view = ctx.view;
  const table = view.table || {};
  const parts = [];
  // After the end nothing is under way any more: no attack, Ladder, gems in play or draft is left.
  if (over(ctx)) {
    return table.cards && table.cards.length
      ? h('div', {class: 'kn-table'}, cardRow('On the table', table.cards.map((code) => ctx.card(code, {small: true}))))
      : null;
  }
  if (table.attack) {
    parts.push(h('p', {class: 'attack-line'}, emblem('sword', 18), ' ', attackWords(ctx, table.attack, table.cards)));
  } else if (table.attacking !== null && table.attacking !== undefined) {
    // Between attacks of one turn (a turn attacks one rival until gems move): whose turn attacks whom.
    const by = view.current !== null && view.current !== undefined
      ? `${who(ctx, view.current)} is attacking ` : 'Attacking ';
    parts.push(h('p', {class: 'attack-line'}, `${by}${who(ctx, table.attacking)} this turn`));
  }
  if (table.ladder !== null && table.ladder !== undefined) {
    parts.push(h('p', {}, `A Ladder stands against ${whose(ctx, table.ladder)} Castle`));
  }
  if (table.cards && table.cards.length) {
    parts.push(cardRow('On the table', table.cards.map((code) => ctx.card(code, {small: true}))));
  }
  if (table.shown && table.shown.length) {
    parts.push(cardRow('Shown to the Herald', table.shown.map(([s, code]) => ctx.card(code, {small: true,
      keys: `shown:${s}:${code}`, note: `from ${who(ctx, s)}`}))));
  }
  if (table.gems_in_play) {
    const g = table.gems_in_play;
    parts.push(h('p', {}, `${who(ctx, g.holder)} has just taken ${plural(g.amount, 'gem')}`,
      g.from !== null ? ` from ${who(ctx, g.from)}` : '', ': a Highwayman may steal them'));
  }
  // The draft shows only while it is under way (an empty pile through the duel says nothing); its count is
  // what is left to draw, without the card being drafted.
  if (view.draft && (view.draft.drafter !== null || view.draft.pile > 0)) {
    const d = view.draft;
    const left = d.undrawn ?? d.pile;
    const note = left ? 'drawn: keep or give' : 'the last card: whoever takes it begins the duel';
    parts.push(h('div', {class: 'draft'}, counter('Draft pile, left to draw', left),
      d.drafter !== null ? h('span', {}, `${who(ctx, d.drafter)} drafts`) : null,
      d.drawn ? mine(ctx.card(d.drawn, {keys: 'draft', note})) : null));
  }
  // Drawn while nothing is under way too, holding its room (an attack no longer pushes the kingdoms down): it then
  // tells the last attack and how it ended, or, before the first, what will show there.
  if (parts.length) return h('div', {class: 'kn-table'}, parts);
  const last = lastFromLog(ctx, /^P\d+ (?:attacks|sets a Ladder|aims a Catapult|sends an Archer)\b/);
  return h('div', {class: 'kn-table kn-table-idle'}, last
    ? [h('p', {class: 'kn-table-empty'}, emblem('sword', 16), ' Last attack'), last]
    : h('p', {class: 'muted kn-table-empty'},
      'Nothing on the table yet: an attack shows here, with the cards played.'));
}

/** The board. */
export function render(ctx) {
  const view = ctx.view;
  const discard = view.discard || [];
  const facts = h('div', {class: 'kn-facts'},
    counter('Target', `${view.target} gems`, {icon: 'gem'}),
    counter('Deck', view.deck),
    counter('Reshuffles', view.reshuffles),
    view.variation ? h('span', {class: 'tag'}, `${view.variation} variation`) : null,
    // Only its last 6 cards are drawn: said so (a pile of 32 under 6 cards read as cards missing).
    h('div', {class: 'pile discard'}, h('div', {class: 'pile-label'}, `Discard pile: ${discard.length}`
      + (discard.length > 6 ? ' (top 6 shown)' : '')),
      h('div', {class: 'row-cards fan'}, discard.length ? discard.slice(-6).map((code) => ctx.card(code, {small: true}))
        : h('span', {class: 'row-empty'}, 'empty'))));
  const seats = view.seats.map((data, s) => seat(ctx, data, s));
  const parts = [facts, tableArea(ctx), h('div', {class: 'others'}, seats.filter((_, s) => s !== ctx.seat))];
  if (ctx.seat !== null && ctx.seat !== undefined) {
    const hand = cardRow(ctx.yours('hand'), (view.hand || []).map((code) => ctx.card(code, {keys: `card:${code}`})),
      {extra: 'hand', empty: 'no cards'});
    parts.push(h('div', {class: 'my-area'}, seats[ctx.seat],
      over(ctx) ? h('div', {class: 'revealed', dataset: {reveal: ctx.seat}}, hand) : hand));
  }
  return h('div', {class: 'board-knights'}, parts);
}
