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

// A thing drawn with data-mine shows what this page's own seat just drew (Of Knights and Ninjas' draft card):
// what another seat's move led to there is not that seat's move on the board.
const TRACKED = '[data-keys]:not([data-mine]), [data-code]:not([data-mine])';
// What is drawn inside data-own (in a seat's panel) only ever changes with that seat's own cards put there by the
// game (Ninja Trap's discard pile, filled with every seat's move card and flipped trap at the end of a turn).
const OWN = '[data-own]';

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

/**
 * What a thing says, but the "to act" tags (whose turn it is changes with every move, not the thing) and a
 * card's short text (a card drawn small leaves it out: a pile's top card covered by a new one is unchanged).
 */
function textOf(el) {
  let text = el.textContent;
  for (const tag of el.querySelectorAll('.to-act-tag, .card-short')) text = text.replace(tag.textContent, '');
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Where a thing is: the tracked things it is in, and the seat's panel. Like cards of different seats' panels
 * are never counted together: P1's pile gaining a Buko moved the count of every Buko drawn after it (P3's),
 * and the last of them, P3's older Buko, read as the one that appeared (and took P3's badge).
 */
function pathOf(el, board) {
  const parts = [];
  for (let node = el; node && node !== board; node = node.parentElement) {
    if (node.matches(TRACKED)) parts.push(node.dataset.keys || `code:${node.dataset.code}`);
    if (node.dataset.seatPanel !== undefined) parts.push(`seat:${node.dataset.seatPanel}`);
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

/**
 * The seats the new log lines start with, in order (``P1 plays ...``), each once: those of top-level
 * lines (``top``), or of every line, nested ones too (a draw inside an Event: ``  P0 draws 1 card``).
 */
export function movers(newLines, top = true) {
  const seats = [];
  for (const line of newLines) {
    const match = (top ? /^P(\d{1,2})\b/ : /^\s*P(\d{1,2})\b/).exec(line);
    if (match && !seats.includes(Number(match[1]))) seats.push(Number(match[1]));
  }
  return seats;
}

/**
 * Whose move changed each thing: ``{id: seat}``, ``null`` for a change no one seat is known to have
 * made. ``seats`` are the seats of the new log lines, the one who acted first (then those its action
 * made act or drew for: a turn passed on, a card drawn at the start of the next turn); ``toAct`` the
 * seats asked before the change (the one who acted, or everyone in a stage chosen at once); ``named``
 * every seat a new line names first, nested lines too (``seats`` by default).
 *
 * A thing in a seat's panel is that seat's when the seat has a line of its own (it drew, it played) or
 * was asked (its own choice in a stage chosen at once), else the mover's (a steal from it, an attack on
 * it). A thing on the shared board is the mover's when one seat was asked; when several chose at once
 * (a stage revealed) it is nobody's in particular: marked, with no seat's label, rather than put on the
 * first of them. A thing drawn in data-own is always its panel's seat's: the last seat to move did not put
 * it there (Ninja Trap's discards were badged with the one seat left to flip a trap, or the one that flipped).
 */
export function owners(after, ids, seats, toAct, named = seats) {
  const asked = toAct || [];
  const actor = seats.length ? seats[0] : (asked.length === 1 ? asked[0] : null);
  const together = asked.length > 1;
  const found = new Map();
  for (const id of ids) {
    const el = after.get(id).el;
    const panel = el.closest('[data-seat-panel]');
    const seat = panel ? Number(panel.dataset.seatPanel) : null;
    const own = seat !== null && panel.contains(el.closest(OWN));
    if (seat !== null && (own || named.includes(seat) || asked.includes(seat))) found.set(id, seat);
    else found.set(id, together ? null : actor);
  }
  return found;
}

/**
 * The marks of the seats' last moves on a board. ``record(before, after, lines, toAct)`` after a new
 * state; ``apply(board, fresh)`` after each drawing (``fresh``: the state is new, so its move pulses).
 * The page's own seat (``mine``) is not marked, nor anything in its own panel: its player knows what
 * they did and what they hold, and its mark would read as the highlight of what may be clicked.
 */
export class LastMoves {
  constructor() {
    this.mine = null; // the page's own seat (set by the page before each record)
    this.bySeat = new Map(); // seat (or "any") -> {ids, serial}
    this.serial = 0;
  }

  record(before, after, lines, toAct) {
    const ids = changed(before, after);
    if (!ids.length) return;
    const seats = movers(lines);
    if (!seats.length && !(toAct && toAct.length)) return;
    this.serial += 1;
    const groups = new Map();
    // The mover from the top-level lines; a panel is its seat's own also when a nested line names it.
    for (const [id, seat] of owners(after, ids, seats, toAct, movers(lines, false))) {
      if (seat !== null && seat === this.mine) continue;
      // Nor what changed in your own panel: you know your cards, and a card you drew would otherwise
      // carry the badge of whoever moved last (your draw's line is yours alone, naming no seat).
      if (this.yours(after.get(id).el)) continue;
      const key = seat === null ? 'any' : seat;
      if (!groups.has(key)) groups.set(key, new Set());
      groups.get(key).add(id);
    }
    // A seat's mark lasts until it moves again; an unattributed one until the next change.
    this.bySeat.delete('any');
    for (const seat of [...seats, ...(toAct || [])]) this.bySeat.delete(seat);
    for (const [key, group] of groups) this.bySeat.set(key, {ids: group, serial: this.serial});
  }

  apply(board, fresh) {
    const now = snapshot(board);
    const marks = [...this.bySeat.entries()].sort((a, b) => a[1].serial - b[1].serial);
    for (const [seat, move] of marks) {
      for (const id of move.ids) {
        const found = now.get(id);
        // A thing is found again by where it is and how many like it come before it: after a redrawing the
        // same place may be in your own panel (a card gone from a rival's, the next like it yours).
        if (!found || this.yours(found.el)) continue;
        const el = found.el;
        el.classList.add('last-move');
        if (seat === 'any') {
          delete el.dataset.movedBy;
          el.style.setProperty('--moved-colour', 'var(--muted)');
        } else {
          el.dataset.movedBy = `P${seat}`;
          el.style.setProperty('--moved-colour', SEAT_COLOURS[seat % SEAT_COLOURS.length]);
        }
        if (getComputedStyle(el).position === 'static') el.classList.add('last-move-anchor');
        badgeCard(el);
        if (fresh && move.serial === this.serial) el.classList.add('just-moved');
      }
    }
  }

  clear() {
    this.bySeat.clear();
  }

  /** Whether a thing is in this page's own hand or panel, which is never marked. */
  yours(el) {
    if (el.closest('.card-row.hand')) return true;
    const panel = el.closest('[data-seat-panel]');
    return this.mine !== null && panel !== null && Number(panel.dataset.seatPanel) === this.mine;
  }
}

/**
 * A card's badge (P1...) in its top row, between its value and its emblem, taking its own room there: drawn
 * over the card (its ::before) it sat on a value of two digits ("10"). Said to screen readers by the card's
 * help, not here.
 */
function badgeCard(el) {
  const top = el.classList.contains('card') ? el.querySelector(':scope > .card-top') : null;
  if (!top) return;
  let badge = top.querySelector(':scope > .moved-badge');
  if (!el.dataset.movedBy) {
    if (badge) badge.remove();
    el.classList.remove('badged');
    return;
  }
  if (!badge) {
    badge = document.createElement('span');
    badge.className = 'moved-badge';
    badge.setAttribute('aria-hidden', 'true');
    top.firstElementChild.after(badge);
  }
  badge.textContent = el.dataset.movedBy;
  el.classList.add('badged');
}

/**
 * The log lines since this seat's last move. ``mark`` is the log's length when it last chose (0: not
 * known, e.g. after the page was loaded): the lines from there on, but the first ones that are its own
 * move (a line that starts with its label, at any depth, with the lines nested under it up to another
 * seat's answer to it, or a line addressed to it). Without a mark, the lines after the last top-level
 * line that starts with its label.
 * A line of its own after others' (a card drawn at the start of its next turn) does not cut the others'
 * moves from the digest, nor do others' lines nested under the same parent as its own (a scoring in
 * which it played its part). From ``news`` on nothing is skipped: what its choice in a stage chosen at
 * once led to (everyone's choices revealed together), or what a choice answered for it did.
 */
export function sinceLastTurn(lines, seat, mark = 0, news = Infinity) {
  const own = new RegExp(`^P${seat}\\b`);
  const other = /^P\d+\b/;
  const indent = (line) => line.length - line.trimStart().length;
  const skipOwn = (from) => {
    let at = from;
    let depth = -1; // the indentation of the own line being skipped: the lines nested deeper go with it
    while (at < lines.length && at < news) {
      const text = lines[at].trimStart();
      if (own.test(text) || /^your?\b/i.test(text)) {
        depth = depth < 0 ? indent(lines[at]) : Math.min(depth, indent(lines[at]));
      } else if (depth < 0 || indent(lines[at]) <= depth || other.test(text)) {
        // (another seat's line nested under your move is its answer to it, made after you chose: news)
        break;
      }
      at += 1;
    }
    return at;
  };
  let start = 0;
  if (mark > 0) {
    start = skipOwn(Math.min(mark, lines.length));
  } else {
    for (let i = 0; i < lines.length; i += 1) {
      if (own.test(lines[i])) start = skipOwn(i);
    }
  }
  // Lines nested under a line before the start (an answer to an attack) come with that line, for sense.
  if (start < lines.length && /^\s/.test(lines[start])) {
    while (start > 0 && /^\s/.test(lines[start])) start -= 1;
  }
  return lines.slice(start).filter((line) => line && line.trim());
}

/**
 * The digest's title for ``lines`` (from :func:`sinceLastTurn`) of ``seat``: "So far" before its first
 * choice (``acted`` false); "Since your last turn" when another seat has moved since (a line of the log's
 * top level in its name: its turn, its move); else "Since your last choice": in the middle of its own turn
 * the lines are what its own last choice led to, and no turn of anyone has passed.
 */
export function digestTitle(lines, seat, acted) {
  if (!acted) return 'So far';
  const other = /^P(\d+)\b/;
  const moved = lines.some((line) => {
    const found = /^\S/.test(line) ? other.exec(line) : null;
    return found && Number(found[1]) !== seat;
  });
  return moved ? 'Since your last turn' : 'Since your last choice';
}

/**
 * The digest's lines (``lines`` from :func:`sinceLastTurn`) cut to the last ``limit``: {parent, skipped,
 * shown, earlier}. A cut inside a line's nested lines keeps that line (``parent``: "P1 attacks house 4"
 * over "P1 is defeated"), ``skipped`` the nested lines left out between it and the first shown;
 * ``earlier`` counts the lines left out before (the parent's and those between not included). With
 * ``keep`` (a test of a line), the earlier lines it passes are ``kept`` all the same, in order, a nested
 * one with the line it belongs to (what happened to you is never cut: "P1 attacks P0 with a Dragon").
 */
export function digestLines(lines, limit = 8, keep = null) {
  const start = Math.max(0, lines.length - limit);
  const shown = lines.slice(start);
  const indent = (line) => line.length - line.trimStart().length;
  let parent = null;
  let skipped = 0;
  let before = start; // the lines before this index are left out (but ``kept``)
  if (start > 0 && indent(shown[0]) > 0) {
    let at = start - 1;
    while (at > 0 && indent(lines[at]) >= indent(shown[0])) at -= 1;
    if (indent(lines[at]) < indent(shown[0])) {
      parent = lines[at];
      skipped = start - at - 1;
      before = at;
    }
  }
  // The earlier lines ``keep`` asks for (what happened to you), each nested one with the line it belongs to.
  const kept = [];
  if (keep) {
    let top = -1; // the last top-level line taken
    for (let at = 0; at < before; at += 1) {
      if (!keep(lines[at])) continue;
      if (indent(lines[at]) > 0) {
        let up = at - 1;
        while (up > 0 && indent(lines[up]) > 0) up -= 1;
        if (up !== top && up >= 0 && indent(lines[up]) === 0) {
          kept.push(lines[up]);
          top = up;
        }
      } else {
        top = at;
      }
      kept.push(lines[at]);
    }
  }
  const earlier = before - kept.length;
  return {parent, skipped, shown, earlier, kept};
}
