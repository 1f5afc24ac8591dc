// The lobby: your name, a form to create a table (game, players, presets, the game's options, each seat
// a friend, an open seat or a bot with a difficulty, the table's settings), the invitation links of a
// new table, and the lists (each table with its game, players, whose turn and its last move's time):
// my tables (finished and abandoned ones may be hidden or removed), open tables to join, games being
// played (to watch) and finished games (to replay).

import {api, inviteLink, watchLink} from './api.js';
import {clearErrorToasts, copyText, h, replace, toast} from './dom.js';
import {gameInfo, loadCatalogue} from './catalogue.js';
import {botName, givenName, labelled, seatBadge} from './seats.js';
import {setFavicon} from './turn.js';
import {forgetSeat, hideFinished, keepHideFinished, keepInvites, keepName, keepNewTableChoices, keepSeat, mySeats,
  myName, newTableChoices} from './store.js';

// Options that are guards for programs rather than choices for players: under "More settings".
const ADVANCED_OPTIONS = new Set(['max_length']);
// The section the catalogue puts the options that switch a ruling in: folded away under its own summary.
const HOUSE_RULES = 'House rules';
const FIRST_SECTION = 'Game';
// The section of the options choosing a game's expansions (the presets "Base game" and "All expansions").
const EXPANSIONS = 'Expansions';
const REFRESH_MS = 10000;
// A table of mine not finished but without a move for this long is abandoned: hidden with the finished ones.
const ABANDONED_DAYS = 7;
// A screen this narrow cuts a bot's difficulty said with its words in its list ("expert: thinks ahead, up to 2 s
// a …"): the list says the difficulty alone, and its words are written in full under it.
const NARROW = '(max-width: 40rem)';

export function openLobby(root) {
  const lobby = new Lobby(root);
  lobby.start();
  return lobby;
}

class Lobby {
  constructor(root) {
    this.root = root;
    this.timer = null;
    this.narrow = window.matchMedia(NARROW);
    this.relabel = () => this.labelLevels();
  }

  async start() {
    replace(this.root, h('p', {class: 'muted'}, 'Loading the games…'));
    let games;
    try {
      games = await loadCatalogue();
    } catch (error) {
      replace(this.root, h('p', {class: 'tag tag-warn', role: 'alert'},
        `The server cannot be reached: ${error.message}`));
      return;
    }
    this.games = games;
    // How many of my tables wait for me (also in the tab's title and icon).
    this.waitingTag = h('span', {class: 'waiting-count', id: 'waiting-count', 'aria-live': 'polite'});
    this.lists = {
      mine: h('div', {class: 'list', id: 'my-tables'}),
      open: h('div', {class: 'list', id: 'open-tables'}),
      playing: h('div', {class: 'list', id: 'playing-tables'}),
      finished: h('div', {class: 'list', id: 'finished-tables'}),
    };
    this.created = h('div', {class: 'created-slot'});
    // "My tables" may hide the finished and abandoned games (remembered in this browser).
    this.hideFinishedBox = h('input', {id: 'hide-finished', type: 'checkbox', checked: hideFinished(),
      onchange: () => {
        keepHideFinished(this.hideFinishedBox.checked);
        this.refreshMine();
      }});
    replace(this.root, h('div', {class: 'lobby'},
      h('section', {class: 'panel intro'}, h('h1', {}, 'The dojo'),
        h('p', {}, 'Play ninja card games with friends and bots. Create a table, send the invitation links, and play.'),
        this.nameField()),
      this.created,
      h('section', {class: 'panel create'}, h('h2', {}, 'New table'), this.form()),
      h('section', {class: 'panel'}, h('h2', {}, 'My tables ', this.waitingTag),
        h('p', {class: 'list-filter'}, this.hideFinishedBox,
          h('label', {for: 'hide-finished'}, ' Hide finished tables'),
          h('small', {class: 'muted'}, ` (and those without a move for ${ABANDONED_DAYS} days)`)), this.lists.mine),
      h('section', {class: 'panel'}, h('h2', {}, 'Open tables'),
        h('p', {class: 'muted'}, 'Tables with a free seat anyone may take.'), this.lists.open),
      h('section', {class: 'panel'}, h('h2', {}, 'Being played'),
        h('p', {class: 'muted'}, 'Watch as a spectator: you see what everyone sees, no hand.'), this.lists.playing),
      h('section', {class: 'panel'}, h('h2', {}, 'Finished games'), this.lists.finished),
      h('p', {}, h('button', {type: 'button', class: 'quiet', onclick: () => this.refresh()},
        '⟳ Refresh the lists'))));
    this.refresh();
    this.timer = setInterval(() => this.refresh(), REFRESH_MS);
    this.narrow.addEventListener('change', this.relabel);
  }

  destroy() {
    clearInterval(this.timer);
    this.narrow.removeEventListener('change', this.relabel);
    document.title = 'ninjadojo';
    setFavicon(false);
  }

  nameField() {
    const input = h('input', {id: 'my-name', type: 'text', maxlength: 24, value: myName(), autocomplete: 'nickname',
      placeholder: 'e.g. Ann', onchange: () => keepName(input.value.trim()),
      oninput: () => { if (this.youLabel) this.youLabel.textContent = youWords(input.value); }});
    this.nameInput = input;
    return h('p', {}, h('label', {for: 'my-name'}, 'Your name (others see it): '), input);
  }

  name() {
    const name = this.nameInput.value.trim();
    keepName(name);
    return name;
  }

  // ---------------------------------------------------------------- the create form

