// The rules at hand on the table page: a dialog with the game's rules as the server sends them (the
// catalogue's `rules`) and its cards, and a popover with a card's full text next to the card under the
// pointer or the keyboard focus. On a touch screen the first tap on a card, or on any piece of the board
// a tap would act on (a secret to steal, a hand to pick, the deck), shows what it is and what a tap does,
// and a second tap on the same piece does it (a finger has no "pointing at", and a tap that acts at once
// would steal before the player has read which secret it was).

import {cornerOf} from './cards.js';
import {h, replace} from './dom.js';

/**
 * The game's cards in play, one entry per distinct card (the decks repeat a card under several codes).
 * ``sets``: the sets (expansions) the table plays with (a card is in play when each set it needs is);
 * null when not known (every card is listed).
 */
function distinctCards(game, sets) {
  const seen = new Map();
  const inPlay = (card) => !sets || (card.needs || []).every((name) => sets.includes(name));
  for (const card of (game.cards || []).filter(inPlay)) {
    const key = `${card.name}\u0000${card.text}`;
    if (seen.has(key)) seen.get(key).codes.push(card.code);
    else seen.set(key, {...card, codes: [card.code]});
  }
  return [...seen.values()];
}

/** The rules dialog of a game (a <dialog>, opened with showModal()), with the cards of ``sets`` (see above). */
export function rulesDialog(game, sets = null) {
  const cards = distinctCards(game, sets);
  const expansions = (game.options || []).find((option) => option.name === 'expansions');
  const setName = (name) => {
    const at = expansions ? expansions.choices.indexOf(name) : -1;
    return at >= 0 && expansions.choice_labels ? expansions.choice_labels[at] : name;
  };
  const close = h('button', {type: 'button', class: 'rules-close', 'aria-label': 'close the rules'}, '✕ Close');
  // What each expansion adds, only for the sets in play (every set's when they are not known).
  const added = (game.set_rules || []).filter((entry) => !sets || sets.includes(entry.set));
  const paragraphs = [String(game.rules || 'No rules text.'), ...added.map((entry) => entry.text)]
    .flatMap((text) => text.split(/\n\s*\n/))
    .map((text) => h('p', {class: 'rules-text'}, unwrap(text.trim())));
  const dialog = h('dialog', {class: 'rules-dialog', 'aria-labelledby': 'rules-title'},
    h('header', {class: 'rules-head'}, h('h2', {id: 'rules-title'}, `How to play ${game.title}`), close),
    game.summary ? h('p', {class: 'rules-summary'}, game.summary) : null,
    h('section', {class: 'rules-body', 'aria-label': 'rules'}, paragraphs),
    cards.length ? h('section', {class: 'rules-cards', 'aria-label': 'the cards'},
      // The count is of different cards (a card the deck holds several copies of counts once), said so.
      // The sets are named only where the table picks them (an expansions option): Of Knights and Ninjas' cards
      // left out of its 2-player game are no expansion anybody chose.
      h('h3', {}, expansions && sets && sets.length ? `The cards of this game, with ${sets.map(setName).join(', ')}: `
        + `${cards.length} different cards` : `The cards of this game: ${cards.length} different cards`),
      h('dl', {class: 'rules-card-list'}, cards.map((card) => [
        // The card's name only: its typing codes are the terminal's business (kept in data-code).
        h('dt', {dataset: {code: card.codes[0]}}, card.name),
        h('dd', {}, card.text || card.short)]))) : null);
  close.addEventListener('click', () => dialog.close());
  // A click on the backdrop (outside the dialog's box) closes it too.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  return dialog;
}

/**
 * The rules text is written for a terminal, its lines wrapped under 80 characters: a wrapped line is
 * joined to the next, a short line (a break meant), an indented line (a table), a list item ("- ...",
 * "1. ...") or a line of typing codes ("a:6c ...") keeps its own line; but a list item's indented
 * lines are the item's own, wrapped, and are joined to it.
 */
function unwrap(text) {
  const marker = /^(- |\* |\d+[.)] )/;
  const lines = text.split('\n');
  const out = [lines[0]];
  let previous = lines[0]; // the line before, as written (its length tells whether it was wrapped)
  let item = marker.test(lines[0]); // whether the line being built is a list item
  for (const line of lines.slice(1)) {
    const continues = item && /^ {2,4}\S/.test(line);
    const wrapped = previous.length >= 60 && !/:$/.test(previous) && !/^\s/.test(previous) && !/^\s/.test(line)
      && !marker.test(line) && !/^[a-z]{1,3}[:\d.]/.test(line);
    if (continues || wrapped) {
      out[out.length - 1] = `${out[out.length - 1]} ${line.trim()}`;
    } else {
      out.push(line);
      item = marker.test(line);
    }
    previous = line;
  }
  return out.join('\n');
}

