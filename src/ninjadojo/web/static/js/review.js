// The review of a finished game (docs/server-protocol.md, POST/GET /api/tables/{table}/review): a dialog
// that starts the review of one seat, shows its progress, then one row per decision of that seat: what
// it was asked, what it played, its estimated win chance before and after, the better move with its
// chance, and the mark (a word and a sign, never a colour alone), with a summary line and a small chart.
// Every estimate is the expert search's on that seat's own view at that moment, never the hidden cards.

import {api} from './api.js';
import {gameInfo} from './catalogue.js';
import {h, plural, replace} from './dom.js';
import {withoutCopyNumber} from './picker.js';
import {botName, givenName} from './seats.js';

/** The marks, worst first: the word, the sign chess players know, and what it means. */
const MARKS = {
  blunder: {word: 'Blunder', many: 'blunders', sign: '??', help: 'gave away 20 or more points of win chance'},
  mistake: {word: 'Mistake', many: 'mistakes', sign: '?', help: 'gave away 10 or more points of win chance'},
  inaccuracy: {word: 'Inaccuracy', many: 'inaccuracies', sign: '?!', help: 'gave away 5 or more points of win chance'},
};

/** Seconds between two questions about a running review. */
const POLL_SECONDS = 1;

/** A chance (0 to 1) in words: "62%". */
export function percent(chance) {
  return `${Math.round(Number(chance) * 100)}%`;
}

/**
 * The review dialog of a finished table. ``ctx`` gives the table's names (its ``words`` and ``player``);
 * ``token`` (a seat's) or ``watch`` (a private table's watch key) go with every request.
 * ``open(seat)`` shows it and reviews ``seat`` (``null``: lets the viewer choose whose decisions).
 */
export class ReviewDialog {
  constructor({tableId, ctx, players, token = null, watch = null, hints = false}) {
    this.tableId = tableId;
    this.ctx = ctx;
    this.token = token;
    this.watch = watch;
    this.timer = null;
    this.seat = null;
    this.choice = h('select', {id: 'review-seat'}, Array.from({length: players}, (_, seat) =>
      h('option', {value: String(seat)}, ctx.player(seat))));
    this.startButton = h('button', {type: 'button', id: 'review-start', class: 'primary',
      onclick: () => this.start(Number(this.choice.value), this.hindsightBox.checked)}, 'Review these decisions');
    this.hindsightBox = h('input', {type: 'checkbox', id: 'review-hindsight'});
    this.hindsight = false;
    const hidden = !hidesNothing(ctx.gameId);
    this.status = h('div', {class: 'review-status', role: 'status', 'aria-live': 'polite'});
    this.body = h('div', {class: 'review-body'});
    const close = h('button', {type: 'button', class: 'review-close', 'aria-label': 'close the review'}, '✕ Close');
    this.el = h('dialog', {class: 'review-dialog', 'aria-labelledby': 'review-title'},
      h('header', {class: 'review-head'}, h('h2', {id: 'review-title'}, 'Review of the game'), close),
      h('p', {class: 'review-intro muted'}, 'Each decision with a choice is rated by the expert search, run on ',
        `what that player could see at that moment${hidden ? ' (never the hidden cards)' : ''}`,
        // (Ninja Trap hides your own traps from you: the search, as a careful player, remembers where you laid them)
        remembers(ctx.gameId) ? ' and what it remembered of its own moves (where it laid its face-down traps)' : '',
        ': the estimated ',
        'chance to win before and after the move, and the better move where there was one.',
        // Two figures for one decision (a hint's 62%, the review's 55%) read as the dojo contradicting itself.
        hints ? ' A hint during the game was a search of its own, so its figures may differ from these by a few '
          + 'points.' : ''),
      h('p', {class: 'review-choose'}, h('label', {for: 'review-seat'}, 'Whose decisions: '), this.choice, ' ',
        // A game where nothing is hidden (Ninja Camp) has no hindsight to offer.
        hidden ? h('span', {class: 'review-hindsight'}, this.hindsightBox, h('label', {for: 'review-hindsight'},
          ' with hindsight (each decision searched again with every hidden card shown: twice as long)')) : null,
        ' ', this.startButton),
      this.status, this.body);
    close.addEventListener('click', () => this.el.close());
    this.el.addEventListener('click', (event) => {
      if (event.target === this.el) this.el.close();
    });
    this.el.addEventListener('close', () => this.stop());
  }

