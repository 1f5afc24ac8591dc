// The table page: one table, live over the WebSocket (docs/server-protocol.md), as a seat or as a
// spectator. Every state message redraws the page from what it holds (view, legal actions, decision,
// seats, clocks, notes), so a reload or a reconnect restores everything: the client keeps nothing
// it cannot get back but its seat token (in localStorage). The page asks for patches: after the first
// whole state, a change may come as the RFC 6902 operations from the state it holds (docs/web.md).

import {api, ApiError, inviteLink, socketUrl} from './api.js';
import {copyText, h, plural, replace, toast} from './dom.js';
import {cardInfo, loadCatalogue, gameInfo} from './catalogue.js';
import {boardOf} from './games/index.js';
import {CardPopover, rulesDialog} from './rules.js';
import {TurnSignal} from './turn.js';
import {LastMoves, digestLines, digestTitle, sinceLastTurn, snapshot} from './recent.js';
import {setHelpPanel} from './cards.js';
import {actionHelpers, drawBoard, drawLog, drawResult, makeCtx, reasonWords} from './board.js';
import {actionList, Picker, withoutCopyNumber} from './picker.js';
import {SEAT_STATUS, botName, givenName, labelled, seatBadge} from './seats.js';
import {ChatBox} from './chat.js';
import {percent, ReviewDialog} from './review.js';
import {forgetSeat, invitesOf, keepName, keepSeat, myName, seatAt} from './store.js';
import {applyPatch} from './vendor/fast-json-patch/index.mjs';

// Close codes after which reconnecting cannot help.
const FINAL_CLOSES = {
  4401: 'Your seat token no longer works here (the seat was left or given to someone else): you are watching.',
  4403: 'This table does not allow spectators.',
  4404: 'There is no such table.',
  4429: 'The server closed the connection: too many messages.',
};

/**
 * Open a table page in ``root``. ``route`` is {tableId, seat?, token?, watch?}: an invitation link
 * brings a seat and its token (kept, then taken out of the address bar); ``watch`` spectates.
 * Returns {destroy()} for the router.
 */
export function openTable(root, route) {
  const page = new TablePage(root, route);
  page.start();
  return page;
}

class TablePage {
  constructor(root, {tableId, seat = null, token = null, watch = false, watchKey = null}) {
    this.root = root;
    this.tableId = tableId;
    this.inviteSeat = seat;
    this.inviteToken = token;
    this.watch = watch;
    this.watchKey = watchKey; // a private table's watch key (spectators need it there)
    this.socket = null;
    this.state = null; // the last state, whole or patched: {type, seq, index, view, legal, ...}
    this.heldLooks = new Map(); // this seat's one-time looks kept until its next choice (holdLooks)
    this.syncing = false; // a sync was asked for: the patches before the whole state are not for us
    this.seat = null; // the seat this connection holds (null: spectating)
    this.token = null;
    this.pending = null; // the action sent and not yet answered
    this.myAreaShownAt = Date.now(); // when showMyArea last had its say (a scroll before the table: none)
    this.counter = 0;
    this.retry = 0;
    this.closed = false;
    this.receivedAt = 0;
    this.endDismissed = false;
    this.endFocused = false;
    this.picker = new Picker({onSend: (action) => this.send(action), onChange: () => this.draw()});
    this.popover = new CardPopover((code, member) => {
      const mod = this.state && boardOf(this.state.view.game);
      if (!mod) return cardInfo(this.state ? this.state.view.game : '', code);
      return mod.cardInfo(code, {member, view: this.state.view});
    }, (piece) => {
      // What a tap on this piece would do, in the words of the list of choices (which name no copy number).
      const does = this.picker.preview(piece.dataset.keys.split(' '));
      if (!does || does.take || !this.describe) return does;
      return {...does, actions: does.actions.map((action) => withoutCopyNumber(this.describe(action)))};
    });
    this.rules = null; // the rules dialog (made when the game is known)
    this.turn = new TurnSignal();
    this.lastMoves = new LastMoves(); // every seat's last move, marked on the board
    this.drawn = null; // the last state drawn: {index, log length, to_act, snapshot of its board}
    this.myMark = 0; // the log's length when this seat last acted (what followed is news to it)
    // From here on the log is news even where it names this seat: a choice made at once with others
    // (everyone's revealed together) or answered for it (what it led to).
    this.newsFrom = Infinity;
    this.handFolded = localStorage.getItem('dojo.handFolded') === 'yes'; // the docked hand folded to a line
    this.openGroups = new Set(); // the groups of a long list of choices this player opened (picker.js actionList)
    this.autoLines = []; // the forced choices answered for this seat: {at: log position, text}
    this.autoAt = null; // the index of the state last answered for it
    this.chat = new ChatBox({send: (message) => this.sendChat(message)});
    this.review = null; // the review dialog (made when first opened, once the game is over)
    this.hint = null; // the hint asked for this seat's current decision: {index, pending, answer, error}
    // Scrolling and resizing move the hand's place: dock it or not, once a frame at most.
    this.onResize = () => {
      if (this.dockFrame || !this.state) return;
      this.dockFrame = requestAnimationFrame(() => {
        this.dockFrame = null;
        this.dockHand();
        this.markMore();
      });
    };
    this.onKey = (event) => {
      // Escape typed in a text field (the chat) is the field's, not a cancel of the board's selection.
      if (event.key === 'Escape' && !isTextField(event.target)) this.picker.cancel();
    };
  }

  async start() {
    this.shell();
    document.addEventListener('keydown', this.onKey);
    window.addEventListener('resize', this.onResize);
    window.addEventListener('scroll', this.onResize, {passive: true});
    try {
      await loadCatalogue();
    } catch (error) {
      this.fail(`The games catalogue could not be loaded: ${error.message}`);
      return;
    }
    if (this.inviteToken) await this.acceptInvitation();
    if (!this.watch) {
      const held = seatAt(this.tableId);
      this.token = held ? held.token : null;
    }
    this.connect();
    this.clockTimer = setInterval(() => this.drawClocks(), 1000);
  }

  /** An invitation link: keep its token, set our name on the seat, and take the token out of the URL. */
  async acceptInvitation() {
    // The seat this browser held here before, kept until the link's token is known to work: a wrong link
    // must not cost the player their own seat.
    const held = seatAt(this.tableId);
    this.before = held && held.token !== this.inviteToken ? held : null;
    this.untried = true;
    keepSeat(this.tableId, this.inviteSeat, this.inviteToken, null);
    history.replaceState(null, '', `#/table/${this.tableId}`);
    const name = myName();
    // No name kept in this browser (a friend's first visit): the page asks for one (see nameForm), else the
    // seat stays "Player 1" for everyone.
    this.askName = !name;
    if (!name) return;
    try {
      const summary = await api(`/api/tables/${this.tableId}`, {token: this.inviteToken});
      const seat = summary.seats[this.inviteSeat];
      if (seat && seat.status === 'invited' && seat.name !== name) {
        await api(`/api/tables/${this.tableId}/join`, {method: 'POST', body: {name, seat: this.inviteSeat},
          token: this.inviteToken});
      }
    } catch (error) {
      // The name is a nicety: the seat is ours with or without it.
      console.warn('could not set the name', error);
    }
  }

  destroy() {
    this.closed = true;
    document.removeEventListener('keydown', this.onKey);
    window.removeEventListener('resize', this.onResize);
    window.removeEventListener('scroll', this.onResize);
    cancelAnimationFrame(this.dockFrame);
    clearInterval(this.clockTimer);
    clearTimeout(this.retryTimer);
    if (this.socket) this.socket.close(1000);
    setHelpPanel(null);
    this.popover.el.remove();
    this.turn.reset();
    if (this.rules) this.rules.remove();
    if (this.review) {
      this.review.stop();
      this.review.el.remove();
    }
  }

  // ---------------------------------------------------------------- the connection

  connect() {
    if (this.closed) return;
    this.setConnection('connecting');
    const socket = new WebSocket(socketUrl(this.tableId));
    this.socket = socket;
    this.syncing = false; // a new connection's first state is whole
    socket.onopen = () => {
      const hello = {type: 'hello', patches: true};
      if (this.token) hello.token = this.token;
      else if (this.watchKey) hello.watch = this.watchKey;
      socket.send(JSON.stringify(hello));
    };
    socket.onmessage = (event) => {
      if (socket !== this.socket) return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      this.receive(message);
    };
    socket.onclose = (event) => {
      if (socket !== this.socket || this.closed) return;
      this.pending = null;
      if (FINAL_CLOSES[event.code]) {
        if (event.code === 4401 && this.token) {
          if (this.untried && this.before) {
            // The link's token was wrong: back to the seat held before it.
            keepSeat(this.tableId, this.before.seat, this.before.token, this.before.game);
            this.token = this.before.token;
            toast('That link\'s seat token holds no seat at this table: you are back in your own seat.', 'error');
          } else {
            forgetSeat(this.tableId);
            this.token = null;
            toast(this.untried ? 'That link\'s seat token holds no seat at this table (wrong, or no longer valid): '
              + 'you are watching.' : FINAL_CLOSES[event.code], 'error');
          }
          this.untried = false;
          this.before = null;
          // Still worth watching: reconnect as a spectator.
          this.retryTimer = setTimeout(() => this.connect(), 500);
          return;
        }
        this.setConnection('closed');
        if (event.code === 4404) {
          // No table at all: a page of its own, as the replay's, not an empty table's frame (its rules, its
          // log and a chat box to type into) beside the message.
          clearInterval(this.clockTimer);
          document.title = 'No such table · ninjadojo';
          replace(this.root, h('p', {class: 'tag tag-warn', role: 'alert'},
            `There is no table ‘${this.tableId}’ here: the link may be mistyped, or the table was removed.`),
          h('p', {}, h('a', {href: '#/'}, 'Back to the lobby')));
          return;
        }
        this.fail(FINAL_CLOSES[event.code]);
        return;
      }
      // A dropped connection, a restarting server (1001): back off and come back.
      this.retry += 1;
      const delay = Math.min(10000, 1000 * 2 ** Math.min(this.retry - 1, 4));
      this.setConnection('reconnecting', delay);
      this.retryTimer = setTimeout(() => this.connect(), delay);
    };
  }