  form() {
    this.gameSelect = h('select', {id: 'new-game', onchange: () => this.gameChanged()},
      this.games.map((game) => h('option', {value: game.id},
        `${game.title} (${game.min_players}-${game.max_players} players)`)));
    this.summary = h('p', {class: 'muted game-summary'});
    this.playersSelect = h('select', {id: 'new-players', onchange: () => {
      this.drawSeats();
      this.showApplicable();
    }});
    // One fieldset per section of the game's options ("Game", "Expansions"...), in the game's order.
    this.optionsBox = h('div', {class: 'option-groups'});
    // A row of presets above the options: each sets the option fields at once.
    this.presetsBox = h('div', {class: 'presets', role: 'group', 'aria-label': 'Presets'});
    this.seatsBox = h('fieldset', {class: 'seats-form'});
    this.settings = {
      move_delay: h('input', {id: 'set-move-delay', type: 'number', min: 0, max: 10, step: 0.1, value: 1}),
      window_time: h('input', {id: 'set-window-time', type: 'number', min: 0, max: 10, step: 0.1, value: 1}),
      clock: h('select', {id: 'set-clock'}, h('option', {value: 'none'}, 'no clock'),
        h('option', {value: 'move'}, 'per move'), h('option', {value: 'game'}, 'per game')),
      clock_seconds: h('input', {id: 'set-clock-seconds', type: 'number', min: 1, max: 86400, value: 60}),
      undo: h('input', {id: 'set-undo', type: 'checkbox'}),
      spectators: h('input', {id: 'set-spectators', type: 'checkbox', checked: true}),
      private: h('input', {id: 'set-private', type: 'checkbox'}),
      hints: h('input', {id: 'set-hints', type: 'checkbox'}),
      seed: h('input', {id: 'set-seed', type: 'number', min: 0, placeholder: 'random'}),
    };
    const s = this.settings;
    // The clock's time, shown only with a clock, and said per move or per game (see showApplicable()).
    this.clockSecondsLabel = h('label', {for: 'set-clock-seconds'}, 'seconds ');
    this.clockSecondsBox = h('span', {class: 'clock-seconds'}, ' ', this.clockSecondsLabel, s.clock_seconds);
    // Shown only for a game (and options) whose "any time" cards can answer a move: see showApplicable().
    this.windowTimeRow = h('p', {class: 'window-time-row'}, h('label', {for: 'set-window-time'},
      'Pause after a move that an "any time" card could answer, in seconds (so that nobody can tell '
      + 'from the timing who may answer) '), s.window_time);
    this.advancedOptions = h('div', {class: 'advanced-options'});
    // Options that switch one of the game's rulings (our reading is the default): folded away.
    this.houseRulesBox = h('div', {class: 'house-rules-options'});
    this.houseRules = h('details', {class: 'house-rules'},
      h('summary', {}, 'House rules (rules this table may play another way)'), this.houseRulesBox);
    const form = h('form', {class: 'create-form', onsubmit: (event) => {
      event.preventDefault();
      this.create();
    }, onchange: () => {
      this.showApplicable();
      this.remember();
    }},
    h('p', {}, h('label', {for: 'new-game'}, 'Game '), this.gameSelect), this.summary,
    h('p', {}, h('label', {for: 'new-players'}, 'Players '), this.playersSelect),
    this.presetsBox,
    this.optionsBox,
    this.houseRules,
    this.seatsBox,
    h('details', {class: 'more-settings'}, h('summary', {}, 'More settings'),
      h('p', {}, h('label', {for: 'set-move-delay'}, 'Bots wait (seconds) before they move '), s.move_delay),
      this.windowTimeRow,
      h('p', {}, h('label', {for: 'set-clock'}, 'Clock '), s.clock, this.clockSecondsBox),
      h('p', {}, s.undo, h('label', {for: 'set-undo'}, ' Allow taking back a move')),
      h('p', {}, s.spectators, h('label', {for: 'set-spectators'}, ' Allow spectators')),
      h('p', {}, s.private, h('label', {for: 'set-private'}, ' Private (not listed in the lobby)')),
      h('p', {}, s.hints, h('label', {for: 'set-hints'}, ' Allow hints (a player may ask the expert search for '
        + 'advice on their turn; every seat sees that hints are on at this table)')),
      h('p', {}, h('label', {for: 'set-seed'}, 'Seed of the deal '), s.seed,
        h('br', {}), h('small', {class: 'muted'}, 'Kept as it is only at a table of one player against bots (a game '
          + 'you can play again); with several players it is mixed with the server\'s own randomness, so that '
          + 'nobody knows the cards. Every seat is told.')),
      this.advancedOptions),
    h('p', {}, h('button', {type: 'submit', id: 'create-table', class: 'primary'}, 'Create the table')));
    // The game picked last in this browser, not the first of the list again (after a table, a reload, the lobby).
    const kept = newTableChoices().game;
    if (this.games.some((game) => game.id === kept)) this.gameSelect.value = kept;
    this.gameChanged();
    return form;
  }

  game() {
    return gameInfo(this.gameSelect.value);
  }

