// The replay viewer of a finished game: step, play and seek, from any seat's view or the spectator's.
//
// The record (GET /api/tables/{table}/record) gives the seats and the actions; the position after
// each step, as a seat saw it, comes from GET /api/tables/{table}/replay?step=N&seat=S (the server
// replays the record: the views are the engine's, the browser computes no rule). Views are cached,
// and the next one is fetched ahead while playing.

import {api} from './api.js';
import {h, replace, toast} from './dom.js';
import {gameInfo, loadCatalogue} from './catalogue.js';
import {setHelpPanel} from './cards.js';
import {actionHelpers, drawBoard, drawLog, drawResult, makeCtx} from './board.js';
import {ReviewDialog} from './review.js';
import {seatAt} from './store.js';
import {botName, givenName, labelled} from './seats.js';

const SPEEDS = [['0.5', 'fast (0.5 s)'], ['1', 'normal (1 s)'], ['2', 'slow (2 s)']];

export function openReplay(root, {tableId}) {
  const viewer = new Replay(root, tableId);
  viewer.start();
  return viewer;
}

class Replay {
  constructor(root, tableId) {
    this.root = root;
    this.tableId = tableId;
    this.step = 0;
    this.seat = null;
    this.cache = new Map();
    this.playing = false;
    this.timer = null;
    this.onKey = (event) => this.key(event);
  }

  async start() {
    replace(this.root, h('p', {class: 'muted'}, 'Loading the game…'));
    try {
      await loadCatalogue();
      this.record = await api(`/api/tables/${this.tableId}/record`, {token: this.token()});
    } catch (error) {
      replace(this.root, h('p', {class: 'tag tag-warn', role: 'alert'}, `No replay: ${error.message}`),
        h('p', {}, h('a', {href: '#/'}, 'Back to the lobby')));
      return;
    }
    this.steps = this.record.actions.length;
    this.shell();
    document.addEventListener('keydown', this.onKey);
    await this.show(this.steps);
  }

  destroy() {
    this.pause();
    document.removeEventListener('keydown', this.onKey);
    setHelpPanel(null);
    if (this.review) {
      this.review.stop();
      this.review.el.remove();
    }
  }

  /** The seat token this browser held at the table, if any: a private table's or one without spectators'
   * record and replays are for its seats (and watch-key holders) alone. */
  token() {
    const held = seatAt(this.tableId);
    return held ? held.token : null;
  }

  /** The review of this game: the seat this browser held there at once, else a seat the viewer chooses. */
  openReview() {
    const held = seatAt(this.tableId);
    if (!this.review) {
      const ctx = makeCtx({gameId: this.record.game, view: {}, seat: held ? held.seat : null,
        seats: this.record.seats || []});
      this.review = new ReviewDialog({tableId: this.tableId, ctx, players: this.record.players,
        token: held ? held.token : null});
    }
    this.review.open(held ? held.seat : null);
  }

  /** The seats as they were played at the record's action ``index`` (0 first): a seat that changed hands
   * later in the game (a player left, a bot took over) was its earlier player's then (``seat_history``). */
  seatsAt(index) {
    const history = this.record.seat_history || [];
    return (this.record.seats || []).map((entry) => {
      const earlier = history.find((change) => change.seat === entry.seat && change.until > index);
      return earlier ? {seat: entry.seat, type: earlier.type, name: earlier.name} : entry;
    });
  }

  /** A seat's name after its label at the action ``index`` (the end by default), as the table and the board
   * call it: "Ann", or "(medium bot)" for a bot. */
  name(seat, index = this.steps) {
    const entry = this.seatsAt(index)[seat];
    if (entry && entry.type === 'bot') return botName(entry);
    return givenName(entry, seat); // ('' for a seat nobody named: its label alone, as at the table)
  }