  receive(message) {
    switch (message.type) {
      case 'welcome':
        this.retry = 0;
        this.seat = message.seat;
        this.chat.merge(message.chat);  // the table's last chat lines come with the welcome
        this.setConnection('connected');
        break;
      case 'state':
        this.syncing = false;
        this.untried = false; // the token, if any, was taken
        this.before = null;
        this.take(message);
        break;
      case 'patch':
        this.patch(message);
        break;
      case 'chat':
        this.chat.add(message);
        break;
      case 'ack':
        break; // the new state follows
      case 'error': {
        const sent = this.pending;
        this.pending = null;
        // Our choice came after the game had moved on (another tab of this seat, a bot or a rival quicker): it
        // was not applied, and the player is told so rather than left to wonder where the click went.
        if (message.code === 'stale' && sent && sent !== 'undo') {
          toast('The game had moved on before your choice arrived (another tab, or another player first): it was '
            + 'not made. Here is the game as it stands.', 'info');
        }
        // A dropped message may have been our sync: the next patch that does not fit asks again.
        if (message.code === 'rate_limited') this.syncing = false;
        // (A refused token, or no table before any was seen: the close that follows says what it means for
        // this page.)
        const said = message.code === 'stale' || message.code === 'bad_token'
          || (!this.state && message.code === 'unknown_table');
        if (!said) toast(message.message || message.code, 'error');
        if (this.state) this.draw();
        break;
      }
      default:
        break; // pong, and any message type a newer server adds
    }
  }

  /** Hold a new state (whole, or the held one patched) and draw it: one path for both. */
  take(state) {
    this.holdLooks(this.state, state);
    this.state = state;
    this.receivedAt = performance.now();
    this.pending = null;
    this.draw();
  }

  /**
   * One-time looks of this seat's (a Peephole or Alessio look at a secret) that left its view since the held
   * state because another player acted: the server takes a look away at any action everyone sees, so a look
   * taken on another's turn showed only while a bot thought. Kept on this page, in their place in the log,
   * until this seat's next choice (as the engine's rule takes a look away when its seat acts): nothing that
   * the page was not sent, and gone on a reload, like any memory of the table.
   */
  holdLooks(held, next) {
    if (!held || !next.view || held.table !== next.table || this.seat === null || this.seat === undefined) return;
    const before = held.view.log || [];
    const after = next.view.log || [];
    if (this.pending || after.length < before.length) {
      // Gone with this seat's own choice, or a choice taken back: nothing is held past it.
      this.heldLooks.clear();
      return;
    }
    for (let at = 0; at < before.length; at += 1) {
      if (isGoneLook(after[at]) && !isGoneLook(before[at]) && !this.heldLooks.has(at)) {
        this.heldLooks.set(at, before[at]);
      }
    }
  }

  /** The log as this page shows it: the server's, with the looks held (``holdLooks``) in their place. */
  logShown() {
    const log = this.state.view.log || [];
    if (!this.heldLooks.size) return log;
    return log.map((line, at) => (this.heldLooks.has(at) && isGoneLook(line)
      ? `${this.heldLooks.get(at)} ${HELD_LOOK}` : line));
  }

  /**
   * A patch: the operations that turn the state held (its ``seq`` is the patch's ``from``) into state
   * ``seq``. Applied to a copy, so that a patch that fails leaves the held state whole; a patch from
   * another state than the held one, or one that fails, asks for the whole state (``sync``) and the page
   * keeps showing the held state until it comes.
   */
  patch(message) {
    if (this.syncing) return; // patches sent before the server read our sync: the whole state follows
    const held = this.state;
    let next = null;
    if (held && held.seq === message.from && Array.isArray(message.ops)) {
      try {
        next = applyPatch(structuredClone(held), message.ops, false, true).newDocument;
      } catch (error) {
        console.warn('a state patch failed; asking for the whole state', error);
        next = null;
      }
    }
    if (!next || typeof next !== 'object') {
      this.sync();
      return;
    }
    next.seq = message.seq;
    // The log lines new with the held state are not new any more (the page draws the log from view.log).
    delete next.log_new;
    this.take(next);
  }

  /** Ask for the whole state (the page lost track of the patches); patches until it comes are dropped. */
  sync() {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return;
    this.syncing = true;
    this.socket.send(JSON.stringify({type: 'sync'}));
  }

  /** Send a chat message (the table checks who sends it; its answer is a chat message or an error). */
  sendChat(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return;
    this.counter += 1;
    this.socket.send(JSON.stringify({...message, id: `chat-${this.counter}`}));
  }

  send(action) {
    if (!this.state || !this.socket || this.socket.readyState !== WebSocket.OPEN || this.pending) return;
    this.counter += 1;
    this.pending = action;
    this.chooserFrom = null; // a chooser closed by a choice made: the focus does not go back to its card
    this.myMark = (this.state.view.log || []).length;
    this.heldLooks.clear(); // a one-time look goes when its seat chooses
    // Kept for a reload: this seat has made a choice at this table (the digest's title says "since your
    // last turn" from then on, "so far" before, whatever the set-up's lines say of the seat).
    localStorage.setItem(this.actedKey(), 'yes');
    const together = this.state.decision && this.state.decision.simultaneous;
    this.newsFrom = together ? this.myMark : Infinity;
    this.socket.send(JSON.stringify({type: 'act', action, index: this.state.index, id: `c-${this.counter}`}));
    this.draw();
  }

  /**
   * What the rules let you do at any time for free (Ninjitsu!'s rearranging of your secrets), whoever
   * is to act: folded away under one line, kept open across redraws once opened. Null when there is none.
   */
  freeChoices(state, ctx) {
    const free = state.free || {};
    const actions = Object.keys(free);
    if (this.seat === null || !actions.length) return null;
    const enabled = state.status === 'playing' && !this.pending;
    const details = h('details', {class: 'free-choices', open: Boolean(this.freeOpen),
      ontoggle: () => { this.freeOpen = details.open; }},
    h('summary', {dataset: {fid: 'free-summary'}}, `At any time, for free (${actions.length})`),
    h('p', {class: 'muted'},
      'These cost nothing and never end a turn; they are offered between actions, whoever’s turn it is.'),
    h('ul', {class: 'action-list'}, actions.map((action) => h('li', {},
      h('button', {type: 'button', class: 'action action-free', disabled: !enabled,
        dataset: {action, fid: `free:${action}`}, onclick: () => this.sendFree(action)},
      h('span', {class: 'action-words'}, ctx.words(free[action])))))));
    return details;
  }

  /** Where this browser keeps that this seat has made a choice at this table (the digest's title). */
  actedKey() {
    return `dojo.acted.${this.tableId}.${this.seat}`;
  }

  /** A free action: sent like any action, but it is not a turn of yours ("Since your last turn" stays). */
  sendFree(action) {
    if (!this.state || !this.socket || this.socket.readyState !== WebSocket.OPEN || this.pending) return;
    this.counter += 1;
    this.pending = action;
    this.socket.send(JSON.stringify({type: 'act', action, index: this.state.index, id: `c-${this.counter}`}));
    this.draw();
  }

  undo() {
    if (!this.state || !this.socket || this.socket.readyState !== WebSocket.OPEN || this.pending) return;
    this.counter += 1;
    this.pending = 'undo';
    this.socket.send(JSON.stringify({type: 'undo', index: this.state.index, id: `c-${this.counter}`}));
  }

  // ---------------------------------------------------------------- drawing

