// What the table page and the replay viewer share: the context a game's board is drawn from, the
// board itself (or the raw view for a game this client cannot draw), the log and the end screen.

import {gameInfo} from './catalogue.js';
import {h} from './dom.js';
import {drawBack, drawCard} from './cards.js';
import {botName, givenName, seatBadge} from './seats.js';
import {boardOf} from './games/index.js';

/** The context a game module draws from (see games/common.js). */
/**
 * What a board is drawn with. ``seat`` is whose view it is; ``you`` the seat this page's person holds, the one
 * called "you" ("Your hand", the *you* tag): the same at the table, in a replay only when the person held the
 * seat shown (another seat's view is that seat's, "P1's hand").
 */
export function makeCtx({gameId, view, seat, legal = [], decision = null, toAct = [], seats = [], you = seat}) {
  const mod = boardOf(gameId);
  // A person's name, but not the one the server gives a seat nobody named (seats.js givenName).
  const given = (s) => givenName(seats[s], s);
  // The name after a seat's label (P1 ...): a person's name, or "(easy bot)" for a bot; '' for a seat unnamed.
  const name = (s) => (seats[s] && seats[s].type === 'bot' ? botName(seats[s]) : given(s));
  // One name per player in every text the engine writes (it names seats P<n>): a person's name, or
  // "P2 (medium bot)" for a bot, or P<n> for a seat nobody has taken or named.
  const player = (s) => {
    const info = seats[s];
    if (info && info.type === 'bot') return `P${s} ${botName(info)}`;
    return given(s) || `P${s}`;
  };
  // A bot's possessive keeps its short label ("P1's trap", not "P1 (expert bot)'s trap"); a bot's label the text
  // follows with words in brackets shares them ("P2 (medium bot, 22 points)", not "P2 (medium bot) (22 points)").
  const words = (text) => String(text).replace(/\bP(\d{1,2})\b(?:('s)\b| \()?/g, (whole, n, owner) => {
    const info = seats[Number(n)];
    if (!info) return whole;
    if (info.type === 'bot' && owner) return `P${n}'s`;
    if (info.type === 'bot' && whole.endsWith(' (')) return `P${n} ${botName(info).slice(0, -1)}, `;
    return `${player(Number(n))}${whole.slice(`P${n}`.length)}`;
  });
  return {
    gameId, view, seat, you, legal, decision, toAct: new Set(toAct), seats, name, player, words,
    badge: (s, options = {}) => seatBadge(s, options.bare ? null : name(s), {you: !options.bare && s === you}),
    // "Your hand", or whose it is when the view shown is another seat's ("P1's hand", "Bo's hand").
    yours: (noun) => (seat === you ? `Your ${noun}`
      : `${seats[seat] && seats[seat].type === 'bot' ? `P${seat}` : player(seat)}'s ${noun}`),
    // The options reach the game's cardInfo too: a card of a family may tell which one it is (its ``member``).
    card: (code, options = {}) => drawCard(mod ? mod.cardInfo(code, {...options, view})
      : {code, name: code, short: '', text: ''}, options),
    back: (options) => drawBack(options),
  };
}

/** The board of a view; a game with no board module shows its view as text (still playable by the list). */
export function drawBoard(ctx) {
  const mod = boardOf(ctx.gameId);
  if (!mod) {
    return h('pre', {class: 'raw-view'}, JSON.stringify(ctx.view, null, 2));
  }
  try {
    return mod.render(ctx);
  } catch (error) {
    // A view this client does not understand must not blank the page: show it raw, and say so.
    console.error(error);
    return h('div', {}, h('p', {class: 'tag tag-warn'}, `This board could not be drawn (${error.message}); the view:`),
      h('pre', {class: 'raw-view'}, JSON.stringify(ctx.view, null, 2)));
  }
}

/** The keys and the words of an action, from the game's module (or none, and the action itself). */
export function actionHelpers(gameId, ctxOf) {
  const mod = boardOf(gameId);
  return {
    keysOf: (action) => (mod ? mod.keys(action, ctxOf()) : []),
    // How a long list of choices folds (picker.js actionList), where the game says: its groups' labels, or null.
    groupOf: mod && mod.group ? (action) => {
      try {
        return mod.group(action, ctxOf());
      } catch {
        return null;
      }
    } : null,
    describe: (action) => {
      if (!mod) return action;
      try {
        return mod.describe(action, ctxOf());
      } catch {
        return action;
      }
    },
  };
}

/**
 * The log as this seat may see it; a line's leading spaces nest it under the line before. Only the lines at
 * the left edge are numbered: a nested line is part of the entry above it (a probe read "12. P1 draws" under
 * "11. P1 plays Katana" as two events).
 */
export function drawLog(lines, words = (text) => text) {
  let number = 0;
  return h('ol', {class: 'log-lines'}, lines.map((line) => {
    const depth = Math.floor((line.length - line.trimStart().length) / 2);
    if (depth > 0) return h('li', {class: 'log-sub', style: `--depth: ${depth}`}, words(line.trim()));
    number += 1;
    return h('li', {value: number, style: '--depth: 0'}, words(line.trim()));
  }));
}

/**
 * The end screen: who won and why (the engine's reason, with the table's names), each seat's score
 * counted line by line as the rulebook counts it (the view's score_lines; the last line is the
 * total), highest score first, winners marked with a trophy AND the word, and the ``actions``
 * (rematch, replay, lobby...). ``floating``: a dialog fixed in the middle of the viewport, where the
 * player is looking, whatever the scroll; ``onClose`` is called by Escape and by its close button.
 */
export function drawResult(view, ctx, {actions = [], floating = false, onClose = null} = {}) {
  const result = view.result;
  const lines = Array.isArray(view.score_lines) ? view.score_lines : [];
  const winners = new Set(result.winners);
  // Winners first (a Ninjitsu! winner may have fewer points than a rival: the first to start a turn
  // at the target wins), then by score.
  const rows = result.scores.map((score, seat) => ({seat, score}))
    .sort((a, b) => Number(winners.has(b.seat)) - Number(winners.has(a.seat)) || b.score - a.score);
  // What the numbers count ("Points", "Gems"); a game only won or lost (Ninja Trap) has none to show.
  const scoreName = typeof view.score_name === 'string' ? view.score_name : 'Score';
  // A count that only says the score again (Of Knights and Ninjas: "Gems held: 7") is no column of its own
  // beside the score's (the catalogue's score_counted).
  const game = gameInfo(ctx.gameId);
  const counted = !(game && game.score_counted === false) && lines.some((seatLines) => seatLines && seatLines.length);
  const names = result.winners.map((s) => ctx.player(s));
  const headline = names.length ? `${names.join(' and ')} ${names.length > 1 ? 'win' : 'wins'}` : 'No winner';
  // The engine's reason names the winners already ("P1 is the last ninja standing and wins"): then it is the
  // headline, under a title that does not say their names a second time.
  const reasonText = String(result.reason || '');
  const worded = reasonWords(result, ctx);
  const reasonNames = names.length > 0 && result.winners.every((s) => namesSeat(reasonText, s));
  const titleId = `end-title-${Math.random().toString(36).slice(2, 8)}`;
  const title = h('h2', {class: 'end-title', id: titleId, tabindex: '-1', dataset: {fid: 'end:title'}},
    reasonNames ? '■ Game over' : ['■ Game over: ', headline]);
  const close = onClose ? h('button', {type: 'button', class: 'end-close quiet', 'aria-label': 'close the result',
    title: 'close (Esc)', dataset: {fid: 'end:x'}, onclick: onClose}, '✕') : null;
  const panel = h('section', {class: ['end-screen', floating && 'end-floating'], role: 'dialog',
    'aria-labelledby': titleId, 'aria-describedby': `${titleId}-why`, 'aria-modal': floating ? 'true' : null},
  h('header', {class: 'end-head'}, title, close),
  h('p', {class: ['reason', reasonNames && 'reason-lead'], id: `${titleId}-why`}, reasonNames
    ? leadSentence(worded, reasonText, result.winners) : worded),
  h('table', {class: 'scores'},
    h('thead', {}, h('tr', {}, h('th', {scope: 'col'}, 'Seat'), scoreName ? h('th', {scope: 'col'}, scoreName) : null,
      counted || !scoreName ? h('th', {scope: 'col'}, counted ? (scoreName ? 'How it is counted' : 'How it ended') : '')
        : null)),
    h('tbody', {}, rows.map(({seat, score}) => h('tr', {class: winners.has(seat) ? 'winner' : null,
      dataset: {seat}},
    h('td', {class: 'end-seat'}, ctx.badge(seat, {bare: false}),
      winners.has(seat) ? h('span', {class: 'tag tag-ok'}, '★ winner') : null),
    scoreName ? h('td', {class: 'score'}, formatScore(score)) : null,
    counted || !scoreName ? h('td', {class: 'score-lines'}, counted && (lines[seat] || []).length
      ? h('ul', {}, lines[seat].map((line, i) => h('li', {class: i === lines[seat].length - 1 ? 'total' : null},
        ctx.words(line))))
      : null) : null)))),
  h('div', {class: 'end-actions'}, actions));
  if (onClose) {
    panel.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') onClose();
    });
  }
  // Floating over the board, the result keeps the keyboard's focus as a modal dialog does: Tab past its last
  // button comes back to its first (the cards under it cannot be seen, and their pop-ups would cover it).
  if (floating) panel.addEventListener('keydown', (event) => keepFocusIn(panel, event));
  return panel;
}

