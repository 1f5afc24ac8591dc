// Cards drawn by us: a framed box with the value (or the strength...) in the corner, the name, the short
// text (no typing code: the browser is played by clicking) and a small SVG emblem of the card's kind. The kind is
// always written out (TRAP, ACTION...) beside its emblem, so colour is never the only cue. The full
// text shows in the card help panel when a card is pointed at or focused, and in its tooltip.

import {h} from './dom.js';

const EMBLEMS = {
  // A four-pointed shuriken: cards played for an action.
  shuriken: 'M12 1 14 10 23 12 14 14 12 23 10 14 1 12 10 10Z M12 9.5a2.5 2.5 0 1 0 .01 0Z',
  // A cut gem: cards worth points.
  gem: 'M6 3h12l4 6-10 13L2 9Z M2 9h20 M9 3l3 6 3-6 M12 9v13',
  // A warning triangle: traps.
  trap: 'M12 2 23 21H1Z M11 8h2v7h-2Z M11 17h2v2h-2Z',
  // A lightning bolt: "any time" cards, answers out of turn.
  bolt: 'M14 1 4 14h7l-2 9 11-14h-7Z',
  // A cloud: Weather.
  cloud: 'M7 19a5 5 0 0 1-.5-10A7 7 0 0 1 20 10a4.5 4.5 0 0 1-1 9Z',
  // A spiral: Events.
  swirl: 'M12 3a9 9 0 1 0 9 9h-3a6 6 0 1 1-6-6 3 3 0 1 1-3 3H6a6 6 0 1 0 6-6Z',
  // A circle split in two: an Element's side.
  element: 'M12 2a10 10 0 1 0 .01 0Z M12 2a5 5 0 0 0 0 10 5 5 0 0 1 0 10',
  // A sword: attacks.
  sword: 'M20 2 22 4 10 16 8 14Z M7 13l4 4-2 2-1.5-1.5L4 21l-1-1 3.5-3.5L5 15Z',
  // A shield: fortifications and responses.
  shield: 'M12 2 21 5v6c0 6-4 10-9 12-5-2-9-6-9-12V5Z',
  // A mask: special actions and wild cards.
  mask: 'M3 6c6-2 12-2 18 0 0 8-4 13-9 13S3 14 3 6Z M7 10h4v2H7Z M13 10h4v2h-4Z',
  // A house roof: rooms.
  room: 'M12 2 23 11h-3v10H4V11H1Z M10 21v-6h4v6',
  // Footsteps: moves.
  steps: 'M7 3c2 0 3 2 3 5s-1 5-3 5-3-2-3-5 1-5 3-5Z M17 9c2 0 3 2 3 5s-1 5-3 5-3-2-3-5 1-5 3-5Z',
  // A scroll: everything else.
  scroll: 'M5 3h13a3 3 0 0 1 0 6h-1v12H6a3 3 0 0 1 0-6h1V3 M5 15a1.5 1.5 0 0 0 0 3',
};

/** The SVG emblem of a kind (decorative). */
export function emblem(name, size = 22) {
  const svg = h('svg:svg', {class: 'emblem', viewBox: '0 0 24 24', width: size, height: size, 'aria-hidden': 'true'});
  svg.append(h('svg:path', {d: EMBLEMS[name] || EMBLEMS.scroll, 'fill-rule': 'evenodd'}));
  return svg;
}

let helpPanel = null;

/** Where full card texts appear when a card is pointed at or focused (null: nowhere). */
export function setHelpPanel(panel) {
  helpPanel = panel;
}

/**
 * The number in a card's corner and what it is called: its ``value`` ("Value 6"), or, in a game whose cards
 * call it otherwise (``info.valueWord``: Of Knights and Ninjas' "Strength"), ``info.number``; such a card
 * has no ``value`` (what reads one, the card popover, says nothing of a value). ``number`` is null for a card
 * without one.
 */
export function cornerOf(info) {
  const number = info.valueWord ? info.number : info.value;
  return {word: info.valueWord || 'Value', number: number === null || number === undefined ? null : number};
}

function showHelp(info, card = null) {
  if (!helpPanel) return;
  // The name, never the typing code (the terminal's notation; the browser is played by clicking).
  const parts = [h('h3', {}, info.name)];
  const text = info.text || info.short || '';
  const {word, number} = cornerOf(info);
  // The number on its own line, unless the text already starts by saying it ("Value 6. Play it...").
  if (number !== null && !text.startsWith(`${word} ${number}`)) {
    parts.push(h('p', {class: 'help-value'}, `${word} ${number}`));
  }
  parts.push(h('p', {}, text));
  // Its badge (recent.js marks what each seat's last move changed), in words.
  const by = card && card.dataset.movedBy;
  if (by) parts.push(h('p', {class: 'muted help-moved'}, `Marked ${by}: ${by}'s last move changed it.`));
  helpPanel.replaceChildren(...parts);
}

const wordWidths = new Map();
let measurer = null;