  shell() {
    this.el = {
      title: h('h1', {class: 'table-title'}, 'Table'),
      rulesButton: h('button', {type: 'button', class: 'rules-open', id: 'open-rules', disabled: true,
        'aria-haspopup': 'dialog', onclick: () => this.openRules()}, '? Rules'),
      status: h('span', {class: 'status'}),
      conn: h('span', {class: 'conn', role: 'status'}),
      who: h('p', {class: 'who'}),
      hintsNote: h('p', {class: 'hints-note', hidden: true}),
      seats: h('ul', {class: 'seats-bar', 'aria-label': 'seats'}),
      board: h('section', {class: 'board', 'aria-label': 'board'}),
      end: h('div', {class: 'end-slot'}),
      prompt: h('section', {class: 'prompt', 'aria-live': 'polite', tabindex: '-1'}),
      chooser: h('div', {class: 'chooser-slot'}),
      actions: h('section', {class: 'actions', 'aria-label': 'all your choices'}),
      tools: h('div', {class: 'tools'}),
      help: h('section', {class: 'card-help', 'aria-live': 'polite'},
        h('p', {class: 'muted'}, 'Point at or focus a card to read its full text. A seat’s badge on a thing '
        + '(P1) marks what that seat’s last move changed.')),
      log: h('section', {class: 'log', 'aria-label': 'log'}),
      notes: h('section', {class: 'notes'}),
    };
    setHelpPanel(this.el.help);
    // On a phone the prompt is a box of at most a third of the screen that scrolls: it says when there is more.
    this.el.promptArea = h('div', {class: 'prompt-area'}, this.el.prompt, this.el.chooser);
    this.el.promptArea.addEventListener('scroll', () => this.markMore(), {passive: true});
    // The sign that more of the prompt is below sits under its box, not on it: drawn over the box's bottom
    // edge it covered what scrolled there (a chooser's Cancel). A tap on it scrolls the box a screenful.
    // Its label sits on a strip as wide as the box (see the CSS): the page scrolled under the box, the label
    // alone would be drawn over the page's text (the choices').
    this.el.moreSign = h('div', {class: 'more-sign', 'aria-hidden': 'true', hidden: true, onclick: () => {
      this.el.promptArea.scrollBy({top: this.el.promptArea.clientHeight * 0.8, behavior: 'smooth'});
    }}, h('span', {class: 'more-sign-label'}, '▾ more below: scroll'));
    // What sticks to the top of a phone's screen: the prompt's box and its sign.
    this.el.promptDock = h('div', {class: 'prompt-dock'}, this.el.promptArea, this.el.moreSign);
    // For the keyboard: the first Tab offers to jump over the board (every card of it a tab stop) to the prompt.
    const skip = h('a', {class: 'skip-link', href: '#', onclick: (event) => {
      event.preventDefault();
      this.el.prompt.focus();
    }}, 'Skip the board: to the prompt and the choices');
    replace(this.root, h('div', {class: 'table-page'}, skip,
      h('header', {class: 'table-head'}, this.el.title, this.el.rulesButton, this.el.status, this.el.conn, this.el.who,
        this.el.hintsNote),
      this.el.seats,
      this.el.end,
      h('div', {class: 'table-layout'},
        this.el.board,
        h('aside', {class: 'side'}, this.el.promptDock,
          this.el.actions, this.el.tools, this.el.help,
          h('details', {class: 'log-box', open: true}, h('summary', {}, 'Log'), this.el.log), this.el.notes,
          this.chat.el))));
    document.body.append(this.popover.el);
    // The board dimmed behind the result's dialog still takes the pointer: its cards' texts covered the result.
    this.popover.covered = () => Boolean(this.el.end.querySelector('.end-floating'));
    this.popover.listen(this.el.board);
  }

  /** Why this seat has nothing to choose, where the state says (null: it is simply not its turn). */
  nothingToChoose(state) {
    if (state.status === 'finished') return 'The game is over: nothing more to choose.';
    const mine = (state.seats || []).find((seat) => seat.seat === this.seat);
    const clock = state.clock && (state.clock.seats || []).find((seat) => seat.seat === this.seat);
    // A seat out of time on a game clock is played by the table's time-out bot from then on.
    if (mine && mine.type === 'human' && clock && state.clock.mode === 'game' && clock.remaining !== null
      && clock.remaining <= 0) {
      return 'Your time has run out: a bot plays your seat from now on.';
    }
    // Free moves (Ninjitsu!'s rearranging of your secrets) are listed just below: "Nothing to choose now" above
    // them read as a contradiction.
    if (Object.keys(state.free || {}).length) return 'Nothing to choose now but the free moves below.';
    return null;
  }

  /** Open the rules dialog of this table's game (made once, from the catalogue's rules and cards). */
  async openRules() {
    const game = this.state && gameInfo(this.state.view.game);
    if (!game) return;
    if (!this.rules) {
      // The sets this table plays with (its summary), for the cards in play; every card when not known.
      let sets = null;
      try {
        const summary = await api(`/api/tables/${this.tableId}`,
          {token: this.token, watch: this.token ? null : this.watchKey});
        sets = Array.isArray(summary.sets) ? summary.sets : null;
      } catch {
        sets = null;
      }
      if (this.rules || this.closed) return;
      this.rules = rulesDialog(game, sets);
      document.body.append(this.rules);
    }
    this.rules.showModal();
  }

  setConnection(kind, delay) {
    if (!this.el) return;
    const words = {connecting: '◌ connecting…', connected: '● connected', closed: '✖ disconnected',
      reconnecting: `◌ connection lost: reconnecting in ${Math.round((delay || 0) / 1000)} s…`};
    this.el.conn.textContent = words[kind] || kind;
    this.el.conn.className = `conn conn-${kind}`;
    this.chat.setEnabled(kind === 'connected');
    this.root.dataset.connection = kind;
  }

  fail(message) {
    replace(this.el.prompt, h('p', {class: 'tag tag-warn', role: 'alert'}, message),
      h('p', {}, h('a', {href: '#/'}, 'Back to the lobby')));
  }

  ctx() {
    const state = this.state;
    // While the table waits for its players nobody may act: no seat is shown "to act" (the engine's first
    // seat would be).
    let toAct = state.status === 'waiting' ? [] : state.to_act;
    // Your own choice in at a simultaneous stage: you are no longer to act, on your own page. (The table shows
    // every seat of the stage waited for until all have chosen, so that nobody learns who has; you know.)
    if (state.view.submitted === true) toAct = toAct.filter((each) => each !== this.seat);
    return makeCtx({gameId: state.view.game, view: state.view, seat: this.seat, legal: state.legal,
      decision: state.decision, toAct, seats: state.seats});
  }

