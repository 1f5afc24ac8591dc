// Choosing an action by clicking the things it acts on.
//
// Each game says, for every legal action, the keys of the things it acts on (a card "card:6c", a
// secret "secret:1.0", a square "sq:b2"...), and draws those things with the same keys in their
// data-keys attribute. Clicking a thing adds its key to the selection; the candidates are the legal
// actions whose keys include every selected key. The things that would narrow the candidates further
// are highlighted. When one candidate is left and all its keys are selected it is sent; when several
// are left the chooser lists them (e.g. a card played for its action, as a secret or as a treasure).
// So a Ninja Camp move is a click on a ninja then on a square, a steal a click on a secret, and so on,
// with no per-game code here. Only legal actions are ever offered.

import {h, pressable} from './dom.js';

/**
 * The engine's number of a copy at the end of a choice's words (GameState.labels): "(copy 2)", "(..., copy 2)",
 * and after a seat's name "— copy 2", "— ..., copy 2".
 */
const COPY_NUMBER = / \(copy \d+\)$| \u2014 copy \d+$|, copy \d+(?=\)?$)/;

/**
 * A choice's words without the engine's number of a copy ("Play Katana as a treasure (copy 2)" → "Play Katana
 * as a treasure"; "(P1 knows you have it, copy 2)" → "(P1 knows you have it)"): where the choices are not
 * side by side (the review's moves) the number tells nothing apart and means nothing to a player.
 */
export function withoutCopyNumber(text) {
  return typeof text === 'string' ? text.replace(COPY_NUMBER, '') : text;
}

export class Picker {
  /** ``onSend(action)`` sends an action; ``onChange()`` redraws the chooser. */
  constructor({onSend, onChange}) {
    this.onSend = onSend;
    this.onChange = onChange;
    this.legal = [];
    this.keys = new Map(); // action -> its keys
    this.required = new Map(); // action -> the keys that must be selected to settle it
    this.starts = new Map(); // action -> the keys it may be started from (all of them unless marked)
    this.selected = [];
    this.enabled = false;
  }

  /** A new position: its legal actions and the game's key function. Keeps no stale selection. */
  update(legal, keysOf, enabled) {
    const same = legal.length === this.legal.length && legal.every((action, i) => action === this.legal[i]);
    this.legal = legal;
    this.keys = new Map();
    this.required = new Map();
    this.starts = new Map();
    for (const action of legal) {
      // A key may be marked "~" (optional: it narrows, it is not needed) and "^" (the action may be
      // started from it; when none is marked, from any key).
      const marked = keysOf(action).map((key) => ({name: key.replace(/^[~^]+/, ''),
        optional: /^[~^]*~/.test(key), start: /^[~^]*\^/.test(key)}));
      const names = marked.map((key) => key.name);
      this.keys.set(action, names);
      this.required.set(action, marked.filter((key) => !key.optional).map((key) => key.name));
      const starts = marked.filter((key) => key.start).map((key) => key.name);
      this.starts.set(action, starts.length ? starts : names);
    }
    this.enabled = enabled;
    if (!same || !enabled) this.selected = [];
  }

  /** The legal actions matching the selection. */
  candidates(selected = this.selected) {
    return this.legal.filter((action) => selected.every((key) => this.keys.get(action).includes(key)));
  }

  /**
   * What a press on a thing with these keys does, worked out without doing it: {take: key} for a selected
   * thing (a press takes it back); else {selected, actions, sends}: the selection after the press, the
   * candidates it leaves, and whether it sends the only one at once. Null when the press does nothing.
   */
  step(keys) {
    const chosen = keys.find((key) => this.selected.includes(key));
    if (chosen) return {take: chosen};
    const usable = (action) => (this.selected.length ? this.keys : this.starts).get(action);
    const key = keys.find((each) => this.candidates().some((action) => usable(action).includes(each)));
    if (!key) return null;
    const selected = [...this.selected, key];
    const actions = this.candidates(selected);
    const sends = actions.length === 1 && this.required.get(actions[0]).every((each) => selected.includes(each));
    return {selected, actions, sends};
  }

  /** Forget the selection. */
  cancel() {
    if (this.selected.length) {
      this.selected = [];
      this.onChange();
    }
  }

