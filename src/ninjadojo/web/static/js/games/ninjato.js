// Ninjato: the five clan houses (marker, Sentry, treasure, the shuriken placed by Strength and by
// Stealth), the Dojo (face-up cards and deck), the Sensei's tiles, the Pavilion's Rumors, the
// Palace's Envoys, a raid in progress, every player's honour, treasure, tiles, Envoys, Rumors and
// Elites, and this seat's Dojo hand. View keys: src/ninjadojo/games/ninjato/view.py observe().

import {h} from '../dom.js';
import {cardInfo as catalogueCard} from '../catalogue.js';
import {cardRow, emblem} from '../cards.js';
import {counter, lastFromLog, over, plural, revealRow, seatPanel, who} from './common.js';

const GAME = 'ninjato';

// Treasures: a letter, a name, the honour it gives, and a glyph so that they differ by shape too.
const TREASURES = {f: ['Fan', 2, '◗'], s: ['Scroll', 3, '≣'], v: ['Vase', 4, '⚱'], j: ['Jade', 5, '◆'],
  g: ['Gold', null, '★']};
const CLANS = {t: 'Taira', m: 'Minamoto', g: 'Go-Shirakawa'};

/** The catalogue code of a view's token: "s2@?" → "s2", "w1" (a Rumor) → "rum:w", "t3" (an Envoy) → "env:t". */
function codeOf(kind, token) {
  if (kind === 'tile') return token.split('@')[0];
  if (kind === 'rumor') return `rum:${token[0]}`;
  if (kind === 'envoy') return `env:${token[0]}`;
  if (kind === 'marker') return `m:${token[0]}`;
  return token;
}

/**
 * Which card of its family an Envoy or a Rumor is, as the prompts and the log tell them apart: an Envoy
 * by its year (and its mask: "year 8, masked"), a Rumor by its cost ("a Vase and a Fan"), read from the
 * family's card text; "No. 3" where that text has no entry for it.
 */
export function numberOf(token, kind = 'envoy') {
  const m = /^([a-z])(\d+)(~?)$/.exec(token);
  if (!m) return token;
  const text = catalogueCard(GAME, `${kind === 'rumor' ? 'rum' : 'env'}:${m[1]}`).text || '';
  const entry = new RegExp(`No\\. ${m[2]}: ([^;]*?)(?:;|\\.(?:\\s|$))`).exec(text);
  if (!entry) return `No. ${m[2]}${m[3] ? ' (masked)' : ''}`;
  if (kind === 'rumor') return entry[1];
  const age = /\(year (\d+)(, masked)?\)/.exec(entry[1]);
  return age ? `year ${age[1]}${age[2] || m[3] ? ', masked' : ''}` : `No. ${m[2]}`;
}

/**
 * A family's text narrowed to one of its cards: "Costs (...): No. 1: a Fan; ...; No. 6: ..." (a Rumor) or
 * "Cards: No. 1: a Jade and a Fan (year 4, masked); ..." (an Envoy) becomes "This card, No. 5, costs a Jade
 * and a Fan (...)." for ``member`` "p5" (the family's text unchanged if it has no such list).
 */
export function memberText(text, member) {
  const m = /^[a-z](\d+)~?$/.exec(member || '');
  if (!m) return text;
  return text.replace(/(?:Costs( \([^)]*\))?|Cards): (No\. \d+: [^;]*(?:; No\. \d+: [^;]*)*)\.(?=\s|$)/,
    (whole, note, list) => {
      const entry = list.split('; ').find((each) => each.startsWith(`No. ${m[1]}: `));
      return entry ? `This card, No. ${m[1]}, costs ${entry.slice(`No. ${m[1]}: `.length)}${note || ''}.` : whole;
    });
}