  draw() {
    const state = this.state;
    if (!state) return;
    const focused = document.activeElement && document.activeElement.dataset
      ? document.activeElement.dataset.fid : null;
    // Whether the keyboard's focus was on something of the table (a choice, a card) that this redraw may
    // take away; and whether a chooser was open (one opening now was opened from the board).
    // With nothing focused (a button disabled while a choice is sent loses the focus), the last known place
    // holds: the focus was here until the player puts it elsewhere.
    // Only the board, the prompt, the choices and the result count: a text field (the chat) keeps its focus.
    const active = document.activeElement;
    if (active && active !== document.body) {
      this.focusHere = !isTextField(active) && [this.el.board, this.el.promptArea, this.el.actions, this.el.end]
        .some((part) => part.contains(active));
    }
    const focusWasHere = Boolean(this.focusHere);
    const chooserWasOpen = this.el.chooser.childElementCount > 0;
    const game = gameInfo(state.view.game);
    const ctx = this.ctx();
    const helpers = actionHelpers(state.view.game, () => ctx);
    // The engine's words for each choice (the server's labels) come first; the board module's own
    // description only where the game gives none.
    const labels = state.labels || {};
    const describe = (action) => (labels[action] && labels[action] !== action
      ? ctx.words(labels[action]) : helpers.describe(action));
    this.describe = describe;
    if (this.hint && this.hint.index !== state.index) this.hint = null; // a hint is for one position
    this.answerForced(state, describe);
    const canAct = state.status === 'playing' && state.legal.length > 0 && !this.pending && this.seat !== null;
    this.picker.update(state.legal, helpers.keysOf, canAct);

    this.el.title.textContent = `${game ? game.title : state.view.game} · table ${this.tableId}`;
    this.turn.update(this.seat !== null && state.status === 'playing' && state.legal.length > 0
      && this.autoAt !== state.index,
      game ? game.title : state.view.game);
    this.el.status.textContent = {waiting: '❚❚ waiting for players', playing: '▶ playing',
      finished: '■ finished'}[state.status] || state.status;
    this.el.status.className = `status status-${state.status}`;
    replace(this.el.who, this.seat === null
      ? h('span', {}, '◉ You are watching (the spectator view: no hand is shown).')
      : h('span', {}, 'You are ', seatBadge(this.seat, ctx.name(this.seat))));
    this.root.dataset.seat = this.seat === null ? 'spectator' : String(this.seat);
    this.root.dataset.status = state.status;
    this.root.dataset.canAct = canAct ? 'yes' : 'no';
    this.root.dataset.index = String(state.index);
    const hints = Boolean(state.hints && state.hints.enabled);
    this.el.hintsNote.hidden = !hints;
    replace(this.el.hintsNote, hints ? [h('span', {'aria-hidden': 'true'}, '✦ '),
      'Hints allowed at this table: a player may ask the expert search for advice on their own turn.'] : []);

    this.drawSeats(ctx);
    const board = drawBoard(ctx);
    replace(this.el.board, board);
    this.picker.decorate(board);
    this.popover.attach(board);
    this.markMoves(board);
    this.markHint(board, helpers.keysOf);
    this.dockHand();
    this.el.rulesButton.disabled = !game;
    this.drawPrompt(ctx, canAct);
    replace(this.el.chooser, this.picker.chooser(describe));
    if (state.status === 'waiting') {
      // Nobody may act before every seat is taken: what the table waits for, not a list of choices all disabled.
      replace(this.el.actions, h('h2', {class: 'side-title'}, 'Waiting for players'), this.awaited(state));
    } else {
      replace(this.el.actions, h('h2', {class: 'side-title'}, this.seat === null ? 'Choices' : 'All your choices'),
        this.seat === null ? h('p', {class: 'muted'}, 'Spectators cannot act.')
          : actionList(state.legal, describe, (action) => this.send(action), canAct,
            {groupOf: helpers.groupOf, open: this.openGroups, none: this.nothingToChoose(state)}),
        this.freeChoices(state, ctx));
      this.markHintedChoice();
    }
    this.drawTools();
    this.drawLog(this.logShown(), ctx.words);
    replace(this.el.notes, (state.notes || []).length
      ? [h('h2', {class: 'side-title'}, 'Table notes'), h('ul', {}, state.notes.map((note) => h('li', {}, note)))]
      : []);
    this.drawEnd(ctx);
    this.markMore();
    let kept = false;
    if (focused) {
      // Without scrolling: the focus kept for the keyboard must not move the side column under the reader
      // (a clicked choice's button, focused again, pushed the next prompt out of view).
      const again = this.root.querySelector(`[data-fid="${CSS.escape(focused)}"]`);
      if (again && !again.disabled) {
        again.focus({preventScroll: true});
        kept = true;
      }
    }
    const chooser = this.el.chooser.querySelector('button.choice');
    const from = this.chooserFrom;
    if (chooser && !chooserWasOpen) {
      // A chooser just opened (a tap or a click on the board that matches several moves): into view, inside
      // the prompt's own scrolling box on a phone and the side column on a desktop, or it seems that nothing
      // happened.
      this.el.chooser.scrollIntoView({block: 'nearest', inline: 'nearest'});
    }
    if (chooser && !chooserWasOpen && focusWasHere) {
      // A card pressed on the board opened a chooser in the side column: its choices come next, not the
      // rest of the board (8 to 14 Tabs away). Cancelled, the focus goes back to that card.
      chooser.focus({preventScroll: true});
      this.chooserFrom = focused ? {fid: focused, index: state.index} : null;
    } else if (!chooser && chooserWasOpen && from && from.index === state.index && focusWasHere && !this.pending
        && this.root.querySelector(`[data-fid="${CSS.escape(from.fid)}"]`)) {
      this.chooserFrom = null;
      this.root.querySelector(`[data-fid="${CSS.escape(from.fid)}"]`).focus({preventScroll: true});
    } else if (focusWasHere && !kept && (!document.activeElement || document.activeElement === document.body)) {
      // What had the focus went with the redraw (the choice just made): the focus goes to the prompt, which
      // says what comes next, and Tab goes on to the choices; never back to the top of the page. With the
      // result's dialog open, to its title: the dialog keeps the focus.
      const title = this.el.end.querySelector('.end-floating .end-title');
      (title || this.el.prompt).focus({preventScroll: true});
    }
    // A new decision of yours: its prompt in view at the top of a desktop's side column (which scrolls by
    // itself); what was being read further down it (the log) can wait.
    if (canAct && this.promptShownAt !== state.index) {
      this.promptShownAt = state.index;
      const side = this.el.promptDock.parentElement;
      if (side && getComputedStyle(side).overflowY === 'auto') {
        // Not when the player scrolled the page since their last decision (to the others' secrets, say):
        // the page would fight them at every decision of a turn.
        if (userScrolledAt <= this.myAreaShownAt) this.showMyArea();
        this.myAreaShownAt = Date.now();
        if (side.scrollTop > 0) side.scrollTop = 0;
        // The column sticks to the top of the screen only as far as the board beside it goes: on a page
        // scrolled further down (a short board), the prompt went up with it: the page scrolls back to it.
        const top = this.el.prompt.getBoundingClientRect().top;
        if (top < 0) window.scrollBy({top: top - 8});
      }
    }
  }

  /**
   * A forced choice (one legal action) is answered for you, as at the terminal, with a line in the log;
   * never in a concealed window (answering there at once would tell the others you had nothing to
   * play: the hold of docs/server.md hides a window's timing only if the asked seat takes its time),
   * nor while a one-time look is showing to you (Ninja Trap's Buko look: it goes when you answer), nor
   * a weighty one the game asks you to confirm (Ninja Camp's pass for the rest of the game).
   */
  answerForced(state, describe) {
    const decision = state.decision;
    if (!autoAnswerOn() || this.pending || this.seat === null || state.status !== 'playing'
      || state.legal.length !== 1 || !decision || decision.concealed || decision.looking || decision.confirm
      || this.autoAt === state.index) return;
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return;
    this.autoAt = state.index;
    const action = state.legal[0];
    this.counter += 1;
    this.pending = action;
    // Not your decision: what happened since your last own choice is still news (myMark stays), and so
    // is what this answer leads to, though it is in your name.
    this.newsFrom = Math.min(this.newsFrom, (state.view.log || []).length);
    if (!decision.formality) this.autoLines.push(this.autoLine(state, decision, action, describe));
    this.socket.send(JSON.stringify({type: 'act', action, index: state.index, id: `c-${this.counter}`}));
  }

  /**
   * The log line of a choice answered for you: what was asked, in short, and the only answer. A formality
   * (asked only so that being asked tells nothing, with no choice) gets none: there was nothing to decide.
   */
  autoLine(state, decision, action, describe) {
    // What was asked, in short (up to its first colon), so the answer reads in context.
    // Kept in the engine's words (seats as P<n>): the log puts the names in when it is drawn.
    let asked = String(decision.prompt || '').split(':')[0].trim();
    if (asked.length > 60) asked = `${asked.slice(0, 57).replace(/\s+\S*$/, '')}…`; // at a word's end
    const label = state.labels && state.labels[action] && state.labels[action] !== action
      ? state.labels[action] : describe(action);
    // The label (a verb first: "Take the attack") follows a colon mid-line, so its capital goes; a seat's
    // label ("P1") keeps it.
    let said = /^[A-Z][a-z]/.test(label) ? label[0].toLowerCase() + label.slice(1) : label;
    // A label's own colon ("Take the attack: you lose 2 gems") goes in brackets: three colons in a row read as
    // a list ("...: your only choice, answered for you: take the attack: you lose 2 gems").
    const colon = said.indexOf(': ');
    if (colon > 0 && !said.includes('(', colon)) said = `${said.slice(0, colon)} (${said.slice(colon + 2)})`;
    // The answer ends the line: after it, "(answered for you)" ran into a bot's label ("to P1 (hard bot, answered
    // for you)", read as the bot answering).
    return {at: (state.view.log || []).length,
      text: `${asked ? `${asked}: your` : 'Your'} only choice, answered for you: ${said}`};
  }

  /** The margin left above the board scrolled to the screen's top: 8 px at most, never more than the gap between
   * the seats and the board (not the seats' badges cut in half along the screen's top edge). */
  gapAboveBoard() {
    const gap = this.el.board.getBoundingClientRect().top - this.el.seats.getBoundingClientRect().bottom;
    return Math.max(0, Math.min(8, gap));
  }

  /**
   * Your own zones in view, where they fit, at a new decision of yours on a desktop: your panel and your
   * hand in its place (``.my-area``), its bottom brought up to the screen's. Left below the screen, the
   * hand docked over the bottom of it and covered your panel's last row (Ninjitsu!'s Treasures). Never
   * scrolled up, nor for an area taller than the screen, nor further than a third of the screen (your panel
   * docked above your docked hand is then what keeps them at hand, and the board's top comes to the screen's).
   */
  showMyArea() {
    const area = this.el.board.querySelector('.my-area');
    if (!area) return;
    const box = area.getBoundingClientRect();
    const below = box.bottom - window.innerHeight;
    if (below <= 1) return;
    // What a game's board marks to be kept on the screen (data-keep-in-view: Ninja Trap's house, where every
    // ninja stands, which its player reads at every decision) is never scrolled off its top: the page scrolls
    // at most to it, and your hand docks over the bottom of the screen for the rest. Scrolled to your own
    // area, the house had gone at every decision from turn 3 on (a probe's finding).
    const kept = this.el.board.querySelector('[data-keep-in-view]');
    if (kept) {
      const most = kept.getBoundingClientRect().top - this.gapAboveBoard();
      if (most > 1) window.scrollBy({top: Math.min(most, below + 8)});
      this.dockHand();
      return;
    }
    // Not further than a third of the screen: the board's top (Ninja Camp's grid, Ninjato's houses, the rooms
    // of Ninja Trap) would leave the screen, where the choice is made; your panel docked above your docked
    // hand shows your own zones anyway. The board's top comes to the screen's instead (the table's title and
    // seats go up): the most of the board above the docked hand.
    if (below > window.innerHeight / 3) {
      const top = this.el.board.getBoundingClientRect().top;
      const gap = this.gapAboveBoard();
      if (top > gap) {
        window.scrollBy({top: top - gap});
        this.dockHand();
      }
      return;
    }
    if (box.top - below >= 0) {
      let by = Math.min(box.top, below + 8);
      // Not the seats' badges cut in half along the screen's top edge: a little further, to the board's top.
      const seats = this.el.seats.getBoundingClientRect();
      const boardTop = this.el.board.getBoundingClientRect().top - this.gapAboveBoard();
      if (seats.top < by && seats.bottom > by && boardTop <= box.top) by = Math.max(by, boardTop);
      window.scrollBy({top: by});
      this.dockHand();
      return;
    }
    // Too tall with the hand in its place (a big hand): your panel, at least, above the docked hand.
    // (Where the panel is on the board: its slot while it is docked above the hand.)
    const panel = area.querySelector('.panel-slot') || area.querySelector('.seat-panel.mine');
    const hand = area.querySelector('.card-row.hand.docked');
    if (!panel || !hand) return;
    const mine = panel.getBoundingClientRect();
    const covered = mine.bottom - hand.getBoundingClientRect().top;
    if (covered > 1 && mine.top - covered - 8 >= 0) {
      window.scrollBy({top: covered + 8});
      this.dockHand();
    }
  }

