// Seats are told apart by a shape AND a colour AND a label (P0, P1...): never by colour alone.
// The colours are the Okabe-Ito palette, which stays distinct under the common colour blindnesses.

import {h} from './dom.js';

export const SEAT_COLOURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00'];
export const SEAT_SHAPES = ['circle', 'square', 'triangle', 'diamond', 'star', 'hexagon'];
const SHAPE_WORDS = ['circle', 'square', 'triangle', 'diamond', 'star', 'hexagon'];

const PATHS = {
  circle: 'M8 1.5a6.5 6.5 0 1 0 0.001 0Z',
  square: 'M2 2h12v12H2Z',
  triangle: 'M8 1.5 15 14.5H1Z',
  diamond: 'M8 0.8 15.2 8 8 15.2 0.8 8Z',
  star: 'M8 0.8l2.1 4.6 5 .5-3.8 3.4 1.1 4.9L8 11.7l-4.4 2.5 1.1-4.9L.9 5.9l5-.5Z',
  hexagon: 'M4.3 1.5h7.4L15.4 8l-3.7 6.5H4.3L.6 8Z',
};

/** The SVG shape of a seat (decorative: the label next to it says the seat). */
export function seatShape(seat, size = 16) {
  const index = ((seat % SEAT_SHAPES.length) + SEAT_SHAPES.length) % SEAT_SHAPES.length;
  const svg = h('svg:svg', {class: 'seat-shape', viewBox: '0 0 16 16', width: size, height: size,
    'aria-hidden': 'true'});
  svg.append(h('svg:path', {d: PATHS[SEAT_SHAPES[index]], fill: SEAT_COLOURS[index], stroke: '#1b1b1b',
    'stroke-width': '1'}));
  return svg;
}

/** The words for a seat's marker (for screen readers and the legend). */
export function shapeWord(seat) {
  return SHAPE_WORDS[seat % SHAPE_WORDS.length];
}

/** "P2 Ann" with the seat's shape: how every page names a seat. */
export function seatBadge(seat, name, {you = false} = {}) {
  return h('span', {class: ['seat-badge', `seat-${seat}`], title: `seat ${seat} (${shapeWord(seat)})`},
    seatShape(seat), h('span', {class: 'seat-label'}, `P${seat}`),
    name ? h('span', {class: 'seat-name'}, name) : null,
    you ? h('span', {class: 'you-tag'}, 'you') : null);
}

/**
 * A person's name at ``seat`` (a seat of the table's list), or '' where nobody named it: the server calls such a
 * seat "Player 0", which beside the badge's P0 read as a second, engine-like name ("P0 Player 0 (you)").
 */
export function givenName(entry, seat) {
  return entry && entry.name && entry.name !== `Player ${seat}` ? entry.name : '';
}

/** A seat's label with the name that follows it ("P1 Ann", "P2 (easy bot)"), or the label alone for no name. */
export function labelled(seat, name) {
  return name ? `P${seat} ${name}` : `P${seat}`;
}

/** A bot seat's name after its label, as the table's log and prompts give it: "(easy bot)". */
export function botName(seat) {
  const level = seat.bot || seat.name;
  return level ? `(${level} bot)` : '(bot)';
}

/** What a player's seat says of its status, when it is not plainly taken. */
export const SEAT_STATUS = {free: '☐ free seat', invited: '✉ invited', left: '○ left'};