  gameChanged() {
    const game = this.game();
    this.summary.textContent = game.summary;
    replace(this.playersSelect, Array.from({length: game.max_players - game.min_players + 1},
      (_, i) => h('option', {value: game.min_players + i}, String(game.min_players + i))));
    this.optionInputs = new Map();
    const sections = new Map([[FIRST_SECTION, []]]);
    const advanced = [];
    for (const option of game.options) {
      const field = optionField(option);
      this.optionInputs.set(option.name, field);
      if (ADVANCED_OPTIONS.has(option.name)) {
        advanced.push(field.row);
        continue;
      }
      const section = optionSection(option);
      if (!sections.has(section)) sections.set(section, []);
      sections.get(section).push(field.row);
    }
    const house = sections.get(HOUSE_RULES) || [];
    sections.delete(HOUSE_RULES);
    this.optionGroups = [...sections].filter(([, rows]) => rows.length).map(([section, rows]) =>
      h('fieldset', {class: 'options option-group', dataset: {section}}, h('legend', {}, section), rows));
    replace(this.optionsBox, this.optionGroups);
    replace(this.houseRulesBox, house);
    replace(this.advancedOptions, advanced);
    replace(this.presetsBox, h('span', {class: 'presets-title'}, 'Presets: '), presetsOf(game).map((preset) =>
      h('button', {type: 'button', class: 'quiet preset', dataset: {preset: preset.id}, title: preset.help,
        onclick: () => this.applyPreset(preset)}, preset.label)));
    this.showApplicable();
    this.restore(game);
  }

  /** Set the option fields to a preset's values (the options it does not name keep theirs). */
  applyPreset(preset) {
    for (const [name, value] of Object.entries(preset.values)) this.optionInputs.get(name).set(value);
    this.showApplicable();
    this.remember();
    toast(`${preset.label}: the options are set.`);
  }

  /**
   * Put back the game's players, seats and options as last chosen in this browser (a value the game no longer
   * offers is left at its default). Without any, the seats are drawn as new.
   */
  restore(game) {
    const kept = (newTableChoices().games || {})[game.id] || {};
    const players = Number(kept.players);
    if (Number.isInteger(players) && players >= game.min_players && players <= game.max_players) {
      this.playersSelect.value = String(players);
    }
    this.seatWishes = Array.isArray(kept.seats) ? kept.seats : [];
    this.drawSeats();
    let house = false;
    for (const option of game.options) {
      const value = (kept.options || {})[option.name];
      if (value === undefined || !offers(option, value)) continue;
      this.optionInputs.get(option.name).set(value);
      house = house || optionSection(option) === HOUSE_RULES;
    }
    // A house rule kept is in sight, not folded away: the table is not the one of the game's rules.
    if (house) this.houseRules.open = true;
    this.showApplicable();
  }

  /** Remember the form's choices for the next time (see store.js newTableChoices). */
  remember() {
    const game = this.game();
    const kept = newTableChoices().games;
    const games = kept && typeof kept === 'object' && !Array.isArray(kept) ? kept : {};
    const seats = this.seatInputs.map((input) => (input ? {type: input.type.value, level: input.level.value} : null));
    // The seats beyond this many players keep their choices, for a bigger table again.
    for (let seat = seats.length; seat < (this.seatWishes || []).length; seat += 1) seats.push(this.seatWishes[seat]);
    this.seatWishes = seats;
    const options = {};
    for (const option of game.options) {
      const value = this.optionInputs.get(option.name).peek();
      if (value !== option.default) options[option.name] = value;
    }
    games[game.id] = {players: Number(this.playersSelect.value), seats, options};
    keepNewTableChoices({game: game.id, games});
  }

  /** Show only the options that apply given the others' values (an option `requires` another's value). */
  showApplicable() {
    const game = this.game();
    if (!this.optionInputs) return;
    // An option hidden counts as its default (it is not sent): so one needing it is hidden in turn.
    const shown = new Set(game.options.map((option) => option.name));
    for (let pass = 0; pass <= game.options.length; pass += 1) {
      const values = {};
      for (const option of game.options) {
        values[option.name] = shown.has(option.name) ? this.optionInputs.get(option.name).peek() : option.default;
      }
      const players = Number(this.playersSelect.value);
      const next = new Set(game.options.filter((option) => optionApplies(option, values, players))
        .map((o) => o.name));
      const same = next.size === shown.size && [...next].every((name) => shown.has(name));
      shown.clear();
      for (const name of next) shown.add(name);
      if (same) break;
    }
    for (const option of game.options) this.optionInputs.get(option.name).row.hidden = !shown.has(option.name);
    this.shownOptions = shown;
    const values = {};
    for (const option of game.options) {
      values[option.name] = shown.has(option.name) ? this.optionInputs.get(option.name).peek() : option.default;
    }
    this.windowTimeRow.hidden = !windowTimeApplies(game, values);
    const clock = this.settings.clock.value;
    this.clockSecondsBox.hidden = clock === 'none';
    this.clockSecondsLabel.textContent = clock === 'game' ? 'seconds for each seat\'s whole game '
      : 'seconds for each decision ';
    // A section, or the house rules, with no option to show is hidden too.
    for (const group of this.optionGroups) group.hidden = !group.querySelector('.option-row:not([hidden])');
    this.houseRules.hidden = !this.houseRulesBox.querySelector('.option-row:not([hidden])');
  }