  /** Whether the prompt's box has more below what it shows (``data-more``: its CSS draws a "more" sign). */
  markMore() {
    const area = this.el.promptArea;
    if (!area) return;
    const more = area.scrollHeight - area.scrollTop - area.clientHeight > 2;
    area.dataset.more = more ? 'yes' : 'no';
    if (this.el.moreSign.hidden === more) this.el.moreSign.hidden = !more;
  }

  /**
   * Your hand in view, on a desktop and a phone: where the board puts it when that is on the screen,
   * else docked at the bottom of the screen over the board's column (an empty slot of its height
   * keeps its place, so nothing moves under it). Checked after each drawing, scroll and resize.
   */
  dockHand() {
    const board = this.el.board;
    const hand = board.querySelector('.card-row.hand');
    if (!hand) {
      this.root.style.removeProperty('padding-bottom');
      this.root.dataset.handDocked = 'none';
      return;
    }
    let slot = board.querySelector('.hand-slot');
    const docked = hand.classList.contains('docked');
    // Where the hand is when not docked: its slot while docked, else the hand itself.
    const place = (docked && slot ? slot : hand).getBoundingClientRect();
    // On a phone the prompt sticks to the top of the screen: what is under it is not in view.
    const area = this.root.querySelector('.prompt-dock');
    const covered = area && getComputedStyle(area).position === 'sticky'
      ? Math.max(0, area.getBoundingClientRect().bottom) : 0;
    // A hand with no card (a game over, all played) is not worth a quarter of the screen: never docked.
    const empty = !hand.querySelector('.card') || (this.state && this.state.status === 'finished');
    const inView = place.top >= covered - 1 && place.bottom <= window.innerHeight + 1; // a pixel's rounding
    if (inView || empty) {
      if (docked) {
        hand.classList.remove('docked', 'folded', 'under-panel');
        const fold = hand.querySelector(':scope > .dock-fold');
        if (fold) fold.remove();
        hand.style.removeProperty('left');
        hand.style.removeProperty('width');
        if (slot) slot.remove();
      }
      this.dockPanel(null);
      // The room below the page stays while there is a hand (docked or not): taking it away as the hand
      // comes back would shorten the page under the reader, move the hand out of view and dock it again.
      if (empty) this.root.style.removeProperty('padding-bottom');
      else this.root.style.paddingBottom = `${hand.offsetHeight}px`;
      this.root.dataset.handDocked = 'no';
      return;
    }
    if (!slot) {
      slot = h('div', {class: 'hand-slot', 'aria-hidden': 'true'});
      hand.before(slot);
    }
    if (!docked) slot.style.height = `${hand.offsetHeight}px`; // its height in the board
    hand.classList.add('docked');
    // Docked, the hand covers the bottom of the board: a button folds it to one line and back (the
    // choice is kept: a player who folds it wants to see the board).
    let fold = hand.querySelector(':scope > .dock-fold');
    if (!fold) {
      fold = h('button', {type: 'button', class: 'dock-fold'});
      fold.addEventListener('click', () => {
        this.handFolded = !this.handFolded;
        localStorage.setItem('dojo.handFolded', this.handFolded ? 'yes' : 'no');
        this.dockHand();
      });
      hand.prepend(fold);
    }
    hand.classList.toggle('folded', this.handFolded);
    fold.textContent = this.handFolded ? '▴ Show your hand' : '▾ Fold';
    fold.setAttribute('aria-expanded', String(!this.handFolded));
    const box = board.getBoundingClientRect();
    hand.style.left = `${Math.max(0, box.left)}px`;
    hand.style.width = `${box.width}px`;
    this.dockPanel(hand);
    // Room below the page's end, so that what is last (the chat on a phone) can scroll above the hand.
    this.root.style.paddingBottom = `${hand.offsetHeight}px`;
    this.root.dataset.handDocked = 'yes';
  }

  /**
   * Your own panel (gems and Castle, points, secrets, hits...) docked right above your docked hand on a wide
   * screen, whenever its place on the board is not clear of the hand: under the hand, the hand covered it,
   * and off the screen it was out of sight while you chose from your hand. Docked, it is drawn compact (its
   * cards as their value and name); an empty slot of its height keeps its place on the board, and it goes
   * back there (with the hand) once that place is on the screen above the hand. Not on a phone, whose screen
   * has no room for it, nor while the hand is folded to a line (its player asked to see the board).
   */
  dockPanel(hand) {
    const board = this.el.board;
    const panel = board.querySelector('.my-area .seat-panel.mine');
    let slot = board.querySelector('.panel-slot');
    if (!panel) {
      if (slot) slot.remove();
      return;
    }
    const docked = panel.classList.contains('docked');
    let dock = false;
    if (hand && !this.handFolded && window.matchMedia(WIDE).matches) {
      const place = (docked && slot ? slot : panel).getBoundingClientRect();
      const top = hand.getBoundingClientRect().top;
      dock = place.top < -0.5 || place.bottom > top - 0.5; // (not even a pixel of it under the hand)
    }
    if (!dock) {
      if (docked) {
        panel.classList.remove('docked');
        for (const side of ['left', 'width', 'bottom', 'max-height']) panel.style.removeProperty(side);
      }
      if (slot) slot.remove();
      if (hand) hand.classList.remove('under-panel');
      return;
    }
    if (!slot) {
      slot = h('div', {class: 'panel-slot', 'aria-hidden': 'true'});
      panel.before(slot);
    }
    if (!docked) slot.style.height = `${panel.offsetHeight}px`;
    panel.classList.add('docked');
    hand.classList.add('under-panel');
    panel.style.left = hand.style.left;
    panel.style.width = hand.style.width;
    panel.style.bottom = `${hand.offsetHeight}px`;
    // As tall as its rows, from the CSS's 22vh up to half the screen with the hand: on a short screen a Rumor's
    // foot, and a second row of cards, were under the dock's edge, out of sight.
    const needs = panel.scrollHeight + panel.offsetHeight - panel.clientHeight; // its rows and its borders
    const most = window.innerHeight / 2 - hand.offsetHeight;
    panel.style.maxHeight = `${Math.max(window.innerHeight * 0.22, Math.min(needs, most))}px`;
  }

  /** Mark every seat's last move on the board (what changed on it with the move); a new one pulses. */
  markMoves(board) {
    const state = this.state;
    const log = state.view.log || [];
    const now = snapshot(board);
    const drawn = this.drawn;
    const fresh = Boolean(drawn) && drawn.index !== state.index;
    // Not at the end: the game's last move turns every hidden card face up, which no seat's move did.
    if (fresh && state.status !== 'waiting' && state.status !== 'finished') {
      const lines = log.slice(drawn.logLength).filter((line) => line && line.trim());
      this.lastMoves.mine = this.seat;
      this.lastMoves.record(drawn.snapshot, now, lines, drawn.toAct);
    } else if (state.status === 'finished') {
      this.lastMoves.clear();
    }
    if (!drawn || drawn.index !== state.index) {
      this.drawn = {index: state.index, logLength: log.length, toAct: state.to_act || [], snapshot: now};
    }
    this.lastMoves.apply(board, fresh);
  }