  /** Everyone who played a seat, in turn: "Ann, then (medium bot)". */
  players(seat) {
    const names = [];
    for (const change of (this.record.seat_history || []).filter((entry) => entry.seat === seat)) {
      names.push(this.name(seat, change.until - 1));
    }
    names.push(this.name(seat));
    const players = names.filter((name, i) => i === 0 || name !== names[i - 1]);
    return players.length > 1 ? players.map((name) => name || 'a player').join(', then ') : players[0];
  }

  shell() {
    const game = gameInfo(this.record.game);
    this.seatSelect = h('select', {id: 'replay-seat', onchange: () => {
      this.seat = this.seatSelect.value === '' ? null : Number(this.seatSelect.value);
      this.show(this.step);
    }}, h('option', {value: ''}, 'the spectators (what everyone saw)'),
    Array.from({length: this.record.players}, (_, s) => h('option', {value: s}, labelled(s, this.players(s)))));
    this.slider = h('input', {id: 'replay-seek', type: 'range', min: 0, max: this.steps, value: this.steps,
      'aria-label': 'seek to a step', oninput: () => this.show(Number(this.slider.value))});
    this.playButton = h('button', {type: 'button', id: 'replay-play', onclick: () => this.toggle()}, '▶ Play');
    this.speed = h('select', {id: 'replay-speed', 'aria-label': 'speed'},
      SPEEDS.map(([value, label]) => h('option', {value, selected: value === '1'}, label)));
    this.where = h('p', {class: 'replay-where', 'aria-live': 'polite'});
    this.board = h('section', {class: 'board', 'aria-label': 'board'});
    this.log = h('section', {class: 'log'});
    this.help = h('section', {class: 'card-help'},
      h('p', {class: 'muted'}, 'Point at or focus a card to read its full text.'));
    this.end = h('div', {class: 'end-slot'});
    setHelpPanel(this.help);
    const button = (label, title, step) => h('button', {type: 'button', title, 'aria-label': title,
      onclick: () => this.show(step())}, label);
    replace(this.root, h('div', {class: 'replay-page'},
      h('header', {class: 'table-head'}, h('h1', {class: 'table-title'},
        `Replay: ${game ? game.title : this.record.game} · table ${this.tableId}`),
      h('p', {}, h('a', {href: '#/'}, 'Lobby'), ' ',
        h('button', {type: 'button', id: 'open-review', 'aria-haspopup': 'dialog', onclick: () => this.openReview()},
          '✎ Review the decisions'))),
      h('div', {class: 'replay-controls', role: 'group', 'aria-label': 'replay controls'},
        h('label', {for: 'replay-seat'}, 'Seen by '), this.seatSelect,
        button('⇤', 'to the start', () => 0), button('◀', 'one step back (←)', () => this.step - 1),
        this.playButton, button('▶|', 'one step forward (→)', () => this.step + 1),
        button('⇥', 'to the end', () => this.steps), this.slider, this.speed),
      this.where,
      this.end,
      h('div', {class: 'table-layout'}, this.board,
        h('aside', {class: 'side'}, this.help, h('details', {class: 'log-box', open: true},
          h('summary', {}, 'Log'), this.log)))));
  }

  key(event) {
    if (event.target && ['INPUT', 'SELECT', 'TEXTAREA'].includes(event.target.tagName)
        && event.target !== this.slider) return;
    if (event.key === 'ArrowRight' && event.target !== this.slider) this.show(this.step + 1);
    else if (event.key === 'ArrowLeft' && event.target !== this.slider) this.show(this.step - 1);
    else if (event.key === ' ' && event.target === document.body) {
      event.preventDefault();
      this.toggle();
    }
  }

  async fetchStep(step, seat) {
    const key = `${seat}:${step}`;
    if (!this.cache.has(key)) {
      const query = seat === null ? `step=${step}` : `step=${step}&seat=${seat}`;
      const promise = api(`/api/tables/${this.tableId}/replay?${query}`, {token: this.token()});
      this.cache.set(key, promise);
      promise.catch(() => this.cache.delete(key));
    }
    return this.cache.get(key);
  }