  /** Mark the things under ``root`` that may be clicked now, and listen to them. */
  decorate(root) {
    const candidates = this.enabled ? this.candidates() : [];
    const open = new Set();
    for (const action of candidates) {
      const keys = this.selected.length ? this.keys.get(action) : this.starts.get(action);
      for (const key of keys) if (!this.selected.includes(key)) open.add(key);
    }
    const seen = new Map();
    for (const el of root.querySelectorAll('[data-keys]')) {
      const keys = el.dataset.keys.split(' ');
      // A stable id, so that the focus comes back to the same thing when the board is redrawn.
      const count = (seen.get(el.dataset.keys) || 0) + 1;
      seen.set(el.dataset.keys, count);
      el.dataset.fid = `key:${el.dataset.keys}#${count}`;
      const selected = keys.some((key) => this.selected.includes(key));
      const usable = keys.find((key) => open.has(key));
      el.classList.toggle('selected', selected);
      el.classList.toggle('actionable', Boolean(usable) && !selected);
      if (usable || selected) {
        pressable(el);
        el.setAttribute('aria-pressed', selected ? 'true' : 'false');
        el.onclick = (event) => {
          event.stopPropagation();
          this.press(keys);
        };
      } else {
        el.onclick = null;
        el.removeAttribute('role');
        el.removeAttribute('tabindex');
        el.removeAttribute('aria-pressed');
      }
    }
  }

  /** A click on a thing with these keys: select (or unselect) it, and send when it settles an action. */
  press(keys) {
    if (!this.enabled) return;
    const step = this.step(keys);
    if (!step) return;
    if (step.take) {
      // A second click on a selected thing takes it back.
      this.selected = this.selected.filter((key) => key !== step.take);
    } else if (step.sends) {
      this.selected = [];
      this.onSend(step.actions[0]);
      return;
    } else {
      this.selected = step.selected;
    }
    this.onChange();
  }

  /**
   * What a press on a thing with these keys would do, without doing it (a finger's first tap says it):
   * {take: true} for a selected thing (a press takes it back), else {actions, sends}: the candidates the
   * press would leave, and whether it would send the only one at once (else the chooser lists them).
   * Null when the press would do nothing.
   */
  preview(keys) {
    if (!this.enabled) return null;
    const step = this.step(keys);
    return step && (step.take ? {take: true} : {actions: step.actions, sends: step.sends});
  }


  /** The chooser: the candidates of the selection as buttons (nothing when nothing is selected). */
  chooser(describe) {
    if (!this.enabled || !this.selected.length) return null;
    const candidates = this.candidates();
    // The engine numbers copies of a card whose choices read alike ("... (copy 2)"); a chooser opened on
    // one copy names what was clicked, so the number goes wherever the words stay unique without it.
    const words = candidates.map((action) => describe(action));
    const plain = words.map(withoutCopyNumber);
    const shown = plain.map((text, i) => (plain.filter((other) => other === text).length === 1 ? text : words[i]));
    // Narrowing by the board is offered only where a choice acts on something not yet selected.
    const narrow = candidates.some((action) => (this.keys.get(action) || [])
      .some((key) => !this.selected.includes(key)));
    const title = candidates.length === 1
      ? (narrow ? 'Confirm, or choose on the board what it acts on:' : 'Confirm:')
      : `${candidates.length} ways: pick one`
        + (narrow ? ', or choose a highlighted thing on the board to narrow them' : '');
    const box = h('div', {class: 'chooser', role: 'group', 'aria-label': 'choose how'},
      h('div', {class: 'chooser-title'}, title),
      h('div', {class: 'chooser-list'}, candidates.map((action, i) => h('button', {
        type: 'button', class: 'choice', dataset: {action, fid: `choose:${action}`},
        onclick: () => {
          this.selected = [];
          this.onSend(action);
        }}, shown[i]))),
      // (its key, Esc, is said where there is a keyboard: not on a touch screen, which has none)
      h('button', {type: 'button', class: 'cancel', dataset: {fid: 'choose:cancel'},
        onclick: () => this.cancel()}, 'Cancel', h('span', {class: 'key-hint'}, ' (Esc)')));
    return box;
  }
}

/** A list longer than this is folded into the groups the game gives (see actionList). */
export const GROUP_FROM = 13;
/** A group longer than this is folded again, into its subgroups. */
const SUBGROUP_FROM = 9;