  /** What happened since this seat's last turn, in words (the log's lines, with the players' names). */
  digest(ctx) {
    const log = this.logShown();
    const lines = sinceLastTurn(log, this.seat, this.myMark, this.newsFrom);
    if (!lines.length) return null;
    // The last lines; a cut inside a line's nested lines keeps that line, for sense, and the earlier lines
    // that name this seat are kept too: what was done to you is never cut (recent.digestLines).
    const you = new RegExp(`\\bP${this.seat}\\b`);
    // Fewer lines on a phone (the prompt takes at most a third of its screen), and never one or two
    // folded away: a count of them says less than the lines themselves.
    const phone = window.matchMedia(NARROW).matches;
    const most = phone ? 4 : 12;
    // All of them once asked for ("show them"), until the next decision of yours.
    const limit = lines.length <= most + 2 || this.digestWhole === this.state.index ? lines.length : most;
    const mine = (line) => you.test(line);
    let cut = digestLines(lines, limit, mine);
    // The lines kept (yours, a nested line's parent) can leave one or two to count: show them instead.
    if ((cut.earlier > 0 && cut.earlier <= 2) || (cut.skipped > 0 && cut.skipped <= 2)) {
      cut = digestLines(lines, lines.length, mine);
    }
    const {parent, skipped, shown, earlier, kept} = cut;
    // Before this seat's first choice there is no "last turn": what happened so far (the set-up's lines may
    // name the seat: "P0 is dealt the Element Wind"); in the middle of its turn, what its last choice led to.
    const acted = this.myMark > 0 || localStorage.getItem(this.actedKey()) === 'yes';
    const title = digestTitle(lines, this.seat, acted);
    // On a phone, more than a line of it is folded to one line by default (a button opens it, and the choice
    // is kept): open, it took the prompt's box and pushed the chooser and the choices out of view.
    const foldable = phone && lines.length > 1;
    const open = !foldable || digestOpen();
    const heading = !foldable ? h('h2', {class: 'side-title'}, title)
      : h('h2', {class: 'side-title'}, h('button', {type: 'button', class: 'quiet digest-toggle',
        'aria-expanded': String(open), dataset: {fid: 'digest-toggle'}, onclick: () => {
          setDigestOpen(!open);
          this.draw();
        }}, h('span', {'aria-hidden': 'true'}, open ? '▾ ' : '▸ '), title,
        open ? null : ` · ${plural(lines.length, 'line')}`));
    if (!open) return h('section', {class: 'digest digest-folded', 'aria-label': title.toLowerCase()}, heading);
    const item = (line) => h('li', {class: /^\s/.test(line) ? 'nested' : null}, ctx.words(line.trim()));
    // Between the lines kept (what was done to you) and the last ones: so neither "earlier" nor "later".
    // What is folded away is a click from view (the log has it too).
    const showAll = (text) => h('button', {type: 'button', class: 'quiet digest-more', dataset: {fid: 'digest-more'},
      onclick: () => {
        this.digestWhole = this.state.index;
        this.draw();
      }}, text);
    const left = showAll(`(… ${plural(earlier, kept.length ? 'other line' : 'earlier line')}: show them)`);
    return h('section', {class: 'digest', 'aria-label': title.toLowerCase()},
      heading,
      kept.length ? h('ul', {class: 'digest-lines digest-kept'}, kept.map(item)) : null,
      earlier > 0 ? h('p', {class: 'muted'}, left) : null,
      h('ul', {class: 'digest-lines'}, parent === null ? null : item(parent),
        skipped > 0
          ? h('li', {class: 'nested muted'}, showAll(`(… ${plural(skipped, 'more line')} of it: show them)`))
          : null,
        shown.map(item)));
  }

  drawSeats(ctx) {
    const state = this.state;
    // A seat out of a game still going on (a Ninja Trap ninja with its three hits) says so on its chip too.
    const out = new Set(state.out_seats || []);
    replace(this.el.seats, state.seats.map((seat) => {
      const acting = ctx.toAct.has(seat.seat);
      return h('li', {class: ['seat-chip', acting && 'to-act', seat.seat === this.seat && 'mine',
        out.has(seat.seat) && 'seat-out']},
        // A bot under its one name at the table ("P1 (easy bot)", as the log and prompts call it); a
        // player's seat says only what is not plain (a free seat, an invitation not yet taken).
        seatBadge(seat.seat, seat.type === 'bot' ? botName(seat) : givenName(seat, seat.seat),
          {you: seat.seat === this.seat}),
        seat.type === 'bot' ? h('span', {class: 'seat-kind', 'aria-hidden': 'true'}, '⚙')
          : SEAT_STATUS[seat.status] ? h('span', {class: 'seat-kind'}, SEAT_STATUS[seat.status]) : null,
        seat.type === 'human' ? h('span', {class: seat.connected ? 'online' : 'offline'},
          seat.connected ? '● online' : '○ offline') : null,
        acting ? h('span', {class: 'to-act-tag'}, '⚑ to act') : null,
        out.has(seat.seat) ? h('span', {class: 'out-tag'}, '✖ out') : null,
        h('span', {class: 'clock-slot', dataset: {seat: seat.seat}}));
    }));
    this.drawClocks();
  }

  /** Clocks count down here between states (the server sends what is left when a state is sent). */
  drawClocks() {
    const state = this.state;
    if (!state || !state.clock || !this.el) return;
    const passed = (performance.now() - this.receivedAt) / 1000;
    for (const entry of state.clock.seats || []) {
      const slot = this.el.seats.querySelector(`.clock-slot[data-seat="${entry.seat}"]`);
      if (!slot) continue;
      // No time to show (null): a per-decision clock of a seat not deciding now, a bot's seat. Not "0:00",
      // which reads as a seat out of time.
      if (entry.remaining === null || entry.remaining === undefined) {
        slot.textContent = '';
        slot.classList.remove('running');
        continue;
      }
      const left = Math.max(0, entry.remaining - (entry.running ? passed : 0));
      slot.textContent = `◷ ${formatTime(left)}`;
      slot.classList.toggle('running', Boolean(entry.running));
    }
    // The prompt's own count of this decision's time runs down with the seats' (it was drawn once a state).
    const mine = this.el.prompt.querySelector('.clock-you');
    if (mine && state.clock.you) mine.textContent = youClockWords(Math.max(0, state.clock.you.remaining - passed));
  }

  drawPrompt(ctx, canAct) {
    const state = this.state;
    const parts = [];
    const submitted = state.view.submitted === true;
    if (state.status === 'waiting') {
      parts.push(h('p', {class: 'prompt-main'}, '❚❚ Waiting for players to take their seats; nobody may act yet.'));
      parts.push(this.invitations());
    } else if (state.status === 'finished') {
      // How it ended (the bar over the board says only that it is over).
      const result = state.view.result;
      parts.push(h('p', {class: 'prompt-main'},
        result ? `■ Game over: ${reasonWords(result, ctx)}` : '■ The game is over.'));
    } else if (this.seat === null) {
      parts.push(h('p', {class: 'prompt-main'}, waitingFor(ctx, state.to_act)));
    } else if (this.pending) {
      parts.push(h('p', {class: 'prompt-main'}, '◌ Sending your choice…'));
    } else if (canAct) {
      parts.push(h('p', {class: 'prompt-main your-turn'}, h('strong', {}, '▶ Your move: '),
        state.decision ? ctx.words(state.decision.prompt) : 'choose'));
      parts.push(this.digest(ctx));
      // Only where others choose too, and there is a choice to keep from them: not a look at one's own cards
      // to be ended with "go on" (Ninja Trap's Buko look, which two ninjas in the Buko take at once).
      // Not where the game's prompt says it already ("The others choose at the same time").
      if (state.decision && state.decision.simultaneous && (state.to_act || []).length > 1
          && !state.decision.looking && state.legal.length > 1
          && !/at the same time/.test(String(state.decision.prompt || ''))) {
        parts.push(h('p', {class: 'muted'},
          'Everyone chooses at the same time; nobody sees your choice until all have chosen.'));
      }
      // A weighty only choice is left to the player even with the switch on: said, or the switch seems broken.
      if (state.decision && state.decision.confirm && state.legal.length === 1 && autoAnswerOn()) {
        parts.push(h('p', {class: 'muted confirm-note'},
          'Your only choice, left for you to click: it ends your part in the game, so you see the board first.'));
      }
      // Only when something on the board may be clicked (a pass for good, say, is only in the list).
      if (this.el.board.querySelector('.actionable')) {
        parts.push(h('p', {class: 'muted prompt-hint'},
          'Click a highlighted piece of the board (dashed outline ▸), or pick from the list.'));
      }
      if (state.hints && state.hints.enabled) parts.push(this.hintArea(ctx));
    } else if (submitted || ctx.toAct.has(this.seat)) {
      parts.push(h('p', {class: 'prompt-main waiting-others'}, '✔ Your choice is in: waiting for the others…'));
    } else {
      // A seat out of the game while the others play on (a Ninja Trap ninja with its three hits) is told so, in
      // the engine's words (the state's ``out``): its prompt would only say whom the table waits for.
      const out = state.out ? `✖ ${state.out[0].toUpperCase()}${state.out.slice(1)}: the others play on to the end.`
        : null;
      if (out) parts.push(h('p', {class: 'prompt-main seat-out'}, out));
      parts.push(h('p', {class: out ? 'muted' : 'prompt-main'}, waitingFor(ctx, state.to_act)));
    }
    if (state.clock && state.clock.you) {
      const passed = (performance.now() - this.receivedAt) / 1000;
      // Its count runs down every second: not read out each time by a screen reader (the prompt's news is).
      const left = Math.max(0, state.clock.you.remaining - passed);
      parts.push(h('p', {class: 'clock-you', 'aria-live': 'off'}, youClockWords(left)));
    }
    // A friend come by an invitation link with no name, whose seat the table calls "Player 1" (nobody named it):
    // a field to give it one, under the prompt's words.
    const held = this.seat !== null ? state.seats[this.seat] : null;
    if (this.askName && held && held.name === `Player ${this.seat}` && state.status !== 'finished') {
      parts.splice(1, 0, this.nameForm());
    }
    // A name being typed keeps the focus through the redraw (which takes the field out and puts it back).
    const typing = this.el.nameForm && this.el.nameForm.contains(document.activeElement)
      ? document.activeElement : null;
    replace(this.el.prompt, parts);
    if (typing && typing.isConnected && document.activeElement !== typing) typing.focus({preventScroll: true});
  }

