// Event log: the story along the current line; a click on a rule ID shows its statement.
// The view keeps its lines and applies numbered deltas from Python: keep the steps up to
// `keep`, add the new steps' lines. It asks for the whole log when it missed a message.
const CSS = `
.pre-log { font-family: sans-serif; font-size: 13px; max-height: 260px; overflow-y: auto; }
.pre-log ol { margin: 0; padding-left: 0.5em; list-style: none; }
.pre-log .pre-num { color: #777; font-size: 11px; margin-right: 3px; font-family: monospace; }
.pre-log .pre-move { color: #555; margin-right: 6px; font-family: monospace; }
.pre-log .pre-rule { font-size: 11px; padding: 0 4px; margin-left: 3px; cursor: pointer; }
.pre-log .pre-statement { background: #fff7d6; border-left: 3px solid #d4a017; padding: 2px 6px; margin: 2px 0; }
`;

function send(model, request) {
  model.set("request", { ...request, n: Date.now() + Math.random() });
  model.save_changes();
}

function render({ model, el }) {
  el.classList.add("pre-log");
  const style = document.createElement("style");
  style.textContent = CSS;
  const list = document.createElement("ol");
  el.append(style, list);
  let rules = {}, seq = 0, asked = false;

  const entry = (data) => {
    const item = document.createElement("li");
    item.className = "pre-entry";
    item.dataset.step = String(data.step);
    const number = document.createElement("span");
    number.className = "pre-num";
    number.textContent = data.step ? `${data.step}.${data.who ? " " + data.who : ""}` : "";
    const move = document.createElement("span");
    move.className = "pre-move";
    move.textContent = data.move;
    const text = document.createElement("span");
    text.className = "pre-text";
    text.textContent = data.text;
    item.append(number, move, text);
    for (const rule of data.rules) {
      const button = document.createElement("button");
      button.className = "pre-rule";
      button.dataset.rule = rule;
      button.textContent = rule;
      button.addEventListener("click", () => {
        const open = item.querySelector(`.pre-statement[data-rule="${rule}"]`);
        if (open) return open.remove();
        const note = document.createElement("div");
        note.className = "pre-statement";
        note.dataset.rule = rule;
        note.textContent = `${rule}: ${rules[rule] || ""}`;
        item.append(note);
      });
      item.append(button);
    }
    return item;
  };

  const apply = (data) => {
    if (data.seq === undefined) return;
    const full = data.base === null || data.base === undefined;
    if (!full && data.base !== seq) {
      if (!asked) { asked = true; send(model, { op: "sync" }); }
      return;
    }
    asked = false;
    seq = data.seq;
    if (full) { list.replaceChildren(); rules = {}; }
    while (list.lastElementChild && Number(list.lastElementChild.dataset.step) > data.keep) {
      list.lastElementChild.remove();
    }
    Object.assign(rules, data.rules || {});
    if (data.entries.length) {
      const batch = document.createDocumentFragment();
      for (const each of data.entries) batch.append(entry(each));
      list.append(batch);
      el.scrollTop = el.scrollHeight;
    }
    el.dataset.seq = String(seq);
  };

  const changed = () => apply(model.get("data") || {});
  model.on("change:data", changed);
  changed();
  // Cleanup when the view goes away (Panel calls whatever render returns).
  return () => model.off("change:data", changed);
}

export default { render };