  /** Show the dialog; review ``seat`` at once (a seat's own game), or wait for a choice (null). */
  open(seat) {
    if (seat !== null && seat !== undefined) seat = Number(seat); // a seat kept from an address is text
    if (!this.el.isConnected) document.body.append(this.el);
    if (!this.el.open) this.el.showModal();
    if (seat !== null && seat !== undefined) {
      this.choice.value = String(seat);
      if (this.seat !== seat) this.start(seat, false);
      else if (!this.timer) this.ask();
    } else if (this.seat === null) {
      replace(this.status, h('p', {}, 'Choose whose decisions to review (about a minute of the server\'s time).'));
      this.choice.focus();
    }
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = null;
  }

  request(method, body) {
    const path = `/api/tables/${encodeURIComponent(this.tableId)}/review`
      + (method === 'GET' ? `?seat=${this.seat}&hindsight=${this.hindsight}` : '');
    return api(path, {method, body, token: this.token, watch: this.watch});
  }

  /** Start (or find) the review of ``seat`` (``hindsight``: searched again with the cards shown), then follow it. */
  async start(seat, hindsight = false) {
    this.stop();
    this.seat = seat;
    this.hindsight = Boolean(hindsight);
    this.pace = null;
    this.hindsightBox.checked = this.hindsight;
    replace(this.body);
    this.startButton.disabled = true;
    replace(this.status, h('p', {}, `Starting the review of ${this.ctx.player(seat)}'s decisions…`));
    try {
      this.show(await this.request('POST', {seat, hindsight: this.hindsight}));
    } catch (error) {
      this.failed(error.message);
    }
  }

  /** Ask how the review goes. */
  async ask() {
    this.timer = null;
    const seat = this.seat;
    try {
      const answer = await this.request('GET');
      if (seat === this.seat && this.el.open) this.show(answer);
    } catch (error) {
      if (seat === this.seat) this.failed(error.message);
    }
  }

  show(answer) {
    if (answer.status === 'queued') {
      // Every slot of the server's busy with another review: this one starts when its turn comes.
      const ahead = answer.ahead || 0;
      replace(this.status, h('p', {}, `The review of ${this.ctx.player(this.seat)}'s decisions is waiting its turn: `,
        h('strong', {}, ahead === 1 ? '1 review' : `${ahead} reviews`), ' ahead of it on this server (about a minute ',
        'each). It starts by itself; you may close this and come back.'));
      this.root().dataset.review = 'queued';
      this.timer = setTimeout(() => this.ask(), POLL_SECONDS * 1000);
      return;
    }
    if (answer.status === 'running') {
      const total = Math.max(answer.total, answer.done, 1);
      replace(this.status,
        h('p', {}, `Reviewing ${this.ctx.player(this.seat)}'s decisions: `,
          h('strong', {}, `${answer.done} of ${answer.total || '…'}`), ' done.', this.timeLeft(answer)),
        h('progress', {max: String(total), value: String(answer.done), 'aria-label': 'review progress'}));
      // The decisions reviewed so far, as they come: a minute of a bar alone is a long wait.
      const moves = answer.moves || [];
      const players = playersOf(answer.played_by, this.seat);
      if (moves.length) {
        replace(this.body, decisionTable(moves, this.ctx, players ? players.all : this.ctx.player(this.seat), true,
          players));
      }
      this.root().dataset.review = 'running';
      this.timer = setTimeout(() => this.ask(), POLL_SECONDS * 1000);
      return;
    }
    this.startButton.disabled = false;
    if (answer.status === 'failed' || !answer.review) {
      this.failed(answer.error || 'the review failed');
      return;
    }
    replace(this.status);
    replace(this.body, drawReview(answer.review, this.ctx, playersOf(answer.played_by, this.seat)));
    this.root().dataset.review = 'done';
  }

  /** " About 3 minutes left.", from the pace since this page first saw the review running (a review
   * started earlier, or elsewhere, is timed from then on); nothing until a decision is done. */
  timeLeft(answer) {
    const now = Date.now();
    const key = `${this.seat}:${this.hindsight}`;
    if (!this.pace || this.pace.key !== key || answer.done < this.pace.done) {
      this.pace = {key, at: now, done: answer.done};
    }
    const done = answer.done - this.pace.done;
    const left = answer.total - answer.done;
    if (done <= 0 || left <= 0) return '';
    const seconds = (now - this.pace.at) / 1000 / done * left;
    if (seconds < 60) return ' Less than a minute left.';
    const minutes = Math.round(seconds / 60);
    return ` About ${minutes} minute${minutes === 1 ? '' : 's'} left.`;
  }

