// Event log: the story along the current line; a click on a rule ID shows its statement.
const CSS = `
.pre-log { font-family: sans-serif; font-size: 13px; max-height: 260px; overflow-y: auto; }
.pre-log ol { margin: 0; padding-left: 2.5em; }
.pre-log .pre-move { color: #555; margin-right: 6px; font-family: monospace; }
.pre-log .pre-rule { font-size: 11px; padding: 0 4px; margin-left: 3px; cursor: pointer; }
.pre-log .pre-statement { background: #fff7d6; border-left: 3px solid #d4a017; padding: 2px 6px; margin: 2px 0; }
`;

function render({ model, el }) {
  el.classList.add("pre-log");
  const style = document.createElement("style");
  style.textContent = CSS;
  const list = document.createElement("ol");
  el.append(style, list);

  const draw = () => {
    const data = model.get("data") || {};
    const rules = data.rules || {};
    list.replaceChildren();
    for (const entry of data.entries || []) {
      const item = document.createElement("li");
      item.className = "pre-entry";
      item.dataset.step = String(entry.step);
      const move = document.createElement("span");
      move.className = "pre-move";
      move.textContent = entry.move;
      const text = document.createElement("span");
      text.className = "pre-text";
      text.textContent = entry.text;
      item.append(move, text);
      for (const rule of entry.rules) {
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
      list.append(item);
    }
    el.scrollTop = el.scrollHeight;
  };
  model.on("change:data", draw);
  draw();
  // Cleanup when the view goes away (Panel calls whatever render returns).
  return () => model.off("change:data", draw);
}

export default { render };
