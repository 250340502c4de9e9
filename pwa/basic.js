// The plain table page: create a table, show its QR and code, join by the join URL, and play
// from the view's `actions`. Player names and all server text go in as textContent only.
const app = document.getElementById("app");
const store = (code) => JSON.parse(localStorage.getItem(`tableapp:${code}`) || "{}");
const keep = (code, data) =>
  localStorage.setItem(`tableapp:${code}`, JSON.stringify({ ...store(code), ...data }));

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props);
  for (const child of children) node.append(child);
  return node;
}

async function api(path, { token, body, method } = {}) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Idempotency-Key"] = crypto.randomUUID();
  const response = await fetch(path, {
    method: method || (body !== undefined ? "POST" : "GET"), headers,
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const data = await response.json();
  if (!response.ok) throw Object.assign(new Error(data.detail), { problem: data });
  return data;
}

async function home() {
  const { games } = await api("/api/games");
  const select = el("select", {});
  for (const game of games) select.append(el("option", { value: game.id, textContent: game.name }));
  const create = el("button", { textContent: "New table" });
  create.onclick = async () => {
    const created = await api("/api/tables", { body: { game: select.value, options: {} } });
    keep(created.code, { host: created.host_token });
    history.pushState(null, "", `/table/${created.code}`);
    route();
  };
  const code = el("input", { placeholder: "Table code", maxLength: 12 });
  const join = el("button", { textContent: "Join" });
  join.onclick = () => { history.pushState(null, "", `/join/${code.value.trim().toUpperCase()}`); route(); };
  app.replaceChildren(el("h1", { textContent: "tableapp" }), select, create, el("hr"), code, join);
}

function renderActions(code, token, view, box) {
  for (const spec of view.actions) {
    const params = {};
    const row = el("div", {}, el("strong", { textContent: spec.label }));
    for (const [name, param] of Object.entries(spec.params)) {
      if (param.choices && !param.multiple) {
        const select = el("select", { name });
        for (const choice of param.choices) select.append(el("option", { value: JSON.stringify(choice), textContent: String(choice) }));
        row.append(select);
        params[name] = () => JSON.parse(select.value);
      } else if ("min" in param && !param.choices) {
        const input = el("input", { type: "number", min: param.min, max: param.max, value: param.min });
        row.append(input);
        params[name] = () => Number(input.value);
      }
    }
    const go = el("button", { textContent: spec.label });
    go.onclick = async () => {
      const values = Object.fromEntries(Object.entries(params).map(([k, f]) => [k, f()]));
      try {
        await api(`/api/tables/${code}/actions`, { token, body: { type: spec.type, params: values, expected: view.seq } });
      } catch (error) { box.append(el("p", { className: "problem", textContent: `${error.problem?.rule || ""} ${error.message}` })); }
      refresh();
    };
    row.append(go);
    box.append(row);
  }
}

let refresh = () => {};

async function tableScreen(code, token, isHost) {
  const view = await api(`/api/tables/${code}`, { token });
  const box = el("div");
  if (isHost) {
    box.append(el("p", { className: "code", textContent: view.code }),
      el("img", { className: "qr", src: `/api/tables/${code}/qr.svg`, alt: "QR code to join" }),
      el("p", { textContent: `Seed commitment: ${view.seed_commitment}` }));
  }
  box.append(el("h2", { textContent: view.prompt.text }));
  const seats = el("ul");
  for (const seat of view.seats) seats.append(el("li", { textContent: `${seat.name} (${seat.colour})${seat.connected ? "" : " – away"}` }));
  box.append(seats);
  renderActions(code, token, view, box);
  box.append(el("pre", { className: "log", textContent: JSON.stringify(view.game_view, null, 1) }));
  if (view.result) box.append(el("pre", { textContent: JSON.stringify(view.result, null, 1) }));
  if (view.seed) box.append(el("p", { textContent: `Seed: ${view.seed} — verify with: tableapp verify export.json` }));
  app.replaceChildren(box);
}

async function joinScreen(code) {
  const saved = store(code);
  if (saved.token) return live(code, saved.token, false);
  const name = el("input", { placeholder: "Your name", maxLength: 40, required: true });
  const button = el("button", { textContent: "Join table " + code });
  const message = el("p", { className: "problem" });
  button.onclick = async () => {
    try {
      const joined = await api(`/api/tables/${code}/seats`, { body: { name: name.value } });
      keep(code, { token: joined.token });
      live(code, joined.token, false);
    } catch (error) { message.textContent = error.message; }
  };
  app.replaceChildren(el("h1", { textContent: `Table ${code}` }), name, button, message);
}

async function live(code, token, isHost) {
  refresh = () => tableScreen(code, token, isHost).catch((e) => { app.textContent = e.message; });
  await refresh();
  // Live updates: the event stream read with fetch, so the token travels in a header.
  for (;;) {
    try {
      const view = await api(`/api/tables/${code}`, { token });
      const response = await fetch(`/api/tables/${code}/events`, {
        headers: { Authorization: `Bearer ${token}`, "Last-Event-ID": String(view.seq) },
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        if (value.includes("\ndata:") || value.startsWith("id:")) refresh();
      }
    } catch { await new Promise((r) => setTimeout(r, 2000)); }
  }
}

function route() {
  const [, screen, code] = location.pathname.split("/");
  if (screen === "join" && code) return joinScreen(code.toUpperCase());
  if (screen === "table" && code) return live(code, store(code).host, true);
  return home();
}
window.addEventListener("popstate", route);
route();
