// Tree navigator: the what-if tree as a move list with variations in brackets, like a
// chess analysis board. The view keeps its own list of nodes and applies numbered deltas
// from Python (a new node, a comment, the current node); a full list comes only when the
// tree's shape changes, and the view asks for one when it missed a message.
// Keys: ←/→ step, ↑/↓ choose at a fork (on the fork node too: into its next or previous line),
// Home/End, Ctrl/Cmd-Z undo. Chance outcomes show as outcomes (no move number).
const CSS = `
.pre-tree { font-family: sans-serif; font-size: 13px; outline: none; }
.pre-tree:focus { box-shadow: 0 0 0 2px #8ab4f8; }
.pre-tree .pre-bar { display: flex; flex-wrap: wrap; gap: 2px; }
.pre-tree .pre-bar button { cursor: pointer; }
.pre-tree .pre-bar .pre-gap { width: 8px; }
.pre-tree .pre-moves { line-height: 1.9; margin: 4px 0; max-height: 260px; overflow-y: auto; }
.pre-tree .pre-unit { white-space: nowrap; display: inline-block; margin-right: 4px; }
.pre-tree .pre-num { color: #777; font-size: 11px; font-family: monospace; white-space: pre; }
.pre-tree .pre-node { cursor: pointer; padding: 1px 4px; border-radius: 3px; font-family: monospace; }
.pre-tree .pre-node:hover { background: #e8eefc; }
.pre-tree .pre-node.pre-chance-edge { font-style: italic; color: #555; }
.pre-tree .pre-node.pre-current { background: #1d4ed8; color: #fff; }
.pre-tree .pre-variation { color: #666; }
.pre-tree .pre-comment-text { color: #2f6f3e; }
.pre-tree textarea { width: 98%; box-sizing: border-box; }
.pre-tree .pre-error { color: #b00020; }
.pre-tree .pre-confirm { background: #fff4e5; border: 1px solid #e0a040; padding: 4px 6px; margin: 4px 0; }
.pre-tree .pre-confirm button { margin-left: 6px; }
.pre-tree .pre-file { display: none; }
`;

const BUTTONS = [
  ["first", "|◀", "first (Home)"], ["back", "◀", "back (←)"], ["forward", "▶", "forward (→)"],
  ["last", "▶|", "last (End)"], ["up", "▲", "previous variation (↑)"], ["down", "▼", "next variation (↓)"],
  ["gap"], ["promote", "Promote", "promote this variation"], ["main_line", "Main line", "make this the main line"],
  ["delete", "Delete from here", "delete this move and all after it (asks first)"],
  ["undo", "Undo", "undo the last change to the tree (Ctrl/Cmd-Z)"], ["gap"],
  ["save", "Save analysis", "download the whole tree as a JSON file"],
  ["load", "Load analysis", "open a saved tree (JSON file)"],
];

const KEYS = { ArrowLeft: "back", ArrowRight: "forward", ArrowUp: "up", ArrowDown: "down", Home: "first", End: "last" };

function send(model, request) {
  model.set("request", { ...request, n: Date.now() + Math.random() });
  model.save_changes();
}

