// The page's one websocket to the table server, reconnecting by itself, and a small model object
// that lets the notebook's own views (board.js, picker.js) draw here unchanged: they read
// model.get("data") and send model.set("request", ...) + save_changes(), as in anywidget.
export function connect(onMessage, onState) {
  const token = location.pathname.split("/").filter(Boolean).pop();
  const base = location.pathname.replace(/\/(seat|teacher)\/[^/]+\/?$/, "");
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${base}/ws/${token}`;
  let socket = null, wait = 500, gone = false;
  const open = () => {
    onState("connecting", "Connecting…");
    socket = new WebSocket(url);
    socket.addEventListener("open", () => { wait = 500; onState("open", "Connected"); });
    socket.addEventListener("message", (event) => onMessage(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (event.code === 4404) { gone = true; onState("closed", "No table has this link."); return; }
      onState("closed", "Connection lost: reconnecting…");
      setTimeout(open, wait);
      wait = Math.min(wait * 2, 5000);
    });
  };
  open();
  return {
    send(request) {
      if (!gone && socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(request));
    },
  };
}

export function viewModel(onRequest) {
  let data = {}, request = null;
  const handlers = new Set();
  return {
    get: (key) => (key === "data" ? data : request),
    set: (key, value) => { if (key === "request") request = value; },
    save_changes: () => { if (request) { const r = request; request = null; onRequest(r); } },
    on: (_event, fn) => handlers.add(fn),
    off: (_event, fn) => handlers.delete(fn),
    update(next) { data = next; for (const fn of handlers) fn(); },
  };
}

// Text only, never markup: names and titles the host typed reach the page as text nodes.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

export function logLine(line, rules) {
  const item = el("li", { class: "pre-entry" });
  if (line.move) item.append(el("span", { class: "pre-move", text: `${line.n}. ${line.move}` }));
  item.append(el("span", { class: "pre-text", text: line.text }));
  for (const rule of line.rules) {
    item.append(el("span", { class: "pre-rule", text: rule, title: rules[rule] || rule }));
  }
  return item;
}

export function oddsBox(box, odds, heading) {
  box.replaceChildren();
  box.hidden = !odds;
  if (!odds) return;
  box.append(el("strong", { text: heading + (odds.title ? `: ${odds.title}` : "") }));
  for (const row of odds.rows || []) {
    const bar = el("div", { class: "pre-bar", title: row.full || row.label });
    bar.append(el("span", { class: "pre-fill", style: `width:${Math.round(row.value * 120)}px` }),
               el("span", { class: "pre-label", text: `${row.label}: ${row.fraction} (${row.percent})` }));
    box.append(bar);
  }
  box.append(el("div", { class: "pre-note", text: odds.note || "" }));
}

export function common(msg, page) {
  document.title = `${msg.title || msg.game}: ${page}`;
  document.querySelector(".pre-title").textContent = msg.title ? `${msg.title} (${msg.game})` : msg.game;
  const banner = document.querySelector(".pre-banner");
  const words = msg.over ? msg.result : msg.paused ? "Paused by the teacher" : "";
  banner.textContent = words;
  banner.hidden = !words;
  const notice = document.querySelector(".pre-notice");
  notice.textContent = msg.notice || "";
  notice.hidden = !msg.notice;
}