  drawSeats() {
    const game = this.game();
    const players = Number(this.playersSelect.value);
    // An option over seats (its choices P0, P1...) offers only the seats of this many players.
    for (const field of (this.optionInputs || new Map()).values()) {
      if (field.seats) field.seats(players);
    }
    this.seatInputs = [];
    const rows = [h('legend', {}, 'Seats')];
    for (let seat = 0; seat < players; seat += 1) {
      if (seat === 0) {
        // Your seat with the name typed above it, as it goes ("P0 You" stayed after a name was typed).
        this.youLabel = h('span', {class: 'seat-you'}, youWords(this.nameInput ? this.nameInput.value : myName()));
        rows.push(h('div', {class: 'seat-row'}, seatBadge(0, null), this.youLabel));
        this.seatInputs.push(null);
        continue;
      }
      const type = h('select', {id: `seat-type-${seat}`, 'aria-label': `seat ${seat}: who plays it`},
        h('option', {value: 'bot'}, 'a bot'), h('option', {value: 'friend'}, 'a friend (invitation link)'),
        h('option', {value: 'open'}, 'anyone (open seat)'));
      const level = h('select', {id: `seat-level-${seat}`, 'aria-label': `seat ${seat}: bot difficulty`,
        'aria-describedby': `seat-level-words-${seat}`},
      game.levels.map((each) => h('option', {value: each, selected: each === game.default_level}, each)));
      // The difficulty's words in full, under it on a narrow screen (see labelLevels()).
      const words = h('small', {class: 'muted level-words', id: `seat-level-words-${seat}`});
      const levelBox = h('span', {class: 'level-box'}, h('label', {for: `seat-level-${seat}`}, ' difficulty '), level,
        words);
      // This seat as it was last chosen here (a bot of a difficulty, a friend, an open seat).
      const wish = (this.seatWishes || [])[seat];
      if (wish && [...type.options].some((option) => option.value === wish.type)) type.value = wish.type;
      if (wish && game.levels.includes(wish.level)) level.value = wish.level;
      levelBox.hidden = type.value !== 'bot';
      type.addEventListener('change', () => {
        levelBox.hidden = type.value !== 'bot';
      });
      level.addEventListener('change', () => this.labelLevels());
      rows.push(h('div', {class: 'seat-row'}, seatBadge(seat, null), ' ', type, levelBox));
      this.seatInputs.push({type, level, words});
    }
    replace(this.seatsBox, rows);
    this.labelLevels();
  }

  /**
   * Each bot's difficulty with its words ("expert: thinks ahead, up to 2 s a move"): in its list on a wide screen;
   * on a narrow one the list says the difficulty alone and its words are written under it, in full.
   */
  labelLevels() {
    const game = this.game();
    const narrow = this.narrow.matches;
    const wordsOf = (level) => (game.level_words && game.level_words[level]) || '';
    for (const input of this.seatInputs || []) {
      if (!input) continue;
      for (const option of input.level.options) {
        const words = wordsOf(option.value);
        option.textContent = words && !narrow ? `${option.value}: ${words}` : option.value;
      }
      input.words.textContent = wordsOf(input.level.value);
      input.words.hidden = narrow ? !input.words.textContent : true;
    }
  }

  async create() {
    const game = this.game();
    const name = this.name();
    const seats = this.seatInputs.map((input, seat) => {
      if (seat === 0) return name ? {type: 'human', name} : {type: 'human'};
      if (input.type.value === 'bot') return {type: 'bot', level: input.level.value};
      if (input.type.value === 'open') return {type: 'human', open: true};
      return {type: 'human'};
    });
    const options = {};
    try {
      for (const option of game.options) {
        // An option that does not apply (its requirement unmet, so hidden) keeps the game's default.
        if (!this.shownOptions.has(option.name)) continue;
        const value = this.optionInputs.get(option.name).read();
        if (value !== option.default) options[option.name] = value;
      }
    } catch (error) {
      toast(error.message, 'error');
      return;
    }
    const s = this.settings;
    const settings = {
      move_delay: Number(s.move_delay.value), clock: s.clock.value,
      clock_seconds: Number(s.clock_seconds.value), undo: s.undo.checked, spectators: s.spectators.checked,
      private: s.private.checked, hints: s.hints.checked,
    };
    // The pause is sent only where it applies (elsewhere the server never holds, whatever it is).
    if (!this.windowTimeRow.hidden) settings.window_time = Number(s.window_time.value);
    const body = {game: game.id, players: seats.length, options, seats, settings};
    if (s.seed.value !== '') body.seed = Number(s.seed.value);
    let answer;
    try {
      answer = await api('/api/tables', {method: 'POST', body});
    } catch (error) {
      toast(`The table was not created: ${error.message}`, 'error');
      return;
    }
    clearErrorToasts(); // (a refused attempt's message must not follow onto the new table)
    const table = answer.table;
    const tokens = answer.tokens || {};
    if (tokens['0']) keepSeat(table.id, 0, tokens['0'], table.game);
    const invites = {};
    for (const [seat, token] of Object.entries(tokens)) if (seat !== '0') invites[seat] = token;
    keepInvites(table.id, invites);
    if (!Object.keys(invites).length && !answer.watch_key) {
      location.hash = `#/table/${table.id}`;
      return;
    }
    // Friends to invite: the links are shown once by the server, so show them now (and keep them).
    const items = Object.entries(invites).map(([seat, token]) => {
      const link = inviteLink(table.id, seat, token);
      const field = h('input', {class: 'link-field', readonly: true, value: link,
        'aria-label': `invitation link of seat ${seat}`});
      return h('li', {}, seatBadge(Number(seat), null), ' ', field,
        h('button', {type: 'button', onclick: () => copyText(link, field)}, 'Copy link'));
    });
    let watching = null;
    if (answer.watch_key) {
      // A private table: spectators need this link (the server shows its key only now).
      const link = watchLink(table.id, answer.watch_key);
      const field = h('input', {class: 'link-field', readonly: true, value: link, 'aria-label': 'watch link'});
      watching = h('p', {}, 'Whoever has this link may watch (the table is private): ', field,
        h('button', {type: 'button', onclick: () => copyText(link, field)}, 'Copy link'));
    }
    replace(this.created, h('section', {class: 'panel created', role: 'status'},
      h('h2', {}, `Table ${table.id} is ready`),
      items.length ? h('p', {}, 'Send each friend their link (each link is one seat; whoever has it plays that seat):')
        : null,
      items.length ? h('ul', {class: 'invites'}, items) : null,
      watching,
      h('p', {}, h('a', {class: 'button primary', href: `#/table/${table.id}`, id: 'go-to-table'},
        'Go to the table'))));
    this.created.scrollIntoView({block: 'start'});
    // The new table is one of mine now: listed at once, not at the next refresh (10 s on, "None yet" till then).
    this.refresh();
  }

