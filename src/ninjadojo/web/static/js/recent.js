// What just happened, for the table page: every seat's last move marked on the board and a digest in
// words of what happened since your last turn.
//
// The board modules draw the things an action touches with data attributes (data-keys on what may be
// clicked: cards, secrets, squares, houses, piles; data-code on every face-up card). Between two
// states the page compares those things (by where they are and what they say): the ones that appeared
// or changed are what the move touched. They are marked with the mover's colour AND label (P1...),
// with a pulse that fades (the move as it happens, bots' too) and a faint mark until that seat moves
// again. No board module needs to know.

import {SEAT_COLOURS} from './seats.js';

const TRACKED = '[data-keys], [data-code]';

/** Where each tracked thing of a board is and what it says: {id: text}. */
export function snapshot(board) {
  const seen = new Map();
  const found = new Map();
  for (const el of board.querySelectorAll(TRACKED)) {
    const path = pathOf(el, board);
    const count = (seen.get(path) || 0) + 1;
    seen.set(path, count);
    found.set(`${path}#${count}`, {el, text: textOf(el)});
  }
  return found;
}

/** What a thing says, but the "to act" tags (whose turn it is changes with every move, not the thing). */
function textOf(el) {
  let text = el.textContent;
  for (const tag of el.querySelectorAll('.to-act-tag')) text = text.replace(tag.textContent, '');
  return text.replace(/\s+/g, ' ').trim();
}

function pathOf(el, board) {
  const parts = [];
  for (let node = el; node && node !== board; node = node.parentElement) {
    if (node.matches(TRACKED)) parts.push(node.dataset.keys || `code:${node.dataset.code}`);
  }
  return parts.reverse().join('>');
}

/** The ids of the things that appeared or changed between two snapshots (the innermost of them). */
export function changed(before, after) {
  const ids = [...after.keys()].filter((id) => !before.has(id) || before.get(id).text !== after.get(id).text);
  const els = new Set(ids.map((id) => after.get(id).el));
  // A seat's panel changes with the card in it: mark the card, not the whole panel.
  return ids.filter((id) => {
    const el = after.get(id).el;
    return ![...els].some((other) => other !== el && el.contains(other));
  });
}

/** Who moved between two states: the seats the new top-level log lines start with, else those asked. */
export function movers(newLines, toActBefore) {
  const seats = new Set();
  for (const line of newLines) {
    const match = /^P(\d{1,2})\b/.exec(line);
    if (match) seats.add(Number(match[1]));
  }
  if (seats.size) return [...seats];
  return [...(toActBefore || [])];
}

/**
 * The marks of the seats' last moves on a board. ``record(before, after, seats)`` after a new state;
 * ``apply(board, fresh)`` after each drawing (``fresh``: the state is new, so its move pulses).
 */
export class LastMoves {
  constructor() {
    this.bySeat = new Map(); // seat -> {ids, serial}
    this.serial = 0;
  }

  record(before, after, seats) {
    const ids = changed(before, after);
    if (!ids.length || !seats.length) return;
    this.serial += 1;
    // With several movers (a simultaneous reveal) each is marked on the whole of it.
    for (const seat of seats) this.bySeat.set(seat, {ids: new Set(ids), serial: this.serial});
  }

  apply(board, fresh) {
    const now = snapshot(board);
    const marks = [...this.bySeat.entries()].sort((a, b) => a[1].serial - b[1].serial);
    for (const [seat, move] of marks) {
      for (const id of move.ids) {
        const found = now.get(id);
        if (!found) continue;
        const el = found.el;
        el.classList.add('last-move');
        el.dataset.movedBy = `P${seat}`;
        el.style.setProperty('--moved-colour', SEAT_COLOURS[seat % SEAT_COLOURS.length]);
        if (getComputedStyle(el).position === 'static') el.classList.add('last-move-anchor');
        if (fresh && move.serial === this.serial) el.classList.add('just-moved');
      }
    }
  }

  clear() {
    this.bySeat.clear();
  }
}

/**
 * The log lines since this seat's last move: after the last top-level line that starts with its
 * label (and the lines nested under it or addressed to it), or after ``mark`` (the log's length when
 * it last acted: a simultaneous stage resolves with its last choice) when that is later.
 */
export function sinceLastTurn(lines, seat, mark = 0) {
  let start = 0;
  for (let i = 0; i < lines.length; i += 1) {
    if (new RegExp(`^P${seat}\\b`).test(lines[i])) {
      start = i + 1;
      while (start < lines.length && (/^\s/.test(lines[start]) || /^your?\b/i.test(lines[start]))) start += 1;
    }
  }
  start = Math.max(start, Math.min(mark, lines.length));
  // Lines nested under a line before the start (an answer to an attack) come with that line, for sense.
  if (start < lines.length && /^\s/.test(lines[start])) {
    while (start > 0 && /^\s/.test(lines[start])) start -= 1;
  }
  return lines.slice(start).filter((line) => line && line.trim());
}
