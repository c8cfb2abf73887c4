// Action picker: the legal actions in plain words, grouped by kind; one click plays.
const CSS = `
.pre-picker { font-family: sans-serif; font-size: 13px; }
.pre-picker .pre-group { margin: 4px 0; }
.pre-picker .pre-kind { font-weight: bold; margin-right: 6px; }
.pre-picker button { margin: 2px; cursor: pointer; }
.pre-picker .pre-error { color: #b00020; }
.pre-picker .pre-verdict { font-size: 11px; font-weight: bold; color: #102a43; }
.pre-picker .pre-verdict.pre-best { color: #8a6500; }
`;

function render({ model, el }) {
  el.classList.add("pre-picker");
  const style = document.createElement("style");
  style.textContent = CSS;
  const status = document.createElement("div");
  status.className = "pre-status";
  const groups = document.createElement("div");
  const error = document.createElement("div");
  error.className = "pre-error";
  el.append(style, status, groups, error);

  const draw = () => {
    const data = model.get("data") || {};
    status.textContent = data.status || "";
    error.textContent = data.error || "";
    groups.replaceChildren();
    for (const group of data.groups || []) {
      const row = document.createElement("div");
      row.className = "pre-group";
      const kind = document.createElement("span");
      kind.className = "pre-kind";
      kind.textContent = group.kind;
      row.append(kind);
      for (const action of group.actions) {
        const button = document.createElement("button");
        button.className = "pre-action";
        button.dataset.move = action.id;
        button.textContent = action.label;
        button.title = action.id;
        const verdict = (data.verdicts || {})[action.id];
        if (verdict) {                       // the engine's verdict on this move, as on the board
          const badge = document.createElement("span");
          badge.className = "pre-verdict" + (verdict.best ? " pre-best" : "");
          badge.textContent = (verdict.best && !verdict.text.startsWith("★") ? " ★ " : " ") + verdict.text;
          button.title = verdict.title || action.id;
          button.append(badge);
        }
        button.addEventListener("click", () => {
          model.set("request", { op: "play", move: action.id, n: Date.now() + Math.random() });
          model.save_changes();
        });
        row.append(button);
      }
      groups.append(row);
    }
  };
  model.on("change:data", draw);
  draw();
  // Cleanup when the view goes away (Panel calls whatever render returns).
  return () => model.off("change:data", draw);
}

export default { render };