  // ---------------------------------------------------------------- the lists

  async refresh() {
    await Promise.all([this.refreshMine(), this.refreshList('open', '/api/tables'),
      this.refreshList('playing', '/api/tables?status=playing'),
      this.refreshList('finished', '/api/tables?status=finished')]);
  }

  async refreshMine() {
    // The newest 100 seats (the server takes at most 100 tokens at once).
    const held = Object.entries(mySeats()).sort((a, b) => (b[1].added || 0) - (a[1].added || 0)).slice(0, 100);
    if (!held.length) {
      replace(this.lists.mine, h('p', {class: 'muted'}, 'None yet: create a table or join one.'));
      return;
    }
    try {
      const answer = await api('/api/my/tables', {method: 'POST', body: {tokens: held.map(([, seat]) => seat.token)}});
      const known = new Set(answer.tables.map((entry) => entry.table.id));
      // A token the server no longer knows (a seat left) is forgotten here too.
      for (const [tableId] of held) if (!known.has(tableId)) forgetSeat(tableId);
      this.showWaiting(answer.tables.filter((entry) => waitsFor(entry.table, entry.seat)).length);
      const hide = this.hideFinishedBox.checked;
      const shown = answer.tables.filter((entry) => !hide || !isOver(entry.table));
      const hidden = answer.tables.length - shown.length;
      replace(this.lists.mine, shown.length
        ? h('ul', {class: 'tables'}, shown.map((entry) => this.tableItem(entry.table, 'mine', entry.seat)))
        : h('p', {class: 'muted'}, 'None.'),
      hidden ? h('p', {class: 'muted hidden-count'}, hidden === 1 ? '1 finished or abandoned table hidden.'
        : `${hidden} finished or abandoned tables hidden.`) : null);
    } catch (error) {
      replace(this.lists.mine, h('p', {class: 'muted'}, `Not available: ${error.message}`));
    }
  }

  /** The count of my tables waiting for me: by the heading, in the tab's title and its icon. */
  showWaiting(count) {
    this.waitingTag.textContent = count ? `· ▶ ${count} waiting for you` : '';
    this.waitingTag.dataset.count = String(count);
    document.title = count ? `(${count}) ▶ Your turn · ninjadojo` : 'ninjadojo';
    setFavicon(count > 0);
  }

  async refreshList(kind, path) {
    try {
      const answer = await api(path);
      replace(this.lists[kind], answer.tables.length
        ? h('ul', {class: 'tables'}, answer.tables.map((table) => this.tableItem(table, kind)))
        : h('p', {class: 'muted'}, 'None right now.'));
    } catch (error) {
      replace(this.lists[kind], h('p', {class: 'muted'}, `Not available: ${error.message}`));
    }
  }

  tableItem(table, kind, mySeat = null) {
    const buttons = [];
    if (kind === 'mine') {
      buttons.push(table.status === 'finished'
        ? h('a', {class: 'button', href: `#/replay/${table.id}`}, 'Replay')
        : h('a', {class: 'button primary', href: `#/table/${table.id}`}, 'Play'));
      if (table.status === 'finished') {
        buttons.push(h('a', {class: 'button quiet', href: `#/table/${table.id}`}, 'Open'));
      }
      if (isOver(table)) {
        buttons.push(h('button', {type: 'button', class: 'quiet remove-table',
          'aria-label': `Remove table ${table.id} from my tables`, onclick: () => this.remove(table)}, 'Remove'));
      }
    } else if (kind === 'open') {
      buttons.push(h('button', {type: 'button', class: 'primary', onclick: () => this.join(table)}, 'Join'));
      buttons.push(h('a', {class: 'button quiet', href: `#/watch/${table.id}`}, 'Watch'));
    } else if (kind === 'playing') {
      buttons.push(h('a', {class: 'button', href: `#/watch/${table.id}`}, 'Watch'));
    } else {
      buttons.push(h('a', {class: 'button', href: `#/replay/${table.id}`}, 'Replay'));
    }
    const result = table.result && table.result.winners
      ? ` · won by ${table.result.winners.map((s) => labelled(s, seatWords(table.seats[s] || {seat: s}))).join(', ')}`
      : '';
    return h('li', {class: 'table-item', dataset: {table: table.id}},
      h('div', {class: 'table-line'}, h('strong', {class: 'table-game'}, table.title),
        ` · ${table.players} players · `,
        h('span', {class: `status status-${table.status}`}, table.status), result,
        // Whose turn, in names (mine says "▶ your turn" in its tag below).
        table.status === 'playing' && !(mySeat !== null && waitsFor(table, mySeat))
          ? h('span', {class: 'table-turn'}, ` · ${turnWords(table, mySeat)}`) : null,
        table.updated ? h('span', {class: 'table-ago'}, table.status === 'waiting' ? ' · opened ' : ' · last move ',
          h('time', {datetime: table.updated, title: new Date(table.updated).toLocaleString()}, ago(table.updated)))
          : null,
        table.deal === 'chosen'
          ? h('span', {class: 'tag tag-warn', title: 'whoever chose the seed may know every card'},
            'deal chosen by its creator')
          : null,
        mySeat !== null ? h('span', {class: 'tag'}, `you are P${mySeat}`) : null,
        mySeat !== null && table.status !== 'finished' && isOver(table)
          ? h('span', {class: 'tag abandoned', title: `no move for ${ABANDONED_DAYS} days or more`}, 'abandoned')
          : null,
        mySeat !== null && waitsFor(table, mySeat) ? h('span', {class: 'tag tag-turn'}, '▶ your turn') : null),
      h('div', {class: 'table-seats'}, table.seats.map((seat) => h('span', {class: 'seat-mini'},
        seatBadge(seat.seat, seatWords(seat)),
        seat.type === 'bot' ? ' ⚙' : seat.status === 'free' ? ' (free)' : ''))),
      h('div', {class: 'table-buttons'}, buttons));
  }