/**
 * The full list of legal actions as buttons: always there, always usable with the keyboard.
 *
 * A long list (Ninja Camp's turn: up to 140 moves) is folded, when the game says how (``groupOf(action)``: the
 * labels of its group and subgroup, e.g. ["Dodge", "The ninja on d1, claiming the Shadow (+3)"], or null for an
 * action listed at the top), into groups that open and close (a details element: a button to a screen reader,
 * Enter or Space with the keyboard), each saying how many choices it holds; a group of one is its button.
 * ``open`` is the set of the groups' keys the player has opened, kept by the caller across redraws; ``none``:
 * what to say when there is nothing to choose (why, where the caller knows it).
 */
export function actionList(legal, describe, onSend, enabled, {groupOf = null, open = new Set(), none = null} = {}) {
  if (!legal.length) return h('p', {class: 'muted'}, none || 'Nothing to choose now.');
  // Copies of a card that nothing tells apart for this seat (the engine numbers them: "(copy 2)") are one
  // choice to a player: the list shows the first, without the number ("Play Katana as a treasure" twice, as
  // "(copy 1)" and "(copy 2)", read as the engine's bookkeeping). A click on a copy in the hand still plays it.
  const words = new Map();
  const first = new Map();
  const copies = new Map();
  const shown = [];
  for (const action of legal) {
    const said = describe(action);
    const plain = withoutCopyNumber(said);
    if (plain !== said && first.has(plain)) {
      copies.get(first.get(plain)).push(action);
      continue;
    }
    if (!first.has(plain)) first.set(plain, action);
    copies.set(action, []);
    words.set(action, plain);
    shown.push(action);
  }
  legal = shown;
  // (the copies a button stands for are kept in data-copies, for tests and tools: the list still holds every
  // legal action, some as one button)
  const button = (action) => h('li', {},
    h('button', {type: 'button', class: 'action', disabled: !enabled,
      dataset: {action, fid: `act:${action}`, copies: copies.get(action).join(' ') || null},
      onclick: () => onSend(action)},
    // Words only: the action's text is the notation (kept in data-action for tests and tools).
    h('span', {class: 'action-words'}, words.get(action))));
  let paths = groupOf && legal.length >= GROUP_FROM ? legal.map((action) => groupOf(action) || []) : null;
  // A list that would fold into one group alone (every choice a steal, say) is that group opened: a closed
  // group with nothing beside it is a click for nothing. Its subgroups, if any, are the list's groups.
  while (paths && paths[0].length && paths.every((path) => path[0] === paths[0][0])) {
    paths = paths.map((path) => path.slice(1));
  }
  if (!paths || !paths.some((path) => path.length)) return h('ul', {class: 'action-list'}, legal.map(button));
  return h('ul', {class: 'action-list grouped'}, folded(legal, paths, 0, '', button, open));
}

/** The items of a list: its actions in groups by ``paths[i][depth]`` (in the order they first come), or alone. */
function folded(actions, paths, depth, prefix, button, open) {
  const groups = new Map();
  const items = [];
  actions.forEach((action, i) => {
    const name = paths[i][depth];
    if (!name) {
      items.push({action});
      return;
    }
    if (!groups.has(name)) {
      groups.set(name, {name, actions: [], paths: []});
      items.push({group: groups.get(name)});
    }
    groups.get(name).actions.push(action);
    groups.get(name).paths.push(paths[i]);
  });
  return items.map(({action, group}) => {
    if (action) return button(action);
    if (group.actions.length === 1) return button(group.actions[0]);
    const key = `${prefix}${group.name}`;
    const inner = depth === 0 && group.actions.length >= SUBGROUP_FROM
      && new Set(group.paths.map((path) => path[1] || '')).size > 1;
    const details = h('details', {class: 'action-group', open: open.has(key),
      ontoggle: () => (details.open ? open.add(key) : open.delete(key))},
    h('summary', {dataset: {fid: `group:${key}`}}, h('span', {class: 'group-name'}, group.name),
      h('span', {class: 'group-count'}, ` · ${group.actions.length} choices`)),
    h('ul', {class: 'action-sublist'}, inner
      ? folded(group.actions, group.paths, 1, `${key} › `, button, open)
      : group.actions.map(button)));
    return h('li', {}, details);
  });
}