/**
 * The popover of full card texts over a board. ``infoOf(code, member)`` gives a card's {code, name, text,
 * short, value} (``member``: which card of a family it is, its data-member). ``doesOf(piece)``: what a
 * tap on a piece of the board would do (the picker's preview: {take} or {actions, sends}, the actions in
 * words), or null. ``attach(board)`` after each redraw of the board.
 */
export class CardPopover {
  constructor(infoOf, doesOf = () => null) {
    this.infoOf = infoOf;
    this.doesOf = doesOf;
    this.el = h('div', {class: 'card-pop', id: 'card-pop', role: 'tooltip', hidden: true});
    this.shownFid = null; // the card whose text is shown (its data-fid or code)
    this.touch = false; // whether the last pointer was a finger
    this.shownBefore = null;
    this.shownVia = null; // how the text shown came: 'pointer' (a mouse over its card), 'focus' or 'tap'
    this.pointer = null; // where the mouse was last seen over the board (client coordinates)
    // After a click that acts on the board, no text shows again until the pointer moves or a key is pressed:
    // the redraw that follows would bring it back over the board (the focus put back on a card, a card of
    // the same name now in a discard pile, a card that came under a pointer that did not move).
    this.quiet = false;
    // Whether something over the board (the result's dialog) hides it: a card's text would be drawn over it.
    this.covered = () => false;
  }

  /** Listen on the element the boards are drawn in (once: it outlives every redraw). */
  listen(root) {
    root.addEventListener('pointerdown', (event) => {
      this.touch = event.pointerType === 'touch';
      this.quiet = false;
      // What was shown before this tap (the tap's focus shows its card before the click comes).
      // Only a tap's showing counts (a browser may send a mouse "over" before a tap).
      this.shownBefore = this.shownVia === 'tap' ? this.shownFid : null;
    }, true);
    root.addEventListener('pointerover', (event) => {
      if (event.pointerType === 'touch') return;
      this.pointer = {x: event.clientX, y: event.clientY};
      if (this.quiet) return;
      const card = cardOf(event.target);
      if (card) this.show(card);
    });
    root.addEventListener('pointermove', (event) => {
      if (event.pointerType === 'touch') return;
      this.pointer = {x: event.clientX, y: event.clientY};
      if (!this.quiet) return;
      this.quiet = false;
      const card = cardOf(event.target);
      if (card) this.show(card);
    });
    // The pointer leaving a card closes its text, unless the keyboard's focus is on that card (a card a
    // mouse clicked has the focus too, but not the keyboard's: its text goes with the pointer).
    root.addEventListener('pointerout', (event) => {
      if (event.pointerType === 'touch') return;
      const card = cardOf(event.target);
      if (card && !card.contains(event.relatedTarget) && !card.matches(':focus-visible')) this.hide();
    });
    root.addEventListener('focusin', (event) => {
      const card = cardOf(event.target);
      if (card && !this.quiet) this.show(card, 'focus');
    });
    root.addEventListener('focusout', () => this.hide());
    // Captured before the piece's own click (which selects it, or sends what it settles): a finger's first
    // tap only shows what the piece is and what a tap on it does.
    root.addEventListener('click', (event) => {
      // A click with no pointer behind it (``detail`` 0: Enter or Space on a focused piece, a screen
      // reader's activation) acts at once, even on a touch screen: it was not a finger's first tap.
      const card = tappedOf(event.target);
      if (!card) return;
      if (this.touch && event.detail !== 0 && this.shownBefore !== idOf(card)) {
        this.shownBefore = idOf(card);
        event.stopPropagation();
        event.preventDefault();
        this.show(card, 'tap');
        return;
      }
      // A click that acts (a mouse's, the keyboard's, a finger's second tap): the text has been read, and
      // the board it covers is about to change.
      this.hide();
      this.quiet = true;
    }, true);
    root.addEventListener('keydown', (event) => {
      this.quiet = false;
      if (event.key === 'Escape') this.hide();
    });
  }

  /** Make the board's cards reachable by the keyboard (a card nobody may click is still read). */
  attach(board) {
    for (const card of board.querySelectorAll('.card[data-code]')) {
      if (!card.hasAttribute('tabindex')) card.tabIndex = 0;
      card.setAttribute('aria-describedby', 'card-pop');
    }
    if (this.shownFid) {
      const again = [...board.querySelectorAll('.card[data-code], [data-fid]')]
        .find((card) => idOf(card) === this.shownFid);
      // A text the mouse brought stays only while the mouse is still over its card: a redraw moves the cards
      // under a pointer that does not move, and no "pointerout" comes from a card taken away (a Dojo card's
      // text stayed over the board through the moves that followed, the pointer long elsewhere).
      const under = again && this.shownVia === 'pointer' && this.pointer
        ? document.elementFromPoint(this.pointer.x, this.pointer.y) : null;
      if (again && (this.shownVia !== 'pointer' || !this.pointer || (under && again.contains(under)))) {
        this.place(again);
      } else {
        this.hide();
      }
    }
  }