/** The catalogue card with its value and kind (``member``: which card of a Rumor or Envoy family it is). */
export function cardInfo(code, {member = null} = {}) {
  const found = catalogueCard(GAME, code);
  const info = member ? {...found, text: memberText(found.text || '', member)} : found;
  let kind = {cls: 'plain', label: '', emblem: 'scroll'};
  let value = null;
  if (/^\d$/.test(code)) {
    kind = {cls: 'dojo', label: 'DOJO', emblem: 'sword'};
    value = Number(code);
  } else if (/^(s1|s2|t1|t6|c1|c2|hj)$/.test(code)) {
    kind = {cls: 'tile', label: 'TILE', emblem: 'mask'};
  } else if (code.startsWith('rum:')) {
    kind = {cls: 'rumor', label: 'RUMOR', emblem: 'scroll'};
  } else if (code.startsWith('env:')) {
    kind = {cls: 'envoy', label: 'ENVOY', emblem: 'element'};
  } else if (/^\d[na]$/.test(code)) {
    kind = {cls: 'guard', label: code[1] === 'a' ? 'GUARD ⚠ ALARM' : 'GUARD', emblem: 'shield'};
    value = Number(code[0]);
  } else if (/^[od]\d\d$/.test(code)) {
    kind = {cls: 'elite', label: 'ELITE', emblem: 'shield'};
  }
  return {...info, value, kind};
}

/** The things an action acts on (see picker.js). */
export function keys(action) {
  let m;
  if (action === 'dojo') return ['dojo'];
  if (action === 'deck') return ['dojo:deck'];
  if ((m = /^d(\d)$/.exec(action))) return [`dojo:${m[1]}`];
  if ((m = /^sen:([^=]+)(?:=(\d))?$/.exec(action))) return [`tile:${m[1]}`, ...(m[2] ? [`card:${m[2]}`] : [])];
  if ((m = /^h(\d)([+-])$/.exec(action))) return [`house:${m[1]}:${m[2]}`];
  if ((m = /^rum:([a-z]\d?)(?::[a-z]+)?$/.exec(action))) return [`rumor:${m[1]}`];
  if ((m = /^env:([a-z]\d):[a-z]+$/.exec(action))) return [`envoy:${m[1]}`];
  if ((m = /^mask:([a-z]\d)$/.exec(action))) return [`my-envoy:${m[1]}`];
  if ((m = /^keep:([a-z]\*?)$/.exec(action))) return [`loot:${m[1]}`];
  if ((m = /^(\d|c[12])([+-]?)((?:\.[st]\d)*)$/.exec(action))) {
    // A single card: a Dojo card (or a Crane tile, alone or, with option crane_as_card, played as a card),
    // with a 3 as +1/-1 and any Snake or Tiger tiles on it ("4.t6.t1"). Clicking the card offers all its
    // plays; the 3 and the tiles narrow them. The 3 is needed, not only a narrowing: a play that spends it is
    // never sent by a click on the other card alone (a 2 whose one play was "a 2 and a 3 as +1" was played at
    // once, the 3 spent unasked); it is listed to confirm, or a click on the 3 settles it.
    const head = /^\d$/.test(m[1]) ? `card:${m[1]}` : `my-tile:${m[1]}`;
    const tiles = [...new Set(m[3].split('.').filter(Boolean))];
    return [head, ...(m[2] ? ['card:3'] : []), ...tiles.map((tile) => `~my-tile:${tile}`)];
  }
  return [];
}

function treasureWords(letters) {
  return [...letters].map((letter) => (TREASURES[letter] ? TREASURES[letter][0] : letter)).join(', ');
}

/**
 * How a long list of choices folds (picker.js actionList): by the place a shuriken goes (the Sensei, a clan
 * house, the Pavilion, the Palace); the Dojo and every other decision at the top.
 */
export function group(action) {
  if (/^sen:/.test(action)) return ['Learn a tile at the Sensei'];
  if (/^h\d[+-]$/.test(action)) return ['Raid a clan house'];
  if (/^rum:[a-z]\d?:/.test(action)) return ['Buy a Rumor at the Pavilion'];
  if (/^env:/.test(action)) return ['Buy an Envoy at the Palace'];
  return null;
}