  /** The field naming this seat (made once: a new state redraws the prompt, and keeps what is being typed). */
  nameForm() {
    if (!this.el.nameForm) {
      const input = h('input', {id: 'seat-name', type: 'text', maxlength: 24, autocomplete: 'nickname',
        placeholder: 'e.g. Bo', required: true});
      this.el.nameForm = h('form', {class: 'seat-name-form', onsubmit: (event) => {
        event.preventDefault();
        this.setName(input.value.trim());
      }}, h('label', {for: 'seat-name'}, 'Your name (others see it): '), input, ' ',
      h('button', {type: 'submit'}, 'Set my name'));
    }
    return this.el.nameForm;
  }

  /** Name this seat (the server tells everyone), and keep the name for the next tables. */
  async setName(name) {
    if (!name) return;
    try {
      await api(`/api/tables/${this.tableId}/join`, {method: 'POST', body: {name, seat: this.seat},
        token: this.token});
      keepName(name);
      this.askName = false;
      this.draw();
    } catch (error) {
      toast(error.message, 'error');
    }
  }

  /** The hint button of a table that allows hints, and the hint for this decision once asked. */
  hintArea(ctx) {
    const hint = this.hint;
    const pending = Boolean(hint && hint.pending);
    const button = h('button', {type: 'button', id: 'hint-button', disabled: pending || Boolean(hint && hint.answer),
      onclick: () => this.askHint()}, pending ? '✦ Thinking…' : '✦ Hint');
    let said = null;
    if (hint && hint.answer) {
      const found = hint.answer.hint;
      // (in the list's words: a copy of a card without the engine's number, as the list shows it)
      const words = (action, label) => withoutCopyNumber(this.describe ? this.describe(action) : ctx.words(label));
      // A copy of a card alike reads as the move it is a copy of: said once, as the list shows it (the best
      // move's own copy is not "also considered"; the first copy of a pair named keeps its chance).
      const best = words(found.action, found.label);
      const named = new Set([best]);
      const others = [];
      for (const other of found.alternatives || []) {
        const text = words(other.action, other.label);
        if (named.has(text)) continue;
        named.add(text);
        others.push(`${text} (${percent(other.chance)})`);
      }
      // Every chance 0% (or 100%) tells nothing by itself: said in words (a probe read "0%" for every move).
      const chances = [found.chance, ...(found.alternatives || []).map((other) => other.chance)];
      const verdict = chances.every((chance) => chance < 0.005)
        ? 'Every move looks lost from here: the search found no way to win in what it tried.'
        : chances.every((chance) => chance > 0.995) ? 'Every move looks won from here.' : null;
      said = h('div', {class: 'hint-answer', dataset: {action: found.action}},
        h('p', {}, h('strong', {}, 'The expert’s best move: '), best, ' ',
          h('span', {class: 'chance'}, `· estimated win chance ${percent(found.chance)}`)),
        verdict ? h('p', {class: 'hint-verdict'}, verdict) : null,
        others.length ? h('p', {class: 'muted'}, `Also considered: ${others.join('; ')}.`) : null);
    } else if (hint && hint.error) {
      said = h('p', {class: 'tag tag-warn', role: 'alert'}, `No hint: ${hint.error}`);
    }
    return h('div', {class: 'hint-area', 'aria-live': 'polite'}, button, said);
  }

  /** The things on the board the hinted move acts on, outlined (the hint itself says the move in words). */
  markHint(board, keysOf) {
    const hint = this.hint;
    if (!hint || !hint.answer || hint.index !== this.state.index) return;
    const keys = new Set(keysOf(hint.answer.hint.action).map((key) => key.replace(/^[~^]+/, '')));
    for (const el of board.querySelectorAll('[data-keys]')) {
      if (el.dataset.keys.split(' ').some((key) => keys.has(key))) el.classList.add('hinted');
    }
  }

  /**
   * The hinted move in the list of choices, outlined as on the board; when the hint first comes, its group opened
   * and the button scrolled into view: the list scrolls in a box of its own, and the advice was the one choice
   * out of sight (a probe's tenth choice of ten).
   */
  markHintedChoice() {
    const hint = this.hint;
    if (!hint || !hint.answer || hint.index !== this.state.index) return;
    const action = hint.answer.hint.action;
    const buttons = [...this.el.actions.querySelectorAll('button.action')];
    // (or a copy of a card alike, which the list shows as its first copy: the button that stands for it)
    const button = buttons.find((each) => each.dataset.action === action)
      || buttons.find((each) => (each.dataset.copies || '').split(' ').includes(action));
    if (!button) return;
    button.classList.add('hinted');
    if (hint.shown) return;
    hint.shown = true;
    for (let group = button.closest('details'); group; group = group.parentElement.closest('details')) {
      group.open = true;
    }
    button.scrollIntoView({block: 'nearest'});
    // A docked hand covers the bottom of the screen (a phone's, under the list of choices): the advised move
    // goes above it (a probe's was under the hand, nothing scrolled).
    // (once the drawing is over: the prompt's "more below" sign, set after the list, moves the list down)
    requestAnimationFrame(() => {
      const hand = this.el.board.querySelector('.card-row.hand.docked');
      if (!hand || !button.isConnected) return;
      const under = button.getBoundingClientRect().bottom - hand.getBoundingClientRect().top;
      if (under > 0) window.scrollBy(0, under + 8);
    });
  }

  /** Ask the server for a hint on this seat's decision now (its own view: the server searches that seat's). */
  async askHint() {
    const state = this.state;
    if (!state || this.seat === null || (this.hint && this.hint.pending)) return;
    const index = state.index;
    this.hint = {index, pending: true};
    this.draw();
    try {
      const answer = await api(`/api/tables/${this.tableId}/hint`, {method: 'POST', body: {index},
        token: this.token});
      if (this.hint && this.hint.index === index) this.hint = {index, answer};
    } catch (error) {
      if (this.hint && this.hint.index === index) this.hint = {index, error: error.message};
    }
    if (this.state) this.draw();
  }

  /** The review of the finished game: the viewer's own seat at once, or a seat a spectator chooses. */
  openReview() {
    if (!this.state) return;
    if (!this.review) {
      this.review = new ReviewDialog({tableId: this.tableId, ctx: this.ctx(), players: this.state.seats.length,
        token: this.token, watch: this.token ? null : this.watchKey,
        hints: Boolean(this.state.hints && this.state.hints.enabled)});
      // Closed, the result it was opened from comes back, the focus on the button that opened the review;
      // opened from the end's bar, the focus goes back to that bar.
      this.review.el.addEventListener('close', () => {
        if (this.reviewFromEnd) {
          this.reviewFromEnd = false;
          this.endDismissed = false;
          this.endFocused = true; // (the focus is put below, not on the result's first button)
          this.draw();
        }
        const again = this.root.querySelector('#open-review') || this.root.querySelector('.end-bar button');
        if (again) again.focus();
      });
    }
    // The review takes the result's place while it is open (no dialog left open under it).
    this.reviewFromEnd = !this.endDismissed;
    if (!this.endDismissed) {
      this.endDismissed = true;
      this.draw();
    }
    this.review.open(this.seat);
  }

  /** What a table waiting for its players waits for: its seats not taken yet (a friend invited, a free seat). */
  awaited(state) {
    const seats = state.seats.filter((seat) => seat.status === 'invited' || seat.status === 'free');
    const named = seats.map((seat, i) => [i ? ', ' : '', seatBadge(seat.seat, givenName(seat, seat.seat)),
      seat.status === 'free' ? ' (a free seat)' : ' (invited, not here yet)']);
    return h('div', {class: 'awaited'},
      seats.length ? h('p', {class: 'awaited-seats'}, 'The table waits for ', named, '.') : null,
      h('p', {class: 'muted'}, 'The game begins once every seat is taken: the choices come then.'));
  }

  /** The invitation links this browser made, and free seats a bot may take. */
  invitations() {
    const state = this.state;
    const invites = invitesOf(this.tableId);
    const items = [];
    for (const seat of state.seats) {
      if (seat.status === 'invited' && invites[seat.seat]) {
        const link = inviteLink(this.tableId, seat.seat, invites[seat.seat]);
        const field = h('input', {class: 'link-field', value: link, readonly: true,
          'aria-label': `invitation link of seat ${seat.seat}`});
        items.push(h('li', {}, seatBadge(seat.seat, givenName(seat, seat.seat)), ' invited: ', field,
          h('button', {type: 'button', onclick: () => copyText(link, field)}, 'Copy link')));
      } else if (seat.status === 'free' && this.seat !== null) {
        items.push(h('li', {}, seatBadge(seat.seat, givenName(seat, seat.seat)), ' is free: ',
          h('button', {type: 'button', onclick: () => this.handToBot(seat.seat)}, 'Let a bot (medium) play it')));
      } else if (seat.status === 'free' && this.seat === null) {
        items.push(h('li', {}, seatBadge(seat.seat, givenName(seat, seat.seat)), ' is free: ',
          h('button', {type: 'button', onclick: () => this.join(seat.seat)}, 'Take this seat')));
      } else if (seat.status === 'invited' && state.status !== 'waiting') {
        // (While the table waits, what it waits for says so: see awaited.)
        items.push(h('li', {}, seatBadge(seat.seat, givenName(seat, seat.seat)), ' has not come yet'));
      }
    }
    return items.length ? h('ul', {class: 'invites'}, items) : null;
  }