/** The width of a name's longest word in ems of the page's bold font (measured once per name). */
function longestWord(name) {
  const text = String(name);
  if (!wordWidths.has(text)) {
    if (!measurer) {
      measurer = document.createElement('canvas').getContext('2d');
      measurer.font = `700 100px ${getComputedStyle(document.documentElement).fontFamily}`;
    }
    // 5% to spare: the canvas and the page may round differently.
    // A line may break after a hyphen ("Go-|Shirakawa"), so the pieces between are what must fit.
    const widest = Math.max(...text.split(/\s+|(?<=-)/).map((word) => measurer.measureText(word).width / 100));
    wordWidths.set(text, Math.max(4, widest * 1.05).toFixed(2));
  }
  return wordWidths.get(text);
}

/**
 * The circle in a card's corner: its number; a dash for a card without one, "value none" where the game speaks
 * of values, nothing said where it has a word of its own (a Castle is "without strength", not of strength none);
 * no circle in a game whose cards never carry a value (Ninja Trap's rooms).
 */
function cornerSpan(info, said, number) {
  if (info.valueless) return h('span', {class: 'card-value-none'});
  if (number !== null) return h('span', {class: 'card-value', 'aria-label': `${said} ${number}`}, String(number));
  if (info.valueWord) return h('span', {class: 'card-value', 'aria-hidden': 'true'}, '–');
  return h('span', {class: 'card-value', 'aria-label': 'value none'}, '–');
}

/**
 * A face-up card. ``info`` is {code, name, short, text, value, kind: {cls, label, emblem}} (or, for a number
 * the game calls otherwise, valueWord and number: see cornerOf);
 * options: keys (the data-keys of the things an action may act on), small, note (a line under the
 * card, e.g. "secret #0"), extra (a CSS class), member (which card of its family it is, for its text:
 * a Ninjato Rumor's "p5"). ``info.valueless``: a game whose cards never carry a value (no value circle).
 */
export function drawCard(info, {keys = null, small = false, note = null, extra = null, member = null} = {}) {
  const kind = info.kind || {cls: 'plain', label: '', emblem: 'scroll'};
  const {word, number} = cornerOf(info);
  const said = word.toLowerCase(); // "value 6", "strength 2" mid-sentence
  const title = `${info.name}${number !== null ? `, ${said} ${number}` : ''}`
    + `${kind.label ? `, ${kind.label}` : ''}: ${info.text || info.short || ''}`;
  const card = h('div', {class: ['card', `card-${kind.cls}`, small && 'card-small', extra],
    dataset: {code: info.code, keys: keys || null, member}, title},
  h('div', {class: 'card-top'},
    cornerSpan(info, said, number),
    h('span', {class: 'card-kind'}, emblem(kind.emblem, small ? 14 : 18),
      kind.label ? h('span', {class: 'card-kind-label'}, kind.label) : null)),
  // The longest word sets the name's size (see the CSS): "Highwayman" shrinks to fit, never cut.
  // "(side 1)" is kept whole on a line: "Fire (side" above "1)" misread (measured as one word, "(side_1)").
  h('div', {class: 'card-name', style: `--name-em: ${longestWord(info.name.replace(/\((side) (\d)\)/, '($1_$2)'))}`},
    info.name.replace(/\((side) (\d)\)/, '($1\u00a0$2)')),
  small ? null : h('div', {class: 'card-short'}, breakAfterSlashes(info.short)),
  note ? h('div', {class: 'card-note'}, note) : null);
  card.addEventListener('pointerenter', () => showHelp(info, card));
  card.addEventListener('focus', () => showHelp(info, card));
  return card;
}

/**
 * A card's short text with a line break allowed after each slash: on a phone's card "attack/respond"
 * breaks as "attack/" over "respond", where it was cut inside a word ("respo-nd"). A <wbr> is no text:
 * the card reads and copies as printed.
 */
function breakAfterSlashes(text) {
  const parts = String(text || '').split('/');
  return parts.map((part, number) => (number ? ['/', h('wbr', {}), part] : part));
}

/** A face-down card (a secret, a hand card of another seat, a trap): a patterned back and a label. */
export function drawBack({label = '', keys = null, small = false, title = 'a face-down card', extra = null} = {}) {
  const back = h('div', {class: ['card', 'card-back', small && 'card-small', extra], dataset: {keys: keys || null},
    title},
  h('div', {class: 'back-pattern', 'aria-hidden': 'true'}, emblem('shuriken', small ? 18 : 28)),
  label ? h('div', {class: 'card-note'}, label) : null);
  return back;
}

/** A row of cards with a heading; ``items`` are card elements (an empty row says "none"). */
export function cardRow(title, items, {extra = null, empty = 'none'} = {}) {
  return h('div', {class: ['card-row', extra]},
    title ? h('div', {class: 'row-title'}, title) : null,
    h('div', {class: 'row-cards'}, items.length ? items : h('span', {class: 'row-empty'}, empty)));
}