  /** Forget my seat at a finished or abandoned table: it leaves My tables (the game stays on the server). */
  remove(table) {
    forgetSeat(table.id);
    toast(`Table ${table.id} is removed from My tables.`);
    this.refreshMine();
  }

  async join(table) {
    const name = this.name();
    try {
      const answer = await api(`/api/tables/${table.id}/join`, {method: 'POST', body: name ? {name} : {}});
      keepSeat(table.id, answer.seat, answer.token, table.game);
      location.hash = `#/table/${table.id}`;
    } catch (error) {
      toast(error.message, 'error');
      this.refresh();
    }
  }
}

/** The section an option is shown in (the catalogue's `group`; older servers: by its ruling). */
function optionSection(option) {
  if (option.group) return option.group;
  return option.ruling !== null && option.ruling !== undefined ? HOUSE_RULES : FIRST_SECTION;
}

/** Whether an option applies given the options' `values` and, when given, the number of `players` (an option
 * with `min_players` means nothing below it): as the engine's Option.applies reads them. */
export function optionApplies(option, values, players = null) {
  if (players !== null && option.min_players && players < option.min_players) return false;
  if (!option.requires) return true;
  // Every condition must hold: `requires`, and each of `also_requires` (Drought: Heavy Weather and the Promo Pack).
  return [option.requires, ...(option.also_requires || [])].every(({option: name, value: wanted}) => {
    const value = values[name];
    if (typeof value === 'string') return value.split(',').includes(wanted);
    if (typeof value === 'boolean') return String(value) === wanted;
    return value === wanted;
  });
}

/**
 * Whether the table setting window_time (the pause after a move an "any time" card could answer) means
 * anything for ``game`` with the option ``values``: the catalogue's ``conceals`` (some table of the game can
 * answer in secret) and ``conceals_when`` (the options any one of which makes it so; none: always).
 */
export function windowTimeApplies(game, values) {
  if (!game.conceals) return false;
  const when = game.conceals_when || [];
  return !when.length || when.some((requires) => optionApplies({requires}, values));
}

/** The words for one of an option's choices (the catalogue's `choice_labels`, else the choice). */
function choiceLabel(option, choice) {
  const labels = option.choice_labels || [];
  const index = option.choices.indexOf(choice);
  return index >= 0 && labels[index] ? labels[index] : choice;
}