/** An action in words. */
export function describe(action) {
  let m;
  const simple = {dojo: 'Go to the Dojo: draw cards', deck: 'Draw the top card of the deck', lose: 'Give up (lose)',
    banzai: 'Banzai! Face the next guard', retreat: 'Retreat with your loot', pts: "Take the clan's house points"};
  if (simple[action]) return simple[action];
  if ((m = /^d(\d)$/.exec(action))) return `Take the face-up ${m[1]}`;
  if (action === 'sen:hj') return 'Sensei: take a Hensojutsu tile';
  if ((m = /^sen:([^=]+)(?:=(\d))?$/.exec(action))) {
    const tile = catalogueCard(GAME, codeOf('tile', m[1])).name;
    const cost = m[2] || m[1].split('@')[1];
    return `Sensei: learn ${tile}, discarding a ${cost}`;
  }
  if ((m = /^h(\d)([+-])$/.exec(action))) return `Raid house ${m[1]} by ${m[2] === '+' ? 'Strength' : 'Stealth'}`;
  if ((m = /^rum:([a-z]\d?):([a-z]+)$/.exec(action))) {
    return `Pavilion: buy ${catalogueCard(GAME, codeOf('rumor', m[1])).name} with ${treasureWords(m[2])}`;
  }
  if ((m = /^rum:([a-z]\d?)$/.exec(action))) return `Take ${catalogueCard(GAME, codeOf('rumor', m[1])).name}`;
  if ((m = /^env:([a-z]\d):([a-z]+)$/.exec(action))) {
    const envoy = catalogueCard(GAME, codeOf('envoy', m[1])).name;
    return `Palace: buy the ${envoy} (${numberOf(m[1])}) with ${treasureWords(m[2])}`;
  }
  if ((m = /^mask:([a-z]\d)$/.exec(action))) {
    const envoy = `${catalogueCard(GAME, codeOf('envoy', m[1])).name} (${numberOf(m[1])})`;
    return `Put Hensojutsu on your ${envoy}: it counts twice this scoring`;
  }
  if ((m = /^keep:([a-z])(\*?)$/.exec(action))) return `Keep the ${m[2] ? 'red ' : ''}${treasureWords(m[1])}`;
  if ((m = /^m:([a-z])(\d)$/.exec(action))) return `New marker: ${CLANS[m[1]] || m[1]} ${m[2]}`;
  if ((m = /^(\d|c[12])([+-]?)((?:\.[st]\d)*)$/.exec(action))) {
    const tiles = m[3].split('.').filter(Boolean).map((tile) => catalogueCard(GAME, tile).name);
    const what = /^\d$/.test(m[1]) ? `a ${m[1]}` : catalogueCard(GAME, m[1]).name;
    const three = m[2] ? ` and a 3 as ${m[2]}1` : '';
    return `Fight with ${what}${three}${tiles.length ? ` with ${tiles.join(' and ')}` : ''}`;
  }
  return action;
}

/** Treasure tokens ("fgs*": a red Scroll): letter, glyph and name, never colour alone. */
function treasures(text, keyOf = null) {
  const items = [];
  for (let i = 0; i < text.length; i += 1) {
    const letter = text[i];
    if (letter === '*') continue;
    const red = text[i + 1] === '*';
    const [name, honour, glyph] = TREASURES[letter] || [letter, null, '?'];
    items.push(h('span', {class: ['treasure', `treasure-${letter}`, red && 'red'],
      dataset: {keys: keyOf ? keyOf(letter + (red ? '*' : '')) : null},
      title: `${red ? 'red (Elite-guarded) ' : ''}${name}${honour ? `: ${honour} honour` : ': any treasure'}`},
    h('span', {'aria-hidden': 'true'}, glyph), ` ${name}`, red ? ' (red)' : ''));
  }
  return items.length ? h('span', {class: 'treasures'}, items) : h('span', {class: 'row-empty'}, 'none');
}

function placed(ctx, seats) {
  if (!seats || !seats.length) return null;
  return h('span', {class: 'placed'}, 'shuriken: ', seats.map((s) => ctx.badge(s, {bare: true})));
}

/** What a single card must do against the foe fought now: "play higher than 3" (and, before the first of
 * an Elite pair, the card to keep for the second). */
function beatWords(raid, fighting) {
  const way = raid.side === 'Strength' ? 'higher' : 'lower';
  const then = fighting.then !== null && fighting.then !== undefined
    ? `, keeping one ${way} than ${fighting.then} for the second` : '';
  return `play ${way} than ${fighting.beat}${then}`;
}

/** The card of the foe fought now, marked as such (the Sentry, a Guard or an Elite a Banzai turned up); with
 * ``need``, its note says what beats it too. */
function foeCard(ctx, raid, fighting, need = true) {
  const who = fighting.person ? `fighting person ${fighting.person} of 2` : 'fighting now';
  return ctx.card(fighting.card, {small: true, extra: 'fighting',
    note: `⚔ ${who}${need ? `: ${beatWords(raid, fighting)}` : ''}`});
}

