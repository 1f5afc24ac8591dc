// Every game's board module, by game id (see common.js for what a module exports).

import * as ninjitsu from './ninjitsu.js';
import * as knights from './knights.js';
import * as trap from './trap.js';
import * as camp from './camp.js';
import * as ninjato from './ninjato.js';

const MODULES = {
  'ninjitsu': ninjitsu,
  'knights-and-ninjas': knights,
  'ninja-trap': trap,
  'ninja-camp': camp,
  'ninjato': ninjato,
};

/** The board module of a game (null for a game this client cannot draw yet: the list still works). */
export function boardOf(gameId) {
  return MODULES[gameId] || null;
}