  failed(message) {
    this.startButton.disabled = false;
    this.root().dataset.review = 'failed';
    replace(this.status, h('p', {class: 'tag tag-warn', role: 'alert'}, `The review is not available: ${message}`),
      h('p', {}, h('button', {type: 'button', onclick: () => this.start(this.seat, this.hindsight)}, 'Try again')));
  }

  root() {
    return this.el;
  }
}

/**
 * Who played ``seat`` at each decision, from the server's ``played_by`` (the seat's players in turn, each until
 * the record's ``until``-th action, the last to the end): ``at(ply)``, and ``all`` in turn ("Walker, then P0
 * (medium bot)"); null when one player had the seat all game (a player who left is not the bot after them).
 */
export function playersOf(playedBy, seat) {
  if (!Array.isArray(playedBy) || playedBy.length < 2) return null;
  const named = (entry) => (entry.type === 'bot' ? `P${seat} ${botName(entry)}` : givenName(entry, seat) || `P${seat}`);
  const names = playedBy.map(named);
  const last = playedBy[playedBy.length - 1];
  return {
    all: names.filter((name, i) => i === 0 || name !== names[i - 1]).join(', then '),
    at: (ply) => named(playedBy.find((entry) => entry.until === null || entry.until > ply) || last),
  };
}

/** Whether the game of a review hides nothing from any seat (its catalogue entry's ``hidden``). */
function hidesNothing(gameId) {
  const game = gameInfo(gameId);
  return Boolean(game) && game.hidden === false;
}

/** Whether a seat of the game remembers what its view later hides (its catalogue entry's ``remembers``). */
function remembers(gameId) {
  const game = gameInfo(gameId);
  return Boolean(game && game.remembers);
}

/** A finished review: the summary, the chart, then one row per decision (``players``: see playersOf). */
export function drawReview(review, ctx, players = null) {
  const moves = review.moves || [];
  const who = players ? players.all : ctx.player(review.seat);
  if (!moves.length) {
    return h('p', {class: 'review-summary'},
      `${who} had no decision with a choice in this game: nothing to review.`);
  }
  const marks = review.marks || {};
  const counted = Object.entries(MARKS)
    .map(([mark, {word, many}]) => plural(marks[mark] || 0, word.toLowerCase(), many));
  const lost = Math.round(Number(review.average_loss || 0) * 1000) / 10;
  // Decisions where nothing but the move played was searched enough to trust: no verdict on them (see the rows).
  const uncompared = moves.filter((move) => move.estimate.compared === false
    && move.estimate.best.action === move.estimate.played.action).length;
  // From which decision the game was decided, as the review library finds it (``decided_from``).
  const decided = review.decided_from;
  const summary = h('p', {class: 'review-summary'}, h('strong', {}, `${who}: `),
    `${plural(moves.length, 'decision')} with a choice reviewed; ${counted.join(', ')}. `,
    `On average ${lost} percentage points of win chance given away per decision.`,
    uncompared ? ` For ${uncompared} of them no other move was searched enough to compare with the one played.`
      : null,
    decided ? ` From decision ${decided.number} on the game was decided as far as the search could see `
      + `(${decided.percent}% before and after every move): those moves are rated alike.` : null);
  return h('div', {class: 'review-result'}, summary, chart(moves, Number(review.players) || 2),
    h('p', {class: 'muted review-budget'}, review.unit === 'samples'
      ? `For each decision the expert tried the moves worth trying, and the one played, on ${review.iterations} `
        + 'samples of what could be known. '
      : `For each decision the expert searched ${Number(review.iterations).toLocaleString('en')} lines of play `
        // (a game that hides nothing, Ninja Camp, has no hidden cards to deal: its lines start from the position)
        + (hidesNothing(review.game) ? 'from the position (nothing in this game is hidden). '
          : 'from what could be known, each with the hidden cards dealt anew. '),
      'An estimate is a search\'s, not a certainty: a mark needs a loss the search is confident of. ',
      // (a winning move was once marked a blunder against weak bots, with nothing to say why)
      'The chances assume every player goes on to play well, not as the players at this table did: a move '
        + 'that worked against them may still be rated a mistake.'),
    decisionTable(moves, ctx, who, false, players));
}

/** One row per decision of ``who`` (``partial``: the review is still running, these are the rows so far); with
 * ``players`` (the seat changed hands), a column says who played each. */