function house(ctx, data, raid) {
  const side = (sign, who) => h('div', {class: 'house-side', dataset: {keys: `house:${data.house}:${sign}`},
    title: `raid house ${data.house} by ${sign === '+' ? 'Strength' : 'Stealth'}`},
  h('span', {}, sign === '+' ? '▲ Strength' : '▼ Stealth'),
  who !== null && who !== undefined ? ctx.badge(who, {bare: true}) : h('span', {class: 'muted'}, 'free'));
  // The house raided now shows the foe fought (the Sentry, or what the Banzai turned up) where the eye is
  // on the raid: the prompt and the log said it, the board did not.
  const raided = raid && raid.house === data.house ? raid : null;
  const fighting = raided && raided.fighting;
  // A raid past its Sentry has beaten it (the raid is over when the Sentry wins). The foe a Banzai turned up
  // stands in the Sentry's place, which a line says beaten: the house grows by a line, not by a card.
  let sentry = h('span', {class: 'muted'}, 'no Sentry');
  if (fighting && fighting.kind === 'sentry') sentry = foeCard(ctx, raided, fighting);
  else if (fighting) {
    sentry = h('div', {class: 'house-foe'}, h('span', {class: 'row-title'}, 'Banzai!'),
      h('span', {class: 'sentry-beaten'}, 'Sentry ✓ beaten'), foeCard(ctx, raided, fighting));
  } else if (data.sentry) sentry = ctx.card(data.sentry, {small: true, note: raided ? 'Sentry ✓ beaten' : 'Sentry'});
  return h('div', {class: ['house-tile', raided && 'raided'], dataset: {house: data.house}},
    h('div', {class: 'house-head'}, h('strong', {}, `House ${data.house}`), ' ',
      h('span', {class: 'tag'}, `${data.clan} ${data.value}`)),
    raided ? h('div', {class: 'raid-tag'}, '⚔ Raid by ', ctx.badge(raided.seat, {bare: true}),
      ` (${raided.side})`) : null,
    sentry,
    h('div', {class: 'house-loot'}, treasures(data.treasure)),
    h('div', {class: 'house-sides'}, side('+', data.strength), side('-', data.stealth)));
}

/** A foe of the raid met before the one fought now, as a word: "✓ Guard 4 (alarm)" beaten, "✗ ..." the winner. */
function foeChip(code, won) {
  const name = catalogueCard(GAME, code).name;
  return h('span', {class: ['foe-chip', won && 'won'], dataset: {code}, title: `${name}: ${won ? 'won the fight'
    : 'beaten'}`}, won ? `✗ ${name} won the fight` : `✓ ${name}`);
}

/** The raid under way: the raider, the foe fought now (its card) and what beats it, the treasure on its
 * shuriken, and the guards turned up before it (beaten, or the one that won) and an Elite that won, in words:
 * as tall with a Banzai's guards as without, no higher than the room its place keeps (see raidPlace). */
function raidSection(ctx, raid) {
  const fighting = raid.fighting;
  const beaten = raid.beaten === undefined ? raid.guards.length : raid.beaten;
  // The Guard fought now is the foe's card: the words list the ones before it.
  const before = fighting && fighting.kind === 'guard' ? raid.guards.slice(0, beaten) : raid.guards;
  const part = (title, ...content) => h('div', {class: 'raid-part'}, h('span', {class: 'row-title'}, title),
    content);
  const words = h('div', {class: 'raid-words'},
    fighting ? part('Fighting now', h('span', {}, `${fighting.foe}: ${beatWords(raid, fighting)}`)) : null,
    part('On the shuriken', treasures(raid.shuriken, (token) => `loot:${token}`)),
    before.length ? part(before.length > beaten ? 'Guards turned up' : 'Guards beaten',
      h('span', {class: 'raid-guards'}, before.map((code, i) => foeChip(code, i >= beaten)))) : null,
    raid.elite && !(fighting && fighting.kind === 'elite') ? part('Elite', foeChip(raid.elite, true)) : null);
  return h('section', {class: 'raid'},
    h('h3', {}, emblem('sword', 16), ` Raid: ${who(ctx, raid.seat)} on house ${raid.house} by ${raid.side}`),
    fighting ? h('div', {class: 'raid-foe'}, foeCard(ctx, raid, fighting, false), words) : words);
}

/**
 * The raid's place, at the top of the board right under its facts, where the eye is while a fight is chosen
 * (the box came after the clan scoring, a scroll away): the raid under way, or, between raids, a line saying
 * none is, in a box holding the room of a raid's; so the houses and all below keep still when a raid starts
 * and ends. Nothing once the game is over.
 */
