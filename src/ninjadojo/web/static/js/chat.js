// The chat box of a table: the lines and quick emotes of the people at it (seats and spectators).
// Every line is put in the page as text (h() makes text nodes): a chat line or a name is never HTML.
// A player can mute the chat; the switch is kept in this browser (localStorage).

import {h, replace} from './dom.js';

const MUTED = 'dojo.chatMuted';

/** The longest line the server takes (characters). */
export const CHAT_MAX = 300;

/** The quick emotes the server knows: the symbol and the word each is shown with. */
export const EMOTES = {
  hello: ['👋', 'Hello'],
  good_game: ['🤝', 'Good game'],
  thanks: ['🙏', 'Thanks'],
  well_played: ['👏', 'Well played'],
  oops: ['😅', 'Oops'],
  thinking: ['🤔', 'Thinking…'],
};

let emojiDrawn = null;

/**
 * Whether this browser has a font that draws the emotes' symbols in colour: a machine without one (a
 * bare Linux) would show each as an empty box, so the emotes are then words alone. Told by drawing one
 * on a canvas and looking for a coloured pixel (a box, or a black-and-white fallback, has none).
 */
export function emojiShown() {
  if (emojiDrawn !== null) return emojiDrawn;
  emojiDrawn = true; // where a canvas cannot tell, the symbols are shown as before
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 32;
    canvas.height = 32;
    const ctx = canvas.getContext('2d', {willReadFrequently: true});
    if (!ctx) return emojiDrawn;
    ctx.font = '24px sans-serif';
    ctx.textBaseline = 'top';
    ctx.fillStyle = '#000';
    ctx.fillText(EMOTES.good_game[0], 0, 0);
    const data = ctx.getImageData(0, 0, 32, 32).data;
    let coloured = false;
    for (let i = 0; i < data.length && !coloured; i += 4) {
      coloured = data[i + 3] > 0 && (data[i] !== data[i + 1] || data[i + 1] !== data[i + 2]);
    }
    emojiDrawn = coloured;
  } catch {
    // (no canvas: keep the symbols)
  }
  return emojiDrawn;
}

/** How an emote is shown: its symbol and word, or the word alone where the symbol cannot be drawn. */
export function emoteText(key) {
  const emote = EMOTES[key];
  if (!emote) return key;
  return emojiShown() ? `${emote[0]} ${emote[1]}` : emote[1];
}

function mutedNow() {
  try {
    return localStorage.getItem(MUTED) === 'yes';
  } catch {
    return false;
  }
}

function keepMuted(muted) {
  try {
    if (muted) localStorage.setItem(MUTED, 'yes');
    else localStorage.removeItem(MUTED);
  } catch {
    // Private browsing: the switch holds for this page only.
  }
}

/** A chat box; ``send(message)`` sends a chat message ({type: 'chat', text} or {type: 'chat', emote}). */
export class ChatBox {
  constructor({send}) {
    this.send = send;
    this.lines = new Map(); // n -> line, every line known (from states and chat messages)
    this.shown = -1; // the highest n drawn
    this.unseen = 0; // lines that came while muted
    this.muted = mutedNow();
    this.list = h('ol', {class: 'chat-lines', 'aria-live': 'polite', 'aria-label': 'chat lines'});
    this.input = h('input', {type: 'text', class: 'chat-input', maxlength: CHAT_MAX, autocomplete: 'off',
      'aria-label': 'chat message', placeholder: 'Say something…'});
    this.form = h('form', {class: 'chat-form', onsubmit: (event) => this.submit(event)},
      this.input, h('button', {type: 'submit', class: 'chat-send'}, 'Send'));
    this.emotes = h('div', {class: 'chat-emotes', role: 'group', 'aria-label': 'quick emotes'},
      Object.keys(EMOTES).map((key) => h('button', {type: 'button', class: 'chat-emote',
        dataset: {emote: key}, onclick: () => this.send({type: 'chat', emote: key})}, emoteText(key))));
    this.muteButton = h('button', {type: 'button', class: 'toggle chat-mute', onclick: () => this.toggle()});
    this.status = h('span', {class: 'chat-status muted'});
    this.body = h('div', {class: 'chat-body'}, this.list, this.emotes, this.form);
    this.el = h('section', {class: 'chat', 'aria-label': 'chat'},
      h('div', {class: 'chat-head'}, h('h2', {class: 'chat-title'}, 'Chat'), this.status, this.muteButton),
      this.body);
    this.drawMute();
  }

  /** The lines a state carries (the table's last ones): add those not known yet. */
  merge(lines) {
    for (const line of lines || []) this.lines.set(line.n, line);
    this.draw();
  }

  /** One chat message from the server. */
  add(line) {
    if (this.muted && !this.lines.has(line.n)) this.unseen += 1;
    this.lines.set(line.n, line);
    this.draw();
  }

  /** Whether it may send (a connection is open). */
  setEnabled(enabled) {
    for (const el of this.el.querySelectorAll('button:not(.chat-mute), input')) el.disabled = !enabled;
  }

  submit(event) {
    event.preventDefault();
    const text = this.input.value;
    if (!text.trim()) return;
    this.send({type: 'chat', text});
    this.input.value = '';
  }

  toggle() {
    this.muted = !this.muted;
    keepMuted(this.muted);
    this.unseen = 0;
    this.drawMute();
    this.draw();
  }

  drawMute() {
    this.muteButton.textContent = this.muted ? '✕ Chat muted' : 'Mute chat';
    this.muteButton.setAttribute('aria-pressed', this.muted ? 'true' : 'false');
    this.body.hidden = this.muted;
    this.el.classList.toggle('chat-muted', this.muted);
    this.status.textContent = this.muted && this.unseen ? `${this.unseen} new` : '';
  }

  draw() {
    const numbers = [...this.lines.keys()].sort((a, b) => a - b);
    const newest = numbers.length ? numbers[numbers.length - 1] : -1;
    if (!this.muted && newest === this.shown && this.list.childElementCount === numbers.length) return;
    if (this.muted) {
      this.drawMute(); // (the lines are drawn when it is unmuted)
      return;
    }
    this.shown = newest;
    replace(this.list, numbers.map((n) => this.lineEl(this.lines.get(n))));
    this.list.scrollTop = this.list.scrollHeight;
  }

  lineEl(line) {
    const at = typeof line.at === 'string' ? line.at.slice(11, 16) : '';
    const who = line.seat === null || line.seat === undefined ? 'spectator' : `seat-${line.seat}`;
    return h('li', {class: ['chat-line', line.emote ? 'chat-line-emote' : null], dataset: {n: line.n, who}},
      h('time', {class: 'chat-time', datetime: line.at}, at),
      ' ', h('b', {class: 'chat-name'}, line.name), ': ',
      h('span', {class: 'chat-text'}, line.emote ? emoteText(line.emote) : line.text));
  }
}
