// Small DOM helpers: the whole client builds its pages with h() (no framework, no build step).

/**
 * Create an element: h('div', {class: 'x', onclick: fn, dataset: {key: 'v'}}, child, 'text', [more]).
 * Attributes whose value is null, undefined or false are left out; true gives an empty attribute.
 * Children may be nodes, strings, numbers, arrays (flattened) or null/false (skipped).
 */
export function h(tag, attrs, ...children) {
  const el = tag.startsWith('svg:')
    ? document.createElementNS('http://www.w3.org/2000/svg', tag.slice(4))
    : document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      el.addEventListener(name.slice(2), value);
    } else if (name === 'dataset') {
      for (const [key, data] of Object.entries(value)) {
        if (data !== null && data !== undefined) el.dataset[key] = String(data);
      }
    } else if (name === 'style') {
      // Through the CSSOM: the server's Content-Security-Policy refuses style attributes.
      el.style.cssText = String(value);
    } else if (name === 'class' && Array.isArray(value)) {
      el.setAttribute('class', value.filter(Boolean).join(' '));
    } else {
      el.setAttribute(name, value === true ? '' : String(value));
    }
  }
  append(el, children);
  return el;
}

/** Append children (as h() takes them) to an element. */
export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Remove every child of an element; returns it. */
export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** Replace an element's children. */
export function replace(el, ...children) {
  clear(el);
  return append(el, children);
}

/**
 * Make an element act as a button for the keyboard too: focusable, Enter and Space click it.
 * (Real <button>s do this already; board pieces are often divs laid out as cards or squares.)
 */
export function pressable(el, label) {
  el.setAttribute('role', 'button');
  el.tabIndex = 0;
  if (label) el.setAttribute('aria-label', label);
  if (!el.dataset.pressable) {
    el.dataset.pressable = '1';
    el.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        el.click();
      }
    });
  }
  return el;
}

/** Show a short message at the bottom of the screen (errors from the server, copied links). */
export function toast(message, kind = 'info') {
  const box = document.getElementById('toasts');
  if (!box) return;
  const item = h('div', {class: ['toast', `toast-${kind}`], role: kind === 'error' ? 'alert' : 'status'},
    h('span', {class: 'toast-icon', 'aria-hidden': 'true'}, kind === 'error' ? '⚠' : 'ℹ'), ' ', message);
  box.append(item);
  setTimeout(() => item.remove(), kind === 'error' ? 7000 : 3500);
}

/** Take away the error messages shown (what they were about was put right: a table was created). */
export function clearErrorToasts() {
  for (const item of document.querySelectorAll('#toasts .toast-error')) item.remove();
}

/**
 * Take away every message shown, errors and the rest: each is about the page it was shown on (a preset set
 * in the lobby, a copied link, a refused move), so leaving that page takes them away (js/app.js route()).
 * What goes wrong on the new page is said there, once it is open.
 */
export function clearToasts() {
  for (const item of document.querySelectorAll('#toasts .toast')) item.remove();
}

/** Copy text to the clipboard (falls back to selecting a text field when the API is refused). */
export async function copyText(text, field) {
  try {
    await navigator.clipboard.writeText(text);
    toast('Link copied');
  } catch {
    if (field) {
      field.focus();
      field.select();
      toast('Press Ctrl+C (Cmd+C on a Mac) to copy the selected link');
    }
  }
}

/** Plural helper: plural(3, 'card') → '3 cards'. */
export function plural(count, word, many) {
  return `${count} ${count === 1 ? word : (many || `${word}s`)}`;
}