/** A phrase as a sentence: its first letter a capital, a full stop at its end (where it has none). */
function asSentence(text) {
  const words = String(text).trim();
  const ended = /[.!?…]["'”’)\]]*$/.test(words) ? words : `${words}.`;
  return ended.charAt(0).toUpperCase() + ended.slice(1);
}

/**
 * A form field for one game option, in words: its label, its help, a checkbox, a number, a list of its
 * choices (checkboxes for a set of them). {row, peek(), read()}: peek() is the value as it stands,
 * read() the value checked (it throws an Error saying what is allowed).
 */
function optionField(option) {
  const id = `opt-${option.name}`;
  const title = option.label || option.name;
  // The games write some help texts as a sentence and some as a phrase ("the points you need..."; the
  // terminal shows them after a dash): shown here under the label, each reads as a sentence, from its capital
  // letter to its full stop.
  const help = option.help ? h('small', {class: 'muted option-help'}, asSentence(option.help)) : null;
  // An option switching a ruling outside the house rules' section still says it is one.
  const tag = option.ruling !== null && option.ruling !== undefined && optionSection(option) !== HOUSE_RULES
    && !/^house rule/i.test(title) ? h('span', {class: 'tag house-tag'}, 'house rule') : null;
  const row = (...children) => h('div', {class: 'option-row', dataset: {option: option.name}}, children, help);
  if (option.type === 'bool') {
    const input = h('input', {id, type: 'checkbox', checked: Boolean(option.default)});
    return {row: row(input, h('label', {for: id, class: 'option-title'}, ` ${title}`), tag),
      peek: () => input.checked, read: () => input.checked, set: (value) => {
        input.checked = Boolean(value);
      }};
  }
  if (option.type === 'int' && option.seat) {
    // An option naming a seat (Of Knights and Ninjas' first player): the table's seats, as the seat list
    // below names them, not a number to type; the seats beyond the players are hidden.
    const seats = Array.from({length: (option.maximum ?? 0) + 1}, (_, s) => s);
    const choices = seats.map((s) => h('option', {value: s}, s ? `P${s}` : 'P0 (you)'));
    const select = h('select', {id}, choices);
    select.value = String(option.default);
    const peek = () => Number(select.value);
    // The seat last picked: a smaller table shows the default in its place, and a big enough one again shows it.
    let wish = peek();
    select.addEventListener('change', () => {
      wish = peek();
    });
    return {row: row(h('label', {for: id, class: 'option-title'}, `${title} `), select, tag), peek, read: peek,
      set: (value) => {
        select.value = String(value);
        wish = peek();
      },
      seats: (players) => {
        // Taken out of the list, not hidden: some browsers (Safari) still offer a hidden option.
        select.replaceChildren(...choices.filter((each) => Number(each.value) < players));
        select.value = String(wish < players ? wish : option.default);
      }};
  }
  if (option.type === 'int') {
    const input = h('input', {id, type: 'number', value: option.default, min: option.minimum ?? undefined,
      max: option.maximum ?? undefined, step: 1});
    const peek = () => Number(input.value);
    const set = (value) => {
      input.value = String(value);
    };
    return {row: row(h('label', {for: id, class: 'option-title'}, `${title} `), input, tag), peek, set, read: () => {
      const value = peek();
      if (input.value.trim() === '' || !Number.isInteger(value)
          || (option.minimum !== null && value < option.minimum)
          || (option.maximum !== null && value > option.maximum)) {
        throw new Error(`${title}: a whole number from ${option.minimum} to ${option.maximum}`);
      }
      return value;
    }};
  }
  if (option.type === 'set') {
    // A set of seats (every choice labelled P<n>, as Ninjitsu!'s players who get an Element): its empty
    // value means every seat, so every box of the table's seats is ticked for it. Boxes all unticked
    // read as "nobody" and were sent as the empty value, "everyone": they are refused instead.
    const ofSeats = (option.choice_labels || []).length
      && option.choice_labels.every((label) => /^P\d+$/.test(label));
    const chosen = new Set(String(option.default || '').split(',').filter(Boolean));
    const boxes = option.choices.map((choice) => ({choice, input: h('input', {id: `${id}-${choice}`, type: 'checkbox',
      checked: chosen.has(choice) || (ofSeats && !chosen.size)})}));
    const shown = () => boxes.filter(({input}) => !(input.closest('.choice-box') || {}).hidden);
    const everyone = () => ofSeats && shown().every(({input}) => input.checked);
    // Only the boxes shown count (a seat of a set is hidden beyond the table's players, ticked or not).
    const counted = () => (ofSeats ? shown() : boxes);
    const peek = () => (everyone() ? ''
      : counted().filter(({input}) => input.checked).map(({choice}) => choice).join(','));
    const note = ofSeats ? h('small', {class: 'muted option-everyone', 'aria-live': 'polite'}) : null;
    const sync = () => {
      if (!note) return;
      const ticked = shown().filter(({input}) => input.checked).length;
      note.textContent = everyone() ? ' every player (the default)' : ticked ? '' : ' nobody: tick at least one';
    };
    for (const {input} of boxes) input.addEventListener('change', sync);
    const read = () => {
      if (ofSeats && !shown().some(({input}) => input.checked)) {
        throw new Error(`${title}: tick at least one player (all ticked: every player, the default)`);
      }
      return peek();
    };
    const field = {row: h('fieldset', {class: 'option-row option-set', dataset: {option: option.name}},
      // Named as its group already ("Expansions" in Expansions): the name is for screen readers only.
      h('legend', {class: ['option-title', title === optionSection(option) && 'visually-hidden']}, title, tag),
      h('div', {class: 'choice-boxes'}, boxes.map(({choice, input}) => h('span', {class: 'choice-box'}, input,
        h('label', {for: `${id}-${choice}`}, ` ${choiceLabel(option, choice)}`))), note), help),
    peek, read, set: (value) => {
      const wanted = new Set(String(value || '').split(',').filter(Boolean));
      for (const {choice, input} of boxes) {
        const hidden = Boolean((input.closest('.choice-box') || {}).hidden);
        input.checked = wanted.has(choice) || (ofSeats && !wanted.size && !hidden);
      }
      sync();
    },
    // The seats from P<players> on are hidden and unticked; the seats shown again are ticked when every
    // seat was (the value stays "every seat").
    seats: ofSeats ? (players) => {
      const all = everyone();
      for (const {choice, input} of boxes) {
        const beyond = Number(choiceLabel(option, choice).slice(1)) >= players;
        input.closest('.choice-box').hidden = beyond;
        if (beyond) input.checked = false;
        else if (all) input.checked = true;
      }
      sync();
    } : null};
    sync();
    return field;
  }
  if ((option.seat_choices || []).length) return seatChoicesField(option, id, title, help);
  if (option.choices && option.choices.length) {
    const select = h('select', {id}, option.choices.map((choice) => h('option', {value: choice,
      selected: choice === option.default}, choiceLabel(option, choice))));
    return {row: row(h('label', {for: id, class: 'option-title'}, `${title} `), select, tag),
      peek: () => select.value, read: () => select.value, set: (value) => {
        select.value = String(value);
      }};
  }
  const input = h('input', {id, type: 'text', value: option.default ?? ''});
  return {row: row(h('label', {for: id, class: 'option-title'}, `${title} `), input, tag),
    peek: () => input.value.trim(), read: () => input.value.trim(), set: (value) => {
      input.value = value ?? '';
    }};
}

/**
 * A text option giving each seat one of its ``seat_choices``, joined by "/" (Ninjitsu!'s Elements kept
 * from the last game): a box to use it, then one list of the choices' words per seat. Unticked, its
 * value is empty (the option unused).
 */
function seatChoicesField(option, id, title, help) {
  const labels = option.seat_choice_labels || option.seat_choices;
  const use = h('input', {id, type: 'checkbox'});
  const selects = [0, 1, 2, 3, 4, 5].map((seat) => h('select', {id: `${id}-${seat}`},
    option.seat_choices.map((choice, index) => h('option', {value: choice}, labels[index]))));
  const rows = selects.map((select, seat) => h('div', {class: 'seat-choice'}, h('label', {for: select.id},
    `P${seat} `), select));
  const box = h('div', {class: 'seat-choices'}, rows);
  const shown = () => selects.filter((select, seat) => !rows[seat].hidden);
  const sync = () => {
    box.hidden = !use.checked;
  };
  use.addEventListener('change', sync);
  sync();
  const peek = () => (use.checked ? shown().map((select) => select.value).join('/') : '');
  return {row: h('div', {class: 'option-row option-seat-choices', dataset: {option: option.name}},
    use, h('label', {for: id, class: 'option-title'}, ` ${title}`), box, help),
  peek, read: () => {
    if (!use.checked) return '';
    // One of each choice but the first (none) at a table: said here in words, before the server's check.
    const taken = new Map();
    shown().forEach((select, seat) => {
      if (select.value === option.seat_choices[0]) return;
      const kind = select.value.replace(/\d+$/, '');
      if (taken.has(kind)) {
        const word = select.selectedOptions[0].textContent.split(',')[0];
        throw new Error(`${title}: ${word} is given to P${taken.get(kind)} and P${seat}; there is one of each`);
      }
      taken.set(kind, seat);
    });
    return peek();
  }, set: (value) => {
    const parts = String(value || '').split('/').filter(Boolean);
    use.checked = parts.length > 0;
    parts.forEach((part, seat) => {
      if (selects[seat]) selects[seat].value = part;
    });
    sync();
  }, seats: (players) => {
    rows.forEach((each, seat) => {
      each.hidden = seat >= players;
    });
  }};
}

/** Whether a value kept for an option is one the game still offers (it may have changed since it was kept). */
function offers(option, value) {
  if (option.type === 'bool') return typeof value === 'boolean';
  if (option.type === 'int') {
    return Number.isInteger(value) && (option.minimum === null || option.minimum === undefined
      || value >= option.minimum) && (option.maximum === null || option.maximum === undefined
      || value <= option.maximum);
  }
  if (typeof value !== 'string') return false;
  if (option.type === 'set') return value.split(',').filter(Boolean).every((choice) => option.choices.includes(choice));
  if ((option.seat_choices || []).length) {
    return value.split('/').filter(Boolean).every((choice) => option.seat_choices.includes(choice));
  }
  if (option.choices && option.choices.length) return option.choices.includes(value);
  return true;
}

/**
 * The presets of a game's new-table form: "Default rules" (every option, house rules too, as the game's
 * default) and, for a game with a set of expansions to choose, "Base game" (no expansion) and
 * "All expansions" (every one). {id, label, help, values: {option: value}}.
 */
export function presetsOf(game) {
  const presets = [];
  // The choice of expansions: a set in their section that needs no other option (an expansion's own
  // settings, such as who gets an Element, need it and are left as they are).
  const sets = game.options.filter((option) => option.group === EXPANSIONS && option.type === 'set'
    && !option.requires);
  if (sets.length) {
    // Base game: no expansion, and every other option of their section back to its default.
    presets.push({id: 'base', label: 'Base game', help: 'No expansion', values: Object.fromEntries(
      game.options.filter((option) => option.group === EXPANSIONS)
        .map((option) => [option.name, sets.includes(option) ? '' : option.default]))});
    presets.push({id: 'all-expansions', label: 'All expansions', help: 'Every expansion in play',
      values: Object.fromEntries(sets.map((option) => [option.name, option.choices.join(',')]))});
  }
  presets.push({id: 'default', label: 'Default rules', help: 'Every option as the game plays it by default, '
    + 'house rules too', values: Object.fromEntries(game.options.map((option) => [option.name, option.default]))});
  return presets;
}

/**
 * Whose turn it is, in names: "your turn", "Ann's turn", "P2 (medium bot) to act", "Ann and Bo to act". A bot
 * is named by its seat and level, as the table names it: "the medium bot" alone did not say which of three.
 */
function turnWords(table, mySeat) {
  const waiting = table.waiting_for || [];
  if (!waiting.length) return 'nobody to act';
  if (mySeat !== null && waiting.length === 1 && waiting[0] === mySeat) return 'your turn';
  const names = waiting.map((seat) => {
    const info = table.seats[seat];
    if (seat === mySeat) return 'you';
    if (!info) return `P${seat}`;
    return info.type === 'bot' ? `P${seat} ${botName(info)}` : givenName(info, seat) || `P${seat}`;
  });
  const human = waiting.length === 1 && (table.seats[waiting[0]] || {}).type === 'human';
  if (human) return `${names[0]}'s turn`;
  if (names.length === 1) return `${names[0]} to act`;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} to act`;
}

/** How long ago an ISO time was, in words: "just now", "2 min ago", "3 h ago", "5 days ago". */
export function ago(iso, now = Date.now()) {
  const seconds = Math.max(0, (now - Date.parse(iso)) / 1000);
  if (!Number.isFinite(seconds)) return 'some time ago';
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h ago`;
  const days = Math.floor(seconds / 86400);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** Whether a table of mine is over: finished, or abandoned (no move for ABANDONED_DAYS days). */
export function isOver(table, now = Date.now()) {
  if (table.status === 'finished') return true;
  const updated = Date.parse(table.updated || '');
  return Number.isFinite(updated) && now - updated >= ABANDONED_DAYS * 86400 * 1000;
}

/** Whether a table in play waits for this seat's move. */
function waitsFor(table, seat) {
  return table.status === 'playing' && (table.waiting_for || []).includes(seat);
}

/** A seat's name after its label: a player's name, or "(easy bot)" as the table calls a bot. */
function seatWords(seat) {
  // A seat nobody named is its badge alone, as at the table (not the server's "Player 0" beside "P0").
  return seat.type === 'bot' ? botName(seat) : givenName(seat, seat.seat);
}

/** Your seat's words in the lobby's list of seats: " You", or " You (Tess)" once a name is given. */
function youWords(name) {
  const given = String(name || '').trim();
  return given ? ` You (${given})` : ' You';
}