/**
 * Why the game ended, as a sentence. A game stopped at its length limit: the engine's reason says so already, and
 * names the option as the terminal types it ("(option max_length)"), which a player here never sees.
 */
export function reasonWords(result, ctx) {
  let reason = String(ctx.words(result.reason));
  if (result.truncated) {
    reason = reason.replace(/ \(option max_length\)/, '');
    if (!/maximum length/.test(reason)) reason += ' (stopped at the maximum length)';
  }
  reason = reason.charAt(0).toUpperCase() + reason.slice(1);
  return /[.!?]$/.test(reason) ? reason : `${reason}.`;
}

/** Whether the engine's ``text`` names seat ``seat`` (its label, ``P1``). */
function namesSeat(text, seat) {
  return new RegExp(`\\bP${seat}\\b`).test(text);
}

/**
 * A reason that names the winners, as the result's headline: the sentence that names them in bold ("All players
 * have passed. **P1 wins with 49 points; Ann has 34 points.**"), the others as they are. ``raw`` is the engine's
 * reason, whose P<n> find that sentence (the names put in its words contain no sentence's end).
 */
function leadSentence(reason, raw, winners) {
  const split = (text) => text.split(/(?<=[.!?]) /);
  const sentences = split(reason);
  const rawSentences = split(raw);
  let lead = rawSentences.findIndex((sentence) => winners.some((s) => namesSeat(sentence, s)));
  if (lead < 0 || rawSentences.length !== sentences.length) lead = 0;
  return sentences.flatMap((sentence, i) => [i ? ' ' : null, i === lead ? h('strong', {}, sentence) : sentence]);
}

/** Tab and Shift+Tab at the ends of ``box`` wrap round inside it (a focus trap for a dialog drawn by hand). */
export function keepFocusIn(box, event) {
  if (event.key !== 'Tab') return;
  const stops = [...box.querySelectorAll('a[href], button:not([disabled]), [tabindex="0"], input, select')]
    .filter((el) => el.offsetParent !== null || el === document.activeElement);
  if (!stops.length) return;
  const first = stops[0];
  const last = stops[stops.length - 1];
  const inside = box.contains(document.activeElement);
  if (event.shiftKey && (document.activeElement === first || !inside || document.activeElement === box
      || document.activeElement.tabIndex < 0)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}

/** A score as a number is written: 11, not 11.0; a fraction (a tie-break) as it is. */
function formatScore(score) {
  return Number.isInteger(score) ? String(score) : String(Number(score.toFixed(3)));
}
