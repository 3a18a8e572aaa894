// The JSON API of csp serve (docs/API.md), as promises. Every call
// rejects with an ApiError that carries the server's message and, for a
// puzzle that does not parse, its line and field.

export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.error ? body.error : `HTTP ${status}`);
    this.status = status;
    this.line = body && body.line;
    this.field = body && body.field;
  }
}

async function answer(res) {
  let body = null;
  const text = await res.text();
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = { error: text.slice(0, 300) || `HTTP ${res.status}` };
  }
  if (!res.ok) throw new ApiError(res.status, body);
  return body;
}

// get fetches a GET endpoint.
export async function get(path, signal) {
  return answer(await fetch(path, { signal, headers: { Accept: "application/json" } }));
}

// post sends body as JSON (or, when raw names a content type, as text
// of that type) and returns the decoded answer.
export async function post(path, body, { signal, raw = "" } = {}) {
  const init = {
    method: "POST",
    signal,
    headers: { Accept: "application/json", "Content-Type": raw || "application/json" },
    body: raw ? body : JSON.stringify(body),
  };
  return answer(await fetch(path, init));
}

// del sends a DELETE.
export async function del(path) {
  return answer(await fetch(path, { method: "DELETE" }));
}