  drawTools() {
    const state = this.state;
    const tools = [];
    if (this.seat !== null && state.undo && state.undo.enabled && state.status === 'playing') {
      tools.push(h('button', {type: 'button', disabled: state.undo.allowed === false || Boolean(this.pending),
        title: state.undo.reason || 'take back your last action', onclick: () => this.undo()}, '↶ Undo'));
      if (state.undo.allowed === false && state.undo.reason) {
        // The server's reason may hold brackets of its own: said after a colon, not inside more brackets.
        tools.push(h('span', {class: 'muted undo-why'}, ` not now: ${state.undo.reason}`));
      }
    }
    if (this.seat === null && state.status !== 'finished' && state.seats.some((seat) => seat.status === 'free')) {
      tools.push(h('button', {type: 'button', onclick: () => this.join(null)}, 'Join this table'));
    }
    if (this.seat !== null && state.status !== 'finished') {
      tools.push(h('button', {type: 'button', class: 'quiet', onclick: () => this.leave()},
        'Leave (a bot takes your seat)'));
    }
    tools.push(h('a', {href: '#/', class: 'button quiet'}, 'Lobby'));
    if (this.seat !== null) tools.push(this.turn.controls(), autoAnswerSwitch(() => this.draw()));
    replace(this.el.tools, tools);
  }

  drawLog(lines, words) {
    const box = this.el.log;
    const atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 8;
    // The choices answered for this seat, each where it was made.
    const all = [...lines];
    for (const line of [...this.autoLines].reverse()) all.splice(Math.min(line.at, all.length), 0, `⚙ ${line.text}`);
    replace(box, drawLog(all, words));
    for (const li of box.querySelectorAll('li')) if (li.textContent.startsWith('⚙ ')) li.classList.add('auto-answer');
    if (atEnd) box.scrollTop = box.scrollHeight;
  }

  /**
   * The end of the game: a dialog fixed in the middle of the viewport (issue 24: it was drawn above the
   * board, out of sight), focused when it first appears; closed, it leaves a bar to open it again.
   */
  drawEnd(ctx) {
    const state = this.state;
    const result = state.view.result;
    if (!result) {
      replace(this.el.end);
      return;
    }
    if (this.endDismissed) {
      const reopen = h('button', {type: 'button', dataset: {fid: 'end-reopen'}, onclick: () => {
        this.endDismissed = false;
        this.endFocused = false;
        this.draw();
      }}, 'Show the result');
      replace(this.el.end, h('div', {class: 'end-bar'}, h('strong', {}, '■ The game is over.'), ' ', reopen));
      if (this.endClosedNow) {
        // Closed just now: the focus goes to what opens it again, not to the page's start.
        this.endClosedNow = false;
        queueMicrotask(() => reopen.focus({preventScroll: true}));
      }
      return;
    }
    // The result's dialog covers the board: a card's text left open over it would cover the result.
    this.popover.hide();
    const close = () => {
      this.endDismissed = true;
      this.endClosedNow = true;
      this.draw();
    };
    // Each control has a stable id (data-fid): the dialog is drawn again with every state, and the focus
    // must come back to the same control inside it, not fall behind it.
    const actions = [h('a', {class: 'button', href: `#/replay/${this.tableId}`, dataset: {fid: 'end:replay'}},
      '▶ Replay this game'),
    h('button', {type: 'button', id: 'open-review', 'aria-haspopup': 'dialog', dataset: {fid: 'end:review'},
      onclick: () => this.openReview()}, this.seat !== null ? '✎ Review my game' : '✎ Review a player\'s game')];
    if (this.seat !== null) {
      actions.push(h('button', {type: 'button', dataset: {fid: 'end:rematch'}, onclick: () => this.rematch()},
        '⟳ Rematch'));
    }
    actions.push(h('a', {class: 'button quiet', href: '#/', dataset: {fid: 'end:lobby'}}, 'Lobby'));
    actions.push(h('button', {type: 'button', class: 'quiet', dataset: {fid: 'end:close'}, onclick: close},
      'Close and see the board'));
    const panel = drawResult(state.view, ctx, {actions, floating: true, onClose: close});
    replace(this.el.end, panel);
    if (!this.endFocused) {
      // Once (a later redraw, a seat reconnecting, must not take the focus back), and after draw() has
      // put back the focus it had before this state.
      this.endFocused = true;
      queueMicrotask(() => panel.querySelector('.end-title').focus({preventScroll: true}));
    }
  }

  // ---------------------------------------------------------------- table calls

  async join(seat) {
    try {
      const body = {name: myName() || undefined};
      if (seat !== null) body.seat = seat;
      const answer = await api(`/api/tables/${this.tableId}/join`, {method: 'POST', body});
      keepSeat(this.tableId, answer.seat, answer.token, answer.table.game);
      this.reconnectAs(answer.token);
    } catch (error) {
      toast(error.message, 'error');
    }
  }

  async handToBot(seat) {
    try {
      await api(`/api/tables/${this.tableId}/seats/${seat}/bot`, {method: 'POST', body: {bot: 'medium'},
        token: this.token});
    } catch (error) {
      toast(error.message, 'error');
    }
  }

  async leave() {
    if (!window.confirm('Leave this table? A bot (medium) plays your seat from now on.')) return;
    try {
      await api(`/api/tables/${this.tableId}/leave`, {method: 'POST', body: {replace_with: 'medium'},
        token: this.token});
      forgetSeat(this.tableId);
      location.hash = '#/';
    } catch (error) {
      toast(error.message, 'error');
    }
  }

  async rematch() {
    try {
      const answer = await api(`/api/tables/${this.tableId}/rematch`, {method: 'POST', body: {}, token: this.token});
      keepSeat(answer.table.id, answer.seat, answer.token, answer.table.game);
      location.hash = `#/table/${answer.table.id}`;
    } catch (error) {
      toast(error instanceof ApiError ? error.message : String(error), 'error');
    }
  }

  reconnectAs(token) {
    this.token = token;
    this.watch = false;
    const old = this.socket;
    this.socket = null;
    if (old) old.close(1000);
    this.connect();
  }
}

const AUTO = 'dojo.autoAnswer';
/** A screen wide enough for the board and the side column side by side (the CSS's 60rem). */
const WIDE = '(min-width: 60rem)';
/** A phone's screen: one column (the CSS's max-width: 59.99rem). */
const NARROW = '(max-width: 59.99rem)';
const DIGEST_OPEN = 'dojo.digestOpen';

/** Whether this player opened the digest on a phone (kept: folded until they do). */
function digestOpen() {
  try {
    return localStorage.getItem(DIGEST_OPEN) === 'yes';
  } catch {
    return false;
  }
}

function setDigestOpen(open) {
  try {
    localStorage.setItem(DIGEST_OPEN, open ? 'yes' : 'no');
  } catch {
    // not kept: folded again on the next page
  }
}

/** Whether forced choices are answered for this player (on unless switched off). */
function autoAnswerOn() {
  try {
    return localStorage.getItem(AUTO) !== 'off';
  } catch {
    return true;
  }
}

function autoAnswerSwitch(redraw) {
  const on = autoAnswerOn();
  return h('button', {type: 'button', class: 'quiet toggle', id: 'auto-answer', 'aria-pressed': on ? 'true' : 'false',
    onclick: () => {
      try {
        localStorage.setItem(AUTO, on ? 'off' : 'on');
      } catch {
        // nothing kept: the switch is for this page only
      }
      redraw();
    },
    title: 'a choice with one possible answer is answered for you, with a line in the log'},
  on ? '⚙ Answer forced choices: on' : '⚙ Answer forced choices: off');
}

function waitingFor(ctx, toAct) {
  if (!toAct || !toAct.length) return '◌ Waiting…';
  const names = toAct.map((s) => labelled(s, ctx.name(s))).join(', ');
  return `◌ Waiting for ${names}${toAct.length > 1 ? ' (at the same time)' : ''}…`;
}

/** The prompt's line of the time left for this seat's decision. */
function youClockWords(seconds) {
  return `◷ your time for this decision: ${formatTime(seconds)}`;
}

function formatTime(seconds) {
  const whole = Math.ceil(seconds);
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}

/** Whether ``el`` takes typed text (the chat's input): its keys, Escape included, are its own. */
/** When the player last scrolled the page themselves (wheel, finger, or a scroll key outside a field). */
let userScrolledAt = 0;
const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown', ' ']);
for (const type of ['wheel', 'touchmove']) {
  window.addEventListener(type, () => { userScrolledAt = Date.now(); }, {passive: true, capture: true});
}
window.addEventListener('keydown', (event) => {
  const target = event.target;
  // (Space and the arrows scroll only from the page itself: on a button or in a list they act there.)
  if (SCROLL_KEYS.has(event.key) && (target === document.body || target === document.documentElement)) {
    userScrolledAt = Date.now();
  }
}, true);

function isTextField(el) {
  return Boolean(el) && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/** The line the server puts in place of a one-time look gone from a seat's view (``engine.values.GONE_LOOK``). */
const GONE_LOOK = '(a one-time look, now over: no longer shown)';
/** What a look held on this page (``TablePage.holdLooks``) says after it. */
const HELD_LOOK = '(a one-time look: shown until your next choice)';

function isGoneLook(line) {
  return typeof line === 'string' && line.trim() === GONE_LOOK;
}