function decisionTable(moves, ctx, who, partial, players = null) {
  return h('div', {class: 'review-table-wrap'},
    h('table', {class: 'review-table', dataset: {partial: partial ? 'yes' : 'no'}},
      h('caption', {class: 'visually-hidden'},
        partial ? `The decisions of ${who} reviewed so far` : `Each decision of ${who}`),
      h('thead', {}, h('tr', {},
        h('th', {scope: 'col'}, '#'), players ? h('th', {scope: 'col'}, 'Played by') : null,
        h('th', {scope: 'col'}, 'What was asked'),
        h('th', {scope: 'col'}, 'Played'), h('th', {scope: 'col'}, 'Win chance before → after'),
        h('th', {scope: 'col'}, 'Better move'), h('th', {scope: 'col'}, 'Mark'))),
      h('tbody', {}, moves.map((move) => drawMove(move, ctx, players)))));
}

/**
 * A move in the table's words, without the engine's number of a copy ("Play Smoke Bomb as a treasure (copy 2)"):
 * in the list of choices it told two buttons apart; here, one move to a row, it tells nothing apart.
 */
function said(label, ctx) {
  return ctx.words(withoutCopyNumber(label));
}

function drawMove(move, ctx, players) {
  const estimate = move.estimate;
  const played = estimate.played;
  const best = estimate.best;
  const mark = move.mark && MARKS[move.mark];
  // Where the seat's own next decision came right after and rated the position higher (``followed``: the
  // search had played the move's sequel with its play-out policy), the move is rated from it.
  const followed = move.followed === null || move.followed === undefined ? null : Number(move.followed);
  const after = followed === null ? Number(estimate.after) : Math.max(Number(estimate.after), followed);
  // The points given away as the two percentages shown differ (each is rounded).
  const lost = Math.round(Number(estimate.before) * 100) - Math.round(after * 100);
  // A best move that rounds to the same chance as the one played is no better as far as anyone can
  // read: the move played is called as good as the best, which is still named. One whose lead is within
  // the search's own error (``clear`` false; a review stored before it said so counts as clear) is not
  // called better either: the search cannot tell the two apart.
  const chance = h('span', {class: 'chance'}, `(${percent(best.chance)})`);
  // Two copies of a card played alike are one move to a player (the engine's copy number alone told them apart).
  const same = best.action === played.action || withoutCopyNumber(best.label) === withoutCopyNumber(played.label);
  // Nothing else searched enough to trust (a budget spread over a hundred moves): "the best found" would be
  // only the search's focus on the move played. (A review stored before ``compared`` counts as compared.)
  const uncompared = best.action === played.action && estimate.compared === false;
  const better = uncompared
    ? [h('span', {class: 'muted review-uncompared', title: 'the search gave your move a quarter of its time; '
      + 'each other move it tried too few times to trust its estimate'},
    '— no other move was searched enough to compare with yours')]
    : same
      ? [h('span', {class: 'muted'}, '✓ your move was the best found')]
      : lost > 0 && estimate.clear !== false
        ? [said(best.label, ctx), ' ', chance]
        : lost > 0
          ? [h('span', {class: 'muted', title: 'the difference is within what the search can tell apart'},
            '≈ not clearly worse than the best found (the gap is within the search’s error): '),
          said(best.label, ctx), ' ', chance]
          // The move played rated above the one the search settled on (it searched that one more): not "as good
          // as" a move shown with a lower chance.
          : lost < 0
            ? [h('span', {class: 'muted'}, '✓ your move rated at least as well as the best found: '),
              said(best.label, ctx), ' ', chance]
            : [h('span', {class: 'muted'}, '✓ as good as the best found: '), said(best.label, ctx), ' ', chance];
  return h('tr', {class: ['review-move', mark && `marked mark-${move.mark}`], dataset: {number: move.number,
    mark: move.mark || 'none'}},
  h('td', {class: 'review-number'}, String(move.number)),
  players ? h('td', {class: 'review-by'}, players.at(Number(move.ply))) : null,
  h('td', {class: 'review-prompt'}, ctx.words(move.prompt)),
  h('td', {class: 'review-played'}, said(played.label, ctx)),
  // The figure after the arrow is the one the loss is counted from; where the next decision rated the
  // position higher, the note says so and gives this search's own figure (it read "38% → ... (43% at your
  // next decision, right after) (−5)": two figures after and a loss from neither, in a probe's words cryptic).
  h('td', {class: 'review-chance'}, `${percent(estimate.before)} → ${percent(after)}`,
    lost > 0 ? h('span', {class: 'muted', title: 'points of win chance given away'}, ` (−${lost})`) : null,
    followed === null || percent(followed) === percent(estimate.after) ? null
      : h('div', {class: 'muted review-followed',
        title: 'this decision\'s search played on from your move with its own players and rated it '
          + `${percent(estimate.after)}; your next decision came right after it, and its search, with your `
          + 'own next move, rated the position higher'},
      `as rated at your next decision, right after (${percent(estimate.after)} by this decision's own search)`)),
  h('td', {class: 'review-better'}, better, move.hindsight ? hindsightLine(move.hindsight, ctx) : null),
  h('td', {class: 'review-mark'}, mark
    ? h('span', {class: ['mark-tag', `mark-${move.mark}`], title: mark.help},
      h('span', {'aria-hidden': 'true'}, `${mark.sign} `), mark.word)
    : h('span', {class: 'muted'}, '—')));
}

