// The teacher's page: the whole table, every seat's view, pause and resume, "show everyone",
// the roll at a held draw, who plays each seat (with each seat's link and QR code), the
// position, the record, and the what-if board and analysis file of the game so far.
import { common, connect, el, logLine, oddsBox } from "./socket.js";

let rules = {}, paused = false;
const q = (selector) => document.querySelector(selector);
const refused = q(".pre-refused");
const send = (request) => { refused.hidden = true; link.send(request); };
q(".pre-pause").addEventListener("click", () => send({ op: "pause", paused: !paused }));
q(".pre-show-odds").addEventListener("change", (e) => send({ op: "show_odds", on: e.target.checked }));
q(".pre-roll").addEventListener("click", () => send({ op: "roll" }));

function seatRows(msg) {
  const body = q(".pre-seat-table tbody");
  body.replaceChildren(...msg.seats.map((s) => {
    const choice = el("select", { class: "pre-seat-player", "data-seat": String(s.seat),
                                  "aria-label": `Who plays ${s.label}` });
    for (const option of msg.players_allowed) {
      const item = el("option", { value: option, text: option === "person" ? "a person" : `bot: ${option.replace(/_/g, " ")}` });
      if (option === msg.links[s.seat].player) item.selected = true;
      choice.append(item);
    }
    choice.addEventListener("change", () => send({ op: "seat", seat: s.seat, player: choice.value }));
    const url = new URL(msg.links[s.seat].link, location.href).href;
    const linkCell = el("td", {}, el("a", { href: url, target: "_blank", rel: "noopener", text: "open",
                                            class: "pre-seat-link" }), " ",
                        el("img", { src: msg.links[s.seat].qr, alt: `QR code of ${s.label}'s link` }));
    return el("tr", { class: s.turn ? "pre-turn" : "", "data-seat": String(s.seat) },
              el("td", { text: s.label }), el("td", {}, choice),
              el("td", { class: s.bot ? "" : s.here ? "pre-here" : "pre-away",
                         text: s.bot ? "" : s.here ? "open" : "away" }), linkCell);
  }));
}

function show(msg) {
  if (msg.type === "refused") {
    refused.textContent = `Refused: ${msg.reason}${msg.rule ? ` (${msg.rule})` : ""}`;
    refused.hidden = false;
    return;
  }
  if (msg.rules) rules = msg.rules;
  paused = msg.paused;
  common(msg, "teacher");
  document.body.dataset.version = String(msg.version);
  document.body.dataset.steps = String(msg.steps);
  q(".pre-pause").textContent = msg.paused ? "Resume" : "Pause";
  q(".pre-show-odds").checked = msg.show_odds;
  q(".pre-roll").disabled = !msg.holding || msg.paused;
  const whatif = q(".pre-whatif");
  whatif.hidden = !msg.whatif;
  if (msg.whatif) whatif.href = msg.whatif;
  q(".pre-export").href = msg.export;
  q(".pre-status").textContent = msg.board.status;
  q(".pre-board-box").innerHTML = msg.board.svg;      // the game's own drawing, made on the server
  q(".pre-position").textContent = msg.position;
  seatRows(msg);
  const views = q(".pre-views");
  views.replaceChildren(...msg.views.map((v) => {
    const fig = el("figure", { "data-seat": String(v.seat) }, el("figcaption", { text: `${v.label} sees` }));
    const box = el("div", { class: "pre-view-svg" });
    box.innerHTML = v.svg;
    fig.append(box);
    return fig;
  }));
  const log = q(".pre-log");
  if (msg.log.from === 0) log.replaceChildren();
  for (const line of msg.log.lines) log.append(logLine(line, rules));
  if (msg.log.lines.length) log.scrollTop = log.scrollHeight;
  const odds = q(".pre-odds");
  if (!msg.odds) { odds.hidden = true; return; }
  oddsBox(odds, msg.odds.truth, "The true odds");
  for (const seat of msg.odds.seats || []) {
    const box = el("div", { class: "pre-seat-odds" });
    oddsBox(box, seat, `${seat.label} may know`);
    odds.append(box);
  }
}

const link = connect(show, (state, words) => {
  const box = q(".pre-connection");
  box.dataset.state = state;
  box.textContent = words;
});
