// The client's entry point: a router over the URL fragment (so the server serves one page and the
// seat tokens of invitation links never reach it: a fragment is not sent to servers).
//   #/                          the lobby
//   #/table/<id>/<seat>/<token> an invitation link: take the seat
//   #/table/<id>                the table, as the seat this browser holds there (else watching)
//   #/watch/<id>                the table as a spectator
//   #/watch/<id>/<key>          a private table as a spectator (its watch key)
//   #/replay/<id>               the replay of a finished game

import {clearToasts, h, replace} from './dom.js';
import {openLobby} from './lobby.js';
import {openTable} from './table.js';
import {openReplay} from './replay.js';

const TABLE_ID = '[A-Za-z0-9_-]{1,64}';
const ROUTES = [
  [new RegExp(`^#/table/(${TABLE_ID})/(\\d+)/([A-Za-z0-9_-]+)$`),
    (root, m) => openTable(root, {tableId: m[1], seat: Number(m[2]), token: m[3]})],
  [new RegExp(`^#/table/(${TABLE_ID})$`), (root, m) => openTable(root, {tableId: m[1]})],
  [new RegExp(`^#/watch/(${TABLE_ID})$`), (root, m) => openTable(root, {tableId: m[1], watch: true})],
  [new RegExp(`^#/watch/(${TABLE_ID})/([A-Za-z0-9_-]+)$`),
    (root, m) => openTable(root, {tableId: m[1], watch: true, watchKey: m[2]})],
  [new RegExp(`^#/replay/(${TABLE_ID})$`), (root, m) => openReplay(root, {tableId: m[1]})],
  [/^(#\/?)?$/, (root) => openLobby(root)],
];

let current = null;

function route() {
  const root = document.getElementById('app');
  if (current && current.destroy) current.destroy();
  current = null;
  // The messages of the page left go with it (the lobby's "the options are set" covered the new table's hand).
  clearToasts();
  window.scrollTo(0, 0);
  const hash = location.hash;
  for (const [pattern, open] of ROUTES) {
    const match = pattern.exec(hash);
    if (match) {
      current = open(root, match);
      return;
    }
  }
  replace(root, h('p', {}, 'There is no such page. ', h('a', {href: '#/'}, 'Go to the lobby')));
}

window.addEventListener('hashchange', route);
route();