/** What the same search found with every hidden card shown (the game is over: nothing is secret now). */
function hindsightLine(truth, ctx) {
  const same = truth.best.action === truth.played.action || percent(truth.best.chance) === percent(truth.played.chance)
    || withoutCopyNumber(truth.best.label) === withoutCopyNumber(truth.played.label);
  const best = same
    ? `your move was as good as any (${percent(truth.played.chance)})`
    : `${said(truth.best.label, ctx)} (${percent(truth.best.chance)}; yours ${percent(truth.played.chance)})`;
  return h('div', {class: 'review-truth'}, h('span', {class: 'muted'}, 'With the cards shown: '), best);
}

/**
 * The estimated win chance after each decision as a line, the marked ones as shapes (and words in the
 * table), over a line at a fair share (one in ``players``: 25% with four), what an even game gives each.
 */
function chart(moves, players) {
  const width = 600;
  const height = 110;
  // A margin on the left for the scale's figures (0%, 50%, 100%), which the line alone did not give.
  const left = 48;
  const x = (i) => (moves.length > 1 ? (i * (width - left - 14)) / (moves.length - 1) + left + 4
    : (width + left) / 2);
  const y = (chance) => height - 10 - Number(chance) * (height - 20);
  const points = moves.map((move, i) => `${x(i).toFixed(1)},${y(move.estimate.after).toFixed(1)}`).join(' ');
  const fair = 1 / players;
  const first = moves[0].estimate.before;
  const last = moves[moves.length - 1].estimate.after;
  const svg = h('svg:svg', {viewBox: `0 0 ${width} ${height}`, class: 'review-chart', role: 'img',
    'aria-label': `Estimated win chance through the game: ${percent(first)} at the first decision, `
      + `${percent(last)} after the last`},
  [0, 0.25, 0.5, 0.75, 1].map((tick) => [
    h('svg:line', {x1: left, x2: width, y1: y(tick), y2: y(tick), class: 'review-chart-grid'}),
    tick * 2 === Math.round(tick * 2)
      ? h('svg:text', {x: left - 6, y: y(tick) + 4, class: 'review-chart-scale', 'text-anchor': 'end'},
        percent(tick))
      : null]),
  h('svg:line', {x1: left, x2: width, y1: y(fair), y2: y(fair), class: 'review-chart-half'}),
  h('svg:polyline', {points, class: 'review-chart-line'}),
  moves.map((move, i) => (move.mark && MARKS[move.mark]
    ? h('svg:circle', {cx: x(i).toFixed(1), cy: y(move.estimate.after).toFixed(1), r: 5,
      class: `review-chart-mark mark-${move.mark}`},
    h('svg:title', {}, `Decision ${move.number}: ${MARKS[move.mark].word}`))
    : null)));
  return h('figure', {class: 'review-figure'}, svg,
    h('figcaption', {class: 'muted'}, `Win chance after each decision (the dashed line is a fair share: `
      + `${percent(fair)} with ${players} players; a ring marks a blunder, a mistake or an inaccuracy).`),
    legend());
}

/** The key of the chart's rings: each mark's colour beside its sign and word, as the rows write them. */
function legend() {
  return h('div', {class: 'review-legend muted'}, h('span', {id: 'review-legend-title'}, 'Rings:'),
    h('ul', {'aria-labelledby': 'review-legend-title'},
      Object.entries(MARKS).map(([mark, {word, sign, help}]) => h('li', {dataset: {mark}, title: help},
        h('svg:svg', {viewBox: '0 0 14 14', width: 14, height: 14, 'aria-hidden': 'true'},
          h('svg:circle', {cx: 7, cy: 7, r: 5, class: `review-chart-mark mark-${mark}`})),
        h('span', {'aria-hidden': 'true'}, `${sign} `), word))));
}
