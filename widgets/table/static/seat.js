// A seat's page: the board and move list drawn by the notebook's own views from the server's
// message for this seat alone, the seats, the log as this seat may read it, and in "show
// everyone" mode the coming draw's odds from this seat's own view.
import board from "./board.js";
import picker from "./picker.js";
import { common, connect, el, logLine, oddsBox, viewModel } from "./socket.js";

let version = null, rules = {};
const refused = document.querySelector(".pre-refused");
const play = (request) => {
  refused.hidden = true;
  if (request.op === "play") link.send({ op: "play", move: request.move, version });
};
const boardModel = viewModel(play);
const pickerModel = viewModel(play);
board.render({ model: boardModel, el: document.querySelector(".pre-board-box") });
picker.render({ model: pickerModel, el: document.querySelector(".pre-picker-box") });
const log = document.querySelector(".pre-log");
const takeBack = document.querySelector(".pre-take-back");
takeBack.addEventListener("click", () => link.send({ op: "take_back" }));

function seats(list) {
  const box = document.querySelector(".pre-seats");
  box.replaceChildren(...list.map((s) => el("li", { class: s.turn ? "pre-turn" : "" },
    el("span", { text: `${s.label}: ${s.player}` }), " ",
    s.bot ? "" : el("span", { class: s.here ? "pre-here" : "pre-away", text: s.here ? "here" : "away" }))));
}

function show(msg) {
  if (msg.type === "refused") {
    refused.textContent = `Not played: ${msg.reason}${msg.rule ? ` (${msg.rule})` : ""}`;
    refused.hidden = false;
    return;
  }
  if (msg.rules) rules = msg.rules;
  version = msg.version;
  common(msg, "your seat");
  document.querySelector(".pre-you").textContent = `You are ${msg.you_label}`;
  boardModel.update(msg.board);
  pickerModel.update(msg.picker);
  document.body.dataset.version = String(msg.version);
  document.body.dataset.turn = msg.board.actions.length ? "yours" : "";
  const mine = msg.seats[msg.you];
  takeBack.hidden = !mine.bot || msg.over;
  seats(msg.seats);
  if (msg.log.from === 0) log.replaceChildren();
  for (const line of msg.log.lines) log.append(logLine(line, rules));
  if (msg.log.lines.length) log.scrollTop = log.scrollHeight;
  oddsBox(document.querySelector(".pre-odds"), msg.odds, "The odds as you may know them");
}

const link = connect(show, (state, words) => {
  const box = document.querySelector(".pre-connection");
  box.dataset.state = state;
  box.textContent = words;
});