function raidPlace(ctx, raid) {
  if (over(ctx) && !raid) return null;
  // Between raids the room kept for one (the houses below do not jump when a raid starts) tells the last raid and
  // how it ended, or, before the first, what will show there.
  const last = raid ? null : lastFromLog(ctx, /^P\d+ attacks house \d/);
  return h('div', {class: 'raid-place'}, raid ? raidSection(ctx, raid)
    : h('section', {class: 'raid raid-none'},
      h('h3', {}, emblem('sword', 16), last ? ' Last raid' : ' No raid yet'),
      last || h('p', {class: 'muted'}, 'A raid on a house shows here: the foe fought and what beats it, the '
        + 'treasure on the shuriken, the guards turned up.')));
}

function seat(ctx, data, s) {
  const mine = s === ctx.seat;
  const rows = [
    h('div', {class: 'seat-line'}, counter('Honour', data.honour), counter('Shuriken left', data.shuriken),
      counter('Dojo cards', data.cards)),
    h('div', {class: 'seat-line'}, h('span', {class: 'row-title'}, 'Treasure'), treasures(data.treasure)),
    over(ctx) && Array.isArray(data.hand) && !mine ? revealRow(ctx, s, 'Dojo cards, revealed', data.hand) : null,
    !over(ctx) && data.known.length && !mine
      ? cardRow('Known in hand', data.known.map((v) => ctx.card(String(v), {small: true}))) : null,
    data.tiles.length ? cardRow('Tiles', data.tiles.map((tile) => ctx.card(codeOf('tile', tile), {small: true,
      keys: mine ? `my-tile:${codeOf('tile', tile)}` : null,
      note: data.used.includes(codeOf('tile', tile)) ? 'used' : null}))) : null,
    data.envoys.length ? cardRow('Envoys', data.envoys.map((e) => ctx.card(codeOf('envoy', e), {small: true,
      keys: mine ? `my-envoy:${e}` : null, note: numberOf(e), member: e}))) : null,
    data.rumors.length ? cardRow('Rumors', data.rumors.map((r) => ctx.card(codeOf('rumor', r), {small: true,
      note: numberOf(r, 'rumor'), member: r}))) : null,
    data.elites.length ? cardRow('Elites defeated', data.elites.map((e) => ctx.card(e, {small: true}))) : null,
  ];
  return seatPanel(ctx, s, rows);
}

/** The phases in words (the view's codes; "disguise" is the scoring's Hensojutsu step, on masked Envoys). */
const PHASE_WORDS = {play: 'play', disguise: 'scoring: Hensojutsu on masked Envoys', clans: 'scoring the clans',
  over: 'the end'};

/** What a Sensei tile on offer costs, as its prompt says: "costs a 5", "costs any card", "free". */
function tileCost(tile) {
  if (!tile.includes('@')) return 'free';
  const cost = tile.split('@')[1];
  return cost === '?' ? 'costs any card' : `costs a ${cost}`;
}

/** The clan scoring to come: after which round, and each clan in its order with its house points and who
 * holds its Envoys (what decides who takes them). */
function clanScoring(ctx) {
  const clans = ctx.view.clans;
  if (!clans) return null;
  const title = over(ctx) ? 'Clan scoring (the last was after round 7)'
    : `Clan scoring after round ${clans.after_round}`;
  const rows = clans.order.map((clan) => h('li', {},
    h('strong', {}, clan.clan), `: ${plural(clan.points, 'house point')}; Envoys: `,
    clan.envoys.length ? clan.envoys.map((entry, i) => h('span', {}, i ? ', ' : '',
      ctx.badge(entry.seat, {bare: true}), ` ${plural(entry.count, 'Envoy')} (oldest from year ${entry.oldest_year})`))
      : 'none'));
  return h('section', {class: 'place clan-scoring'}, h('h3', {}, emblem('element', 16), ` ${title}`),
    h('ol', {}, rows),
    h('p', {class: 'muted'}, `The clans score after rounds ${clans.rounds.slice(0, -1).join(', ')} and `
      + `${clans.rounds.at(-1)}, in this order: who holds most of a clan's Envoys (one under a Hensojutsu `
      + 'tile counts twice; a tie goes to the oldest, from the earliest year) takes its house points or a free face-up '
      + 'Rumor, the second the other.'));
}