  show(card, via = 'pointer') {
    if (this.covered()) {
      this.hide();
      return;
    }
    this.shownVia = via;
    // What acting on it does: a finger's second tap, a mouse's click, the keyboard's Enter (a click that
    // discards the card at once must not come as a surprise).
    const piece = card.closest('[data-keys].actionable, [data-keys].selected') || card;
    const hint = this.touch && via === 'tap' ? this.tapHint(piece)
      : this.touch ? null : this.tapHint(piece, via === 'focus' ? 'Press Enter' : 'Click');
    if (card.dataset.code) {
      const info = this.infoOf(card.dataset.code, card.dataset.member || null);
      // Its number as the game calls it ("value 6"; Of Knights and Ninjas' "strength 2"), unless the text
      // says it first already ("Value 6. Play it...").
      const {word, number} = cornerOf(info);
      const text = info.text || info.short || '';
      const said = number !== null && text.startsWith(`${word} ${number}`);
      replace(this.el, h('strong', {}, info.name),
        number !== null && !said ? h('span', {class: 'pop-value'}, ` · ${word.toLowerCase()} ${number}`) : null,
        h('p', {}, text), hint);
    } else {
      // A piece with no text of its own (a face-down secret, a seat's hand, the deck): what it is, by its title.
      const what = card.getAttribute('title') || card.getAttribute('aria-label') || card.textContent.trim();
      // A sentence's first letter up ("the deck": "The deck"), but not a square's name ("a4: Ambush", as the
      // grid and the choices write it).
      const head = !what || /^[a-z]+\d/.test(what) ? what : what[0].toUpperCase() + what.slice(1);
      replace(this.el, h('strong', {}, head || 'This piece'), hint);
    }
    this.el.hidden = false;
    this.shownFid = idOf(card);
    this.place(card);
  }

  /** Next to the card: below it, or above when the screen ends; kept inside the viewport. */
  place(card) {
    const box = card.getBoundingClientRect();
    const pop = this.el;
    const width = Math.min(320, window.innerWidth - 16);
    pop.style.width = `${width}px`;
    const left = Math.max(8, Math.min(box.left, window.innerWidth - width - 8));
    const height = pop.offsetHeight;
    const below = box.bottom + 6 + height <= window.innerHeight || box.top - height - 6 < 0;
    pop.style.left = `${left + window.scrollX}px`;
    pop.style.top = `${(below ? box.bottom + 6 : box.top - height - 6) + window.scrollY}px`;
  }

  hide() {
    this.el.hidden = true;
    this.shownFid = null;
  }

  /** What acting on a piece does, in words, said with ``verb`` (a second tap, a click, Enter; null when it
   * does nothing). */
  tapHint(piece, verb = 'Tap again') {
    const does = piece.matches('[data-keys].actionable, [data-keys].selected')
      ? this.doesOf(piece) : null;
    if (!does) return null;
    if (does.take) return h('p', {class: 'pop-hint'}, `${verb} to take it back.`);
    const {actions, sends} = does;
    if (!actions.length) return null;
    // (no second stop after a choice that ends with its own: "Flip your trap laid on turn 1 and call TRAP!")
    const stop = /[.!?…]$/.test(actions[0]) ? '' : '.';
    if (sends) return h('p', {class: 'pop-hint'}, `${verb} to do it: ${actions[0]}${stop}`);
    const shown = actions.slice(0, 4);
    return h('div', {class: 'pop-hint'},
      h('p', {}, actions.length > 1 ? `${verb} to choose it, then pick one of ${actions.length} ways:`
        : `${verb} to choose it, then confirm:`),
      h('ul', {}, shown.map((words) => h('li', {}, words)),
        actions.length > shown.length ? h('li', {}, `… ${actions.length - shown.length} more`) : null));
  }
}

function cardOf(target) {
  return target && target.closest ? target.closest('.board .card[data-code]') : null;
}

/**
 * What a tap lands on: the piece it would act on (its nearest ancestor a click would select, the discard
 * pile around a card of it say), else the face-up card whose text it shows.
 */
function tappedOf(target) {
  if (!target || !target.closest) return null;
  return target.closest('.board [data-keys].actionable, .board [data-keys].selected') || cardOf(target);
}

function idOf(card) {
  return card.dataset.fid || `code:${card.dataset.code}`;
}
