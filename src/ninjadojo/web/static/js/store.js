// What this browser keeps: its seat tokens (one per table it sits at), the invitation links it
// made (tokens are shown only once by the server), and the display name it last used.

const SEATS = 'dojo.seats';
const INVITES = 'dojo.invites';
const NAME = 'dojo.name';

function read(key, fallback) {
  try {
    const value = JSON.parse(localStorage.getItem(key));
    return value === null ? fallback : value;
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private browsing or a full storage: the game still works, it is only not remembered.
  }
}

/** Every seat this browser holds: {tableId: {seat, token, game, added}}. */
export function mySeats() {
  return read(SEATS, {});
}

/** The seat held at a table, or null. */
export function seatAt(tableId) {
  return mySeats()[tableId] || null;
}

/** Remember a seat token (the server shows it once). */
export function keepSeat(tableId, seat, token, game) {
  const seats = mySeats();
  seats[tableId] = {seat, token, game: game || (seats[tableId] && seats[tableId].game) || null, added: Date.now()};
  write(SEATS, seats);
}

/** Forget a seat (its token stopped working, or the player removed it). */
export function forgetSeat(tableId) {
  const seats = mySeats();
  delete seats[tableId];
  write(SEATS, seats);
}

/** Invitation tokens this browser made for other seats: {tableId: {seat: token}}. */
export function invitesOf(tableId) {
  return read(INVITES, {})[tableId] || {};
}

/** Remember the invitation tokens of a new table, so its links can be copied again later. */
export function keepInvites(tableId, tokens) {
  const all = read(INVITES, {});
  all[tableId] = tokens;
  write(INVITES, all);
}

/** The display name last used here (empty when none). */
export function myName() {
  return read(NAME, '');
}

/** Remember the display name. */
export function keepName(name) {
  write(NAME, name);
}

const HIDE_FINISHED = 'dojo.hideFinished';

/** Whether "My tables" hides the finished games (a toggle of the lobby). */
export function hideFinished() {
  return read(HIDE_FINISHED, false) === true;
}

/** Remember whether "My tables" hides the finished games. */
export function keepHideFinished(hide) {
  write(HIDE_FINISHED, Boolean(hide));
}

const NEW_TABLE = 'dojo.newTable';

/**
 * The lobby's new-table form as last filled in here: {game, games: {gameId: {players, seats, options}}}, each
 * game's own players, seats (who plays each, a bot's difficulty) and options (those not at their default).
 */
export function newTableChoices() {
  const kept = read(NEW_TABLE, {});
  return kept && typeof kept === 'object' ? kept : {};
}

/** Remember the new-table form's choices (see newTableChoices). */
export function keepNewTableChoices(choices) {
  write(NEW_TABLE, choices);
}