/**
 * Your Dojo cards, one card per value with how many you hold ("×5"): a Dojo card is its value alone, and twelve of
 * them, drawn one by one, took two rows of the docked hand over the board late in a game. A card stands for the
 * value (its keys, ``card:2``, are the same for every copy), so a click plays one of them as before.
 */
function handCards(ctx, values) {
  const counts = new Map();
  for (const v of [...values].sort((a, b) => a - b)) counts.set(v, (counts.get(v) || 0) + 1);
  return [...counts].map(([v, count]) => {
    const card = ctx.card(String(v), {keys: `card:${v}`, note: count > 1 ? `×${count}` : null});
    card.dataset.count = String(count);
    return card;
  });
}

/** The board. */
export function render(ctx) {
  const view = ctx.view;
  const facts = h('div', {class: 'ninjato-facts'}, counter('Round', `${view.round}/${view.rounds}`),
    h('span', {class: 'tag'}, `Phase: ${PHASE_WORDS[view.phase] || view.phase}`),
    h('span', {class: 'tag'}, 'Order: ', view.order.map((s) => ctx.badge(s, {bare: true}))),
    counter('Bag', view.bag), counter('Guards', view.guards.deck), counter('Elites', view.elites.deck));
  const houses = h('div', {class: 'houses'}, view.houses.map((data) => house(ctx, data, view.raid)));
  const dojo = h('section', {class: 'place', dataset: {keys: 'dojo'}, title: 'the Dojo'},
    h('h3', {}, emblem('sword', 16), ' Dojo'), placed(ctx, view.dojo.stack),
    h('div', {class: 'row-cards'}, view.dojo.up.map((v) => ctx.card(String(v), {small: true, keys: `dojo:${v}`})),
      h('div', {class: 'pile', dataset: {keys: 'dojo:deck'}},
        ctx.back({small: true, label: `deck ${view.dojo.deck}`}))),
    h('div', {class: 'muted'}, `discarded: ${view.dojo.discard.length}`));
  const sensei = h('section', {class: 'place'}, h('h3', {}, emblem('mask', 16), ' Sensei'),
    placed(ctx, view.sensei.seats),
    h('div', {class: 'row-cards'}, view.sensei.offer.length ? view.sensei.offer.map((tile) => ctx.card(
      codeOf('tile', tile), {small: true, keys: `tile:${tile}`,
        note: tileCost(tile)})) : h('span', {class: 'row-empty'},
      'nothing on offer')),
    h('div', {class: 'muted place-foot'}, `Hensojutsu left: ${view.sensei.hensojutsu_left}`));
  // How many shuriken the place still takes this round, of how many ("spots: 3" said neither).
  const spotsLine = (place) => h('div', {class: 'muted place-foot place-spots'},
    `${Math.max(0, place.spots - place.seats.length)} of ${place.spots} spots free this round`);
  const pavilion = h('section', {class: 'place'}, h('h3', {}, emblem('scroll', 16), ' Pavilion'),
    placed(ctx, view.pavilion.seats),
    h('div', {class: 'row-cards'}, view.pavilion.rumors.map((r) => ctx.card(codeOf('rumor', r), {small: true,
      keys: `rumor:${r}`, note: numberOf(r, 'rumor'), member: r}))),
    spotsLine(view.pavilion));
  const palace = h('section', {class: 'place'}, h('h3', {}, emblem('element', 16), ' Palace'),
    placed(ctx, view.palace.seats),
    h('div', {class: 'row-cards'}, view.palace.envoys.map((e) => ctx.card(codeOf('envoy', e), {small: true,
      keys: `envoy:${e}`, note: numberOf(e), member: e}))),
    spotsLine(view.palace));
  const parts = [facts, raidPlace(ctx, view.raid), houses, h('div', {class: 'places'}, dojo, sensei, pavilion,
    palace), clanScoring(ctx)];
  const seats = view.seats.map((data, s) => seat(ctx, data, s));
  parts.push(h('div', {class: 'others'}, seats.filter((_, s) => s !== ctx.seat)));
  if (ctx.seat !== null && ctx.seat !== undefined) {
    const hand = cardRow(ctx.yours('Dojo cards'), handCards(ctx, view.hand || []), {extra: 'hand', empty: 'no cards'});
    parts.push(h('div', {class: 'my-area'}, seats[ctx.seat],
      over(ctx) ? h('div', {class: 'revealed', dataset: {reveal: ctx.seat}}, hand) : hand));
  }
  return h('div', {class: 'board-ninjato'}, parts);
}
