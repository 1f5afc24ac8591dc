// The HTTP half of the protocol (docs/server-protocol.md): JSON in and out, errors as ApiError.

/** An error answered by the server ({"error": {"code", "message"}}) or a network failure. */
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * Call the API: api('/api/tables', {method: 'POST', body: {...}, token}).
 * The seat token travels in the X-Seat-Token header, never in a URL; a private table's watch key
 * (``watch``) in X-Watch-Key.
 */
export async function api(path, {method = 'GET', body, token, watch} = {}) {
  const headers = {Accept: 'application/json'};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['X-Seat-Token'] = token;
  if (watch) headers['X-Watch-Key'] = watch;
  let response;
  try {
    response = await fetch(path, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
  } catch (error) {
    throw new ApiError(0, 'network', `the server cannot be reached (${error.message})`);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const problem = (data && data.error) || {};
    throw new ApiError(response.status, problem.code || 'http', problem.message || `HTTP ${response.status}`);
  }
  return data;
}

/** The WebSocket URL of a table on this server. */
export function socketUrl(tableId) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws/tables/${encodeURIComponent(tableId)}`;
}

/** The invitation link of a seat: the token rides in the URL fragment, which browsers never send. */
/** The link that lets a spectator watch a private table (its watch key, shown once to its creator). */
export function watchLink(tableId, key) {
  return `${location.origin}${location.pathname}#/watch/${tableId}/${key}`;
}

export function inviteLink(tableId, seat, token) {
  return `${location.origin}${location.pathname}#/table/${tableId}/${seat}/${token}`;
}
