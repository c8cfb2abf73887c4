// Tree navigator: the what-if tree as a move list with variations in brackets,
// like a chess analysis board; arrows step, up/down switch variation at a fork.
const CSS = `
.pre-tree { font-family: sans-serif; font-size: 13px; outline: none; }
.pre-tree:focus { box-shadow: 0 0 0 2px #8ab4f8; }
.pre-tree .pre-bar button { margin: 1px; cursor: pointer; }
.pre-tree .pre-moves { line-height: 1.8; margin: 4px 0; max-height: 220px; overflow-y: auto; }
.pre-tree .pre-node { cursor: pointer; padding: 1px 4px; border-radius: 3px; font-family: monospace; }
.pre-tree .pre-node.pre-chance-edge { font-style: italic; color: #555; }
.pre-tree .pre-node.pre-current { background: #1d4ed8; color: #fff; }
.pre-tree .pre-variation { color: #666; }
.pre-tree .pre-comment-text { color: #2f6f3e; }
.pre-tree textarea { width: 98%; }
.pre-tree .pre-error { color: #b00020; }
`;

const BUTTONS = [
  ["first", "|◀", "first (Home)"], ["back", "◀", "back (←)"], ["forward", "▶", "forward (→)"],
  ["last", "▶|", "last (End)"], ["up", "▲", "previous variation (↑)"], ["down", "▼", "next variation (↓)"],
  ["promote", "Promote", "promote this variation"], ["main_line", "Main line", "make this the main line"],
  ["delete", "Delete from here", "delete this move and all after it"],
];

const KEYS = { ArrowLeft: "back", ArrowRight: "forward", ArrowUp: "up", ArrowDown: "down", Home: "first", End: "last" };

function send(model, request) {
  model.set("request", { ...request, n: Date.now() + Math.random() });
  model.save_changes();
}

function command(model, name) {
  if (name === "up") return send(model, { op: "variation", step: -1 });
  if (name === "down") return send(model, { op: "variation", step: 1 });
  send(model, { op: name });
}

function render({ model, el }) {
  el.classList.add("pre-tree");
  el.tabIndex = 0;
  el.dataset.lmSuppressShortcuts = "true";
  const style = document.createElement("style");
  style.textContent = CSS;
  const bar = document.createElement("div");
  bar.className = "pre-bar";
  for (const [name, text, title] of BUTTONS) {
    const button = document.createElement("button");
    button.className = `pre-cmd pre-${name}`;
    button.dataset.command = name;
    button.textContent = text;
    button.title = title;
    button.addEventListener("click", () => command(model, name));
    bar.append(button);
  }
  const moves = document.createElement("div");
  moves.className = "pre-moves";
  const comment = document.createElement("textarea");
  comment.className = "pre-comment";
  comment.rows = 2;
  comment.placeholder = "comment on this position";
  const save = document.createElement("button");
  save.className = "pre-save-comment";
  save.textContent = "Save comment";
  save.addEventListener("click", () => send(model, { op: "comment", text: comment.value }));
  const error = document.createElement("div");
  error.className = "pre-error";
  el.append(style, bar, moves, comment, save, error);

  el.addEventListener("keydown", (event) => {
    if (event.target === comment || !(event.key in KEYS)) return;
    event.preventDefault();
    event.stopPropagation();
    command(model, KEYS[event.key]);
  });

  const line = (items, parent) => {
    for (const item of items) {
      if (item.variation) {
        const span = document.createElement("span");
        span.className = "pre-variation";
        span.append("( ");
        line(item.variation, span);
        span.append(") ");
        parent.append(span);
        continue;
      }
      const node = document.createElement("span");
      node.className = "pre-node" + (item.current ? " pre-current" : "") + (item.chance ? " pre-chance-edge" : "");
      node.dataset.at = item.at.join(".");
      node.textContent = item.label;
      node.addEventListener("click", () => send(model, { op: "goto", at: item.at }));
      parent.append(node, " ");
      if (item.comment) {
        const text = document.createElement("span");
        text.className = "pre-comment-text";
        text.textContent = `{${item.comment}} `;
        parent.append(text);
      }
    }
  };

  const draw = () => {
    const data = model.get("data") || {};
    moves.replaceChildren();
    const root = document.createElement("span");
    root.className = "pre-node" + (data.at_root ? " pre-current" : "");
    root.dataset.at = "";
    root.textContent = "start";
    root.addEventListener("click", () => send(model, { op: "goto", at: [] }));
    moves.append(root, " ");
    line(data.line || [], moves);
    if (document.activeElement !== comment) comment.value = data.comment || "";
    error.textContent = data.error || "";
    const current = moves.querySelector(".pre-current");
    if (current) moves.scrollTop = Math.max(0, current.offsetTop - moves.offsetTop - moves.clientHeight / 2);
  };
  model.on("change:data", draw);
  draw();
  // Cleanup when the view goes away (Panel calls whatever render returns).
  return () => model.off("change:data", draw);
}

export default { render };