  async show(step) {
    step = Math.max(0, Math.min(this.steps, step));
    this.step = step;
    this.slider.value = String(step);
    const seat = this.seat;
    let frame;
    try {
      frame = await this.fetchStep(step, seat);
    } catch (error) {
      this.pause();
      if (error.status === 404 && error.code === 'not_found') {
        this.unsupported();
      } else {
        toast(`This step could not be loaded: ${error.message}`, 'error');
      }
      return;
    }
    if (step !== this.step || seat !== this.seat) return; // a later request won
    this.draw(frame);
    if (this.playing) {
      this.fetchStep(Math.min(this.steps, step + 1), seat).catch(() => {});
    }
  }

  draw(frame) {
    // "You" only for the seat this browser held at the table, when its view is the one shown.
    const held = seatAt(this.tableId);
    const ctx = makeCtx({gameId: this.record.game, view: frame.view, seat: this.seat, legal: [], decision: null,
      toAct: frame.view.waiting_for || [], seats: this.seatsAt(Math.max(frame.step - 1, 0)),
      you: held && held.seat === this.seat ? this.seat : null});
    const helpers = actionHelpers(this.record.game, () => ctx);
    const last = frame.action;
    // The engine's words for the choice told of its player (the server's ``told``: "Flip their trap 2"), else
    // the page's own reading of the action.
    const said = last ? frame.told || frame.label || helpers.describe(last[1]) : '';
    // Quoted; the names as the live table wrote them, here and in the log.
    // A choice made out of this viewer's sight (a simultaneous one, a concealed answer) is told as it was
    // seen: that a choice was made, its effects in the log when they came.
    const caption = !last ? ' · the deal'
      : frame.secret ? ` · ${ctx.player(last[0])} chose in secret (seen: only what followed from it)`
        : ` · ${ctx.player(last[0])} chose “${ctx.words(said)}”`;
    replace(this.where, h('strong', {}, `Step ${frame.step} of ${frame.steps}`), caption);
    this.where.dataset.action = last ? last[1] : '';  // the notation, for tools and tests (never shown)
    this.root.dataset.step = String(frame.step);
    replace(this.board, drawBoard(ctx));
    replace(this.log, drawLog(frame.view.log || [], ctx.words));
    this.log.scrollTop = this.log.scrollHeight;
    replace(this.end, frame.view.result && frame.step === frame.steps
      ? drawResult(frame.view, ctx) : null);
  }

  /** A server without the replay endpoint: the record's actions as a list, and the final position. */
  async unsupported() {
    replace(this.where, h('span', {class: 'tag tag-warn'},
      'This server cannot show each step (it has no /replay endpoint): the actions and the final position follow.'));
    replace(this.log, h('ol', {class: 'log-lines'}, this.record.actions.map(([seat, action], index) =>
      h('li', {}, `${labelled(seat, this.name(seat, index))}: ${action}`))));
    try {
      const state = await api(`/api/tables/${this.tableId}/view`);
      const ctx = makeCtx({gameId: this.record.game, view: state.view, seat: null, seats: state.seats});
      replace(this.board, drawBoard(ctx));
    } catch (error) {
      replace(this.board, h('p', {class: 'muted'}, error.message));
    }
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  play() {
    if (this.step >= this.steps) this.show(0);
    this.playing = true;
    this.playButton.textContent = '❚❚ Pause';
    const tick = async () => {
      if (!this.playing) return;
      if (this.step >= this.steps) {
        this.pause();
        return;
      }
      await this.show(this.step + 1);
      this.timer = setTimeout(tick, Number(this.speed.value) * 1000);
    };
    this.timer = setTimeout(tick, Number(this.speed.value) * 1000);
  }

  pause() {
    this.playing = false;
    clearTimeout(this.timer);
    if (this.playButton) this.playButton.textContent = '▶ Play';
  }
}