function make(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

function render({ model, el }) {
  el.classList.add("pre-tree");
  el.tabIndex = 0;
  el.dataset.lmSuppressShortcuts = "true";
  const style = make("style", "", CSS);
  const bar = make("div", "pre-bar");
  const buttons = {};
  const moves = make("div", "pre-moves");
  const confirmBox = make("div", "pre-confirm");
  confirmBox.hidden = true;
  const comment = make("textarea", "pre-comment");
  comment.rows = 2;
  comment.placeholder = "comment on this position";
  const saveComment = make("button", "pre-save-comment", "Save comment");
  const error = make("div", "pre-error");
  const file = make("input", "pre-file");
  file.type = "file";
  file.accept = ".json,application/json";
  el.append(style, bar, confirmBox, moves, comment, saveComment, error, file);

  // The view's own copy of the tree: records by id, children in order, DOM units by id.
  let nodes = new Map(), children = new Map(), units = new Map();
  let seq = 0, current = 0, asked = false;

  const subtree = (id) => {
    let count = 0, comments = 0;
    const stack = [id];
    while (stack.length) {
      const each = stack.pop();
      count += 1;
      if ((nodes.get(each) || {}).comment) comments += 1;
      stack.push(...(children.get(each) || []));
    }
    return [count, comments];
  };

  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

  const askDelete = () => {
    if (!nodes.get(current) || nodes.get(current).parent === null) return send(model, { op: "delete" });
    const [count, comments] = subtree(current);
    const what = plural(count, "move") + (comments ? ` and ${plural(comments, "comment")}` : "");
    confirmBox.replaceChildren(`Delete ${what} from here? (Undo brings them back.)`);
    const yes = make("button", "pre-confirm-delete", "Delete");
    const no = make("button", "pre-cancel-delete", "Cancel");
    yes.addEventListener("click", () => { confirmBox.hidden = true; send(model, { op: "delete" }); });
    no.addEventListener("click", () => { confirmBox.hidden = true; el.focus(); });
    confirmBox.append(yes, no);
    confirmBox.dataset.moves = String(count);
    confirmBox.dataset.comments = String(comments);
    confirmBox.hidden = false;
    yes.focus();
  };

  const command = (name) => {
    if (name === "up") return send(model, { op: "variation", step: -1 });
    if (name === "down") return send(model, { op: "variation", step: 1 });
    if (name === "delete") return askDelete();
    if (name === "load") return file.click();
    send(model, { op: name });
  };

  for (const [name, text, title] of BUTTONS) {
    if (name === "gap") { bar.append(make("span", "pre-gap")); continue; }
    const button = make("button", `pre-cmd pre-${name}`, text);
    button.dataset.command = name;
    button.title = title;
    button.addEventListener("click", () => command(name));
    buttons[name] = button;
    bar.append(button);
  }
  saveComment.addEventListener("click", () => send(model, { op: "comment", text: comment.value }));
  file.addEventListener("change", async () => {
    const chosen = file.files && file.files[0];
    if (!chosen) return;
    const text = await chosen.text();
    file.value = "";
    send(model, { op: "load_analysis", text, name: chosen.name });
  });

  el.addEventListener("keydown", (event) => {
    if (event.target === comment || event.target === file) return;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z") {
      event.preventDefault();
      event.stopPropagation();
      return send(model, { op: "undo" });
    }
    if (!(event.key in KEYS)) return;
    event.preventDefault();
    event.stopPropagation();
    command(KEYS[event.key]);
  });

  const unit = (record) => {
    // A move shows its number and seat ("3. P2 open A1"); a chance outcome is not a move: no number.
    const box = make("span", "pre-unit" + (record.chance ? " pre-outcome" : ""));
    if (record.parent !== null && !record.chance) {
      box.append(make("span", "pre-num", `${record.n}.${record.who ? " " + record.who : ""} `));
    }
    const node = make("span", "pre-node" + (record.chance ? " pre-chance-edge" : ""), record.label);
    node.dataset.id = String(record.id);
    node.title = record.tip || record.label;
    node.addEventListener("click", () => send(model, { op: "goto", id: record.id }));
    const note = make("span", "pre-comment-text", record.comment ? ` {${record.comment}}` : "");
    box.append(node, note);
    units.set(record.id, box);
    return box;
  };

  const line = (parentId, container) => {   // the main line from parentId, variations where they fork
    let at = parentId;
    for (;;) {
      const kids = children.get(at) || [];
      if (!kids.length) return;
      container.append(unit(nodes.get(kids[0])), " ");
      for (const other of kids.slice(1)) {
        const variation = make("span", "pre-variation");
        variation.append("( ", unit(nodes.get(other)), " ");
        line(other, variation);
        variation.append(") ");
        container.append(variation);
      }
      at = kids[0];
    }
  };

  const rebuild = () => {
    units = new Map();
    moves.replaceChildren();
    const root = [...nodes.values()].find((r) => r.parent === null);
    if (!root) return;
    moves.append(unit(root), " ");
    line(root.id, moves);
  };

  const add = (record) => {   // true when it could go in place; otherwise the caller rebuilds
    nodes.set(record.id, record);
    const kids = children.get(record.parent) || [];
    children.set(record.parent, [...kids, record.id]);
    const parentUnit = units.get(record.parent);
    if (kids.length || !parentUnit) return false;
    parentUnit.after(" ", unit(record));     // the parent ended its line: the move goes right after it
    return true;
  };

  const mark = (id) => {
    const old = units.get(current);
    if (old) old.querySelector(".pre-node").classList.remove("pre-current");
    current = id;
    const now = units.get(id);
    if (!now) return;
    const node = now.querySelector(".pre-node");
    node.classList.add("pre-current");
    const top = node.offsetTop - moves.offsetTop;
    if (top < moves.scrollTop || top > moves.scrollTop + moves.clientHeight - 20) {
      moves.scrollTop = Math.max(0, top - moves.clientHeight / 2);
    }
  };

  const download = ({ name, text }) => {
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const link = make("a");
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const apply = (data, fresh) => {
    if (data.seq === undefined) return;
    const full = data.base === null || data.base === undefined;
    if (!full && data.base !== seq) {          // missed a message: ask for everything once
      if (!asked) { asked = true; send(model, { op: "sync" }); }
      return;
    }
    asked = false;
    seq = data.seq;
    if (full) {
      nodes = new Map();
      children = new Map();
      for (const record of data.nodes) {
        nodes.set(record.id, record);
        if (record.parent !== null) children.set(record.parent, [...(children.get(record.parent) || []), record.id]);
      }
      rebuild();
      confirmBox.hidden = true;
    } else {
      let whole = false;
      for (const record of data.nodes) whole = !add(record) || whole;
      if (whole) rebuild();
      for (const [id, text] of Object.entries(data.comments || {})) {
        const record = nodes.get(Number(id));
        if (record) record.comment = text;
        const box = units.get(Number(id));
        if (box) box.querySelector(".pre-comment-text").textContent = text ? ` {${text}}` : "";
      }
      if (data.download && !fresh) download(data.download);
    }
    mark(data.current);
    if (document.activeElement !== comment) comment.value = data.comment || "";
    error.textContent = data.error || "";
    buttons.undo.disabled = !data.undo;
    buttons.undo.title = data.undo ? `undo: ${data.undo} (Ctrl/Cmd-Z)` : "nothing to undo";
    buttons.back.disabled = buttons.first.disabled = data.at_root;
    buttons.forward.disabled = buttons.last.disabled = data.at_end;
    el.dataset.seq = String(seq);
    el.dataset.current = String(current);
    el.dataset.nodes = String(nodes.size);
  };

  const changed = () => apply(model.get("data") || {}, false);
  model.on("change:data", changed);
  apply(model.get("data") || {}, true);
  // Cleanup when the view goes away (Panel calls whatever render returns).
  return () => model.off("change:data", changed);
}

export default { render };
