// Whose turn: the tab's title and icon say when it is your turn, and, if the player asks for them, a
// short tone (made with WebAudio: no sound file) and a browser notification while the page is hidden.
// Both are off until switched on; the choices are kept in localStorage.

import {h} from './dom.js';

const SOUND = 'dojo.turnSound';
const NOTIFY = 'dojo.turnNotify';
const PLAIN_ICON = 'img/shuriken.svg';
// The shuriken on an orange disc: "your turn" in the tab strip (a data: URL, allowed by img-src).
const TURN_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="12" fill="#E69F00"/>'
  + '<path d="M12 3 13.6 10.4 21 12 13.6 13.6 12 21 10.4 13.6 3 12 10.4 10.4Z" fill="#1b1b1b"/></svg>')}`;

function flag(key) {
  try {
    return localStorage.getItem(key) === 'on';
  } catch {
    return false;
  }
}

function setFlag(key, on) {
  try {
    localStorage.setItem(key, on ? 'on' : 'off');
  } catch {
    // Private browsing: the switch holds for this page only.
  }
}

/** Set the tab's icon (the plain shuriken, or the "your turn" one). */
export function setFavicon(yourTurn) {
  let link = document.querySelector('link[rel="icon"]');
  if (!link) {
    link = h('link', {rel: 'icon', type: 'image/svg+xml'});
    document.head.append(link);
  }
  link.setAttribute('href', yourTurn ? TURN_ICON : PLAIN_ICON);
  link.dataset.turn = yourTurn ? 'yes' : 'no';
}

/** A short two-note chime (about 0.35 s), quiet; nothing when the browser has no WebAudio. */
export function chime() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return false;
  try {
    const audio = chime.context || (chime.context = new Context());
    const now = audio.currentTime;
    for (const [at, pitch] of [[0, 660], [0.16, 880]]) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.type = 'sine';
      tone.frequency.value = pitch;
      gain.gain.setValueAtTime(0.0001, now + at);
      gain.gain.exponentialRampToValueAtTime(0.15, now + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.18);
      tone.connect(gain).connect(audio.destination);
      tone.start(now + at);
      tone.stop(now + at + 0.2);
    }
    window.__dojoChimes = (window.__dojoChimes || 0) + 1; // counted, for tests
    return true;
  } catch {
    return false;
  }
}

/**
 * The turn signals of one table page. ``update(yourTurn, gameTitle)`` after each state: when it
 * becomes your turn the title, the icon, the sound and the notification say so once.
 */
export class TurnSignal {
  constructor() {
    this.yourTurn = false;
    this.baseTitle = document.title;
    this.notification = null;
  }

  /** The switches for the side panel: the sound and the notification. */
  controls() {
    const sound = h('button', {type: 'button', class: 'quiet toggle', id: 'turn-sound',
      'aria-pressed': flag(SOUND) ? 'true' : 'false', onclick: () => {
        const on = !flag(SOUND);
        setFlag(SOUND, on);
        sound.setAttribute('aria-pressed', on ? 'true' : 'false');
        sound.textContent = soundWords(on);
        if (on) chime(); // a sample, and a user gesture lets the page play sound afterwards
      }}, soundWords(flag(SOUND)));
    const parts = [sound];
    if ('Notification' in window) {
      const allowed = () => flag(NOTIFY) && Notification.permission === 'granted';
      const notify = h('button', {type: 'button', class: 'quiet toggle', id: 'turn-notify',
        'aria-pressed': allowed() ? 'true' : 'false', onclick: async () => {
          if (allowed()) {
            setFlag(NOTIFY, false);
          } else {
            const answer = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
            setFlag(NOTIFY, answer === 'granted');
          }
          notify.setAttribute('aria-pressed', allowed() ? 'true' : 'false');
          notify.textContent = notifyWords(allowed(), Notification.permission);
        }}, notifyWords(allowed(), Notification.permission));
      parts.push(notify);
    }
    return h('div', {class: 'turn-controls', role: 'group', 'aria-label': 'your-turn signals'}, parts);
  }

  update(yourTurn, gameTitle) {
    document.title = yourTurn ? `▶ Your turn · ${gameTitle}` : `${gameTitle} · ninjadojo`;
    setFavicon(yourTurn);
    const began = yourTurn && !this.yourTurn;
    this.yourTurn = yourTurn;
    if (!began) {
      if (!yourTurn && this.notification) this.notification.close();
      return;
    }
    if (flag(SOUND)) chime();
    if (document.hidden && flag(NOTIFY) && 'Notification' in window && Notification.permission === 'granted') {
      try {
        this.notification = new Notification(`Your turn · ${gameTitle}`, {body: 'It is your turn at the table.',
          tag: 'dojo-turn', icon: PLAIN_ICON});
        this.notification.onclick = () => window.focus();
      } catch {
        // Some browsers allow notifications only from a service worker: the title still says it.
      }
    }
  }

  /** Leaving the table: the plain title and icon again. */
  reset() {
    document.title = this.baseTitle;
    setFavicon(false);
    if (this.notification) this.notification.close();
  }
}

function soundWords(on) {
  return on ? '♪ Sound on your turn: on' : '♪ Sound on your turn: off';
}

function notifyWords(on, permission) {
  if (permission === 'denied') return '✉ Notifications: blocked by the browser';
  return on ? '✉ Notify when hidden: on' : '✉ Notify when hidden: off';
}
