// Board view: the game's own SVG inline; a move is made on the board.
// The view knows no rules (like chessground, which is given each piece's destinations): each
// legal action arrives with `at`, the data-place of the element it acts on, and `menu`, the
// words that tell it apart from other actions at that element. A click on an element with one
// action plays it; on an element with several, a small menu at the element names them in
// words (level by level when `menu` has several levels, e.g. "Give ..." then "Get ...").
// The clicked element turns "pressed" on pointerdown, in this frame, before the round trip.
// Hovering an element highlights every place its actions involve. Optional engine verdicts
// (`verdicts: {id: {text, title, best}}`) show as a badge at the element (shortened or left out
// where it would cover another badge or move), in the menu entry,
// and as a ring around the best move's element.
const CSS = `
.pre-board { font-family: sans-serif; font-size: 13px; position: relative; }
.pre-board .pre-svg { position: relative; }
.pre-board .pre-svg svg { max-width: 100%; height: auto; }
.pre-board .pre-svg text { pointer-events: none; }
.pre-board [data-place].pre-target { cursor: pointer; filter: drop-shadow(0 0 3px #0fb5ad); }
.pre-board [data-place].pre-target:not(g):not(text), .pre-board g.pre-target > :is(rect, path, polygon):first-of-type {
  stroke: #0d9488; stroke-width: 2.5px; }
.pre-board [data-place].pre-target:hover { filter: drop-shadow(0 0 5px #0fb5ad) drop-shadow(0 0 2px #0d9488); }
.pre-board [data-place].pre-hl:not(g):not(text), .pre-board g.pre-hl > :is(rect, path, polygon, circle) {
  stroke: #e63946 !important; stroke-width: 3px !important; }
.pre-board [data-place].pre-pressed { opacity: 0.7; filter: drop-shadow(0 0 4px #ff8800) drop-shadow(0 0 2px #ff8800); }
.pre-board [data-place].pre-pressed:not(g):not(text), .pre-board g.pre-pressed > :is(rect, path, polygon, circle) {
  stroke: #ff8800 !important; stroke-width: 4px !important; }
.pre-board .pre-layer { position: absolute; left: 0; top: 0; width: 0; height: 0; pointer-events: none; }
.pre-board .pre-badge { position: absolute; transform: translate(-50%, -100%); background: #102a43; color: #fff;
  font: bold 11px sans-serif; padding: 1px 4px; border-radius: 8px; white-space: nowrap; pointer-events: auto; }
.pre-board .pre-badge.pre-best-badge { background: #b8860b; }
.pre-board .pre-badge[hidden] { display: none; }
.pre-board .pre-ring { position: absolute; border: 3px solid #d4a017; border-radius: 6px;
  box-shadow: 0 0 0 2px #fff8; pointer-events: none; }
.pre-board .pre-menu { position: absolute; z-index: 20; display: flex; flex-direction: column; gap: 2px;
  background: #fff; border: 1px solid #555; border-radius: 6px; padding: 4px; box-shadow: 0 3px 10px #0005;
  max-width: 340px; max-height: 320px; overflow-y: auto; }
.pre-board .pre-menu[hidden] { display: none; }
.pre-board .pre-menu .pre-menu-head { font-weight: bold; padding: 2px 4px; }
.pre-board .pre-menu button { cursor: pointer; text-align: left; font: 13px sans-serif; padding: 3px 6px;
  border: 1px solid #bbb; border-radius: 4px; background: #f7f7f7; }
.pre-board .pre-menu button:hover, .pre-board .pre-menu button:focus { background: #e3f2f1; }
.pre-board .pre-menu button.pre-pressed { background: #ffcc80; }
.pre-board .pre-menu .pre-verdict { font-size: 11px; color: #102a43; margin-left: 6px; font-weight: bold; }
.pre-board .pre-error { color: #b00020; }
.pre-board .pre-status { font-weight: bold; margin: 2px 0; }
`;

function send(model, request) {
  model.set("request", { ...request, n: Date.now() + Math.random() });
  model.save_changes();
}

// The actions at each target element, in the order they came (the game's order).
function byTarget(actions) {
  const found = new Map();
  for (const action of actions) {
    if (!action.at) continue;
    if (!found.has(action.at)) found.set(action.at, []);
    found.get(action.at).push(action);
  }
  return found;
}

// The words of an action at menu level `depth`; the last level falls back on its label.
function words(action, depth) {
  const menu = action.menu && action.menu.length ? action.menu : [action.label];
  return menu[Math.min(depth, menu.length - 1)];
}

function render({ model, el }) {
  el.classList.add("pre-board");
  const style = document.createElement("style");
  style.textContent = CSS;
  const status = document.createElement("div");
  status.className = "pre-status";
  const box = document.createElement("div");
  box.className = "pre-svg";
  const layer = document.createElement("div");
  layer.className = "pre-layer";
  const menu = document.createElement("div");
  menu.className = "pre-menu";
  menu.hidden = true;
  menu.setAttribute("role", "menu");
  const error = document.createElement("div");
  error.className = "pre-error";
  box.append(layer, menu);
  el.append(style, status, box, error);
  let svg = null;
  let targets = new Map();

  const data = () => model.get("data") || {};
  const actions = () => data().actions || [];
  const verdicts = () => data().verdicts || {};
  const nodesAt = (place) => [...box.querySelectorAll("[data-place]")].filter((n) => n.dataset.place === place);
  const highlight = (list, hovered) => {
    const places = new Set(list.flatMap((a) => [a.at, ...a.places]));
    if (hovered && list.length) places.add(hovered);
    for (const node of box.querySelectorAll("[data-place]")) {
      node.classList.toggle("pre-hl", places.has(node.dataset.place));
    }
  };
  // A node's box in the coordinates of `box`; null for a node not laid out.
  const rectOf = (node) => {
    const origin = box.getBoundingClientRect();
    const b = node.getBoundingClientRect();
    if (!b.width && !b.height) return null;
    return { left: b.left - origin.left, top: b.top - origin.top, right: b.right - origin.left,
      bottom: b.bottom - origin.top };
  };
  const press = (node) => {
    node.classList.add("pre-pressed");
    node.dataset.pending = "1";
  };

  const closeMenu = () => {
    menu.hidden = true;
    menu.replaceChildren();
    delete menu.dataset.place;
  };
  const play = (action, pressed) => {
    for (const node of pressed) press(node);
    box.dataset.pending = action.id;
    closeMenu();
    send(model, { op: "play", move: action.id });
  };

  // The menu at the clicked node of `place`, listing `list` by their words at `depth`; one entry per
  // distinct words (an entry standing for several opens the next level).
  const offer = (place, list, depth, anchor, skipped = false) => {
    menu.replaceChildren();
    menu.dataset.place = place;
    menu.dataset.depth = String(depth);
    const head = document.createElement("div");
    head.className = "pre-menu-head";
    head.textContent = depth === 0 ? "Choose:" : words(list[0], depth - 1);
    menu.append(head);
    const groups = new Map();
    for (const action of list) {
      const key = words(action, depth);
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(action);
    }
    if (groups.size === 1 && list.length > 1 && list.some((a) => (a.menu || []).length > depth + 1)) {
      offer(place, list, depth + 1, anchor, depth === 0 || skipped);   // one entry only: the next level
      return;
    }
    const seen = verdicts();
    for (const [key, members] of groups) {
      const button = document.createElement("button");
      button.className = "pre-offer";
      button.setAttribute("role", "menuitem");
      button.textContent = key;
      const single = members.length === 1 ? members[0] : null;
      if (single) {
        button.dataset.move = single.id;
        button.title = single.label;
        const v = seen[single.id];
        if (v) {
          const badge = document.createElement("span");
          badge.className = "pre-verdict";
          badge.textContent = v.text;
          button.title = v.title || single.label;
          button.append(badge);
        }
      } else {
        button.dataset.more = String(members.length);
        button.dataset.moves = JSON.stringify(members.map((a) => a.id));
        button.textContent = `${key} …`;
      }
      button.addEventListener("pointerdown", () => button.classList.add("pre-pressed"));
      button.addEventListener("mouseenter", () => highlight(members));
      button.addEventListener("mouseleave", () => highlight([]));
      button.addEventListener("click", (event) => {
        event.stopPropagation();
        if (single) play(single, nodesAt(place));
        else offer(place, members, depth + 1, anchor);
      });
      menu.append(button);
    }
    if (depth > 0 && !skipped) {
      const back = document.createElement("button");
      back.className = "pre-back";
      back.textContent = "← back";
      back.addEventListener("click", (event) => {
        event.stopPropagation();
        offer(place, targets.get(place) || [], 0, anchor);
      });
      menu.append(back);
    }
    const r = rectOf(anchor);
    menu.hidden = false;
    if (r) {
      const width = box.clientWidth;
      menu.style.left = `${Math.max(0, Math.min(r.left, width - menu.offsetWidth - 4))}px`;
      menu.style.top = `${r.bottom + 4}px`;
    }
    const first = menu.querySelector("button");
    if (first) first.focus({ preventScroll: true });
  };

  // Badges for verdicts at their elements and a ring round the best move's element. A badge never
  // covers another badge or another move's element: where it would, it shrinks to its figure, and
  // where even that would, it gives way (the figure stays in the menus, the picker and the engine's
  // table; the best move keeps its ring). The best move's badge is placed first, then the higher
  // figures.
  const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const holds = (a, b) => a.left <= b.left && a.right >= b.right && a.top <= b.top && a.bottom >= b.bottom;
  const overlay = () => {
    layer.replaceChildren();
    const seen = verdicts();
    const figure = (words) => parseFloat(words.replace(/^[^0-9-]*/, "")) || 0;
    const entries = [];
    const elements = [];
    for (const [place, list] of targets) {
      const node = nodesAt(place).find((n) => rectOf(n));
      const r = node && rectOf(node);
      if (r) elements.push({ place, r });
      const rated = list.filter((a) => seen[a.id]);
      if (!rated.length || !r) continue;
      const best = rated.find((a) => seen[a.id].best);
      entries.push({ place, rated, best, shown: best || rated[0], r });
    }
    entries.sort((a, b) => (b.best ? 1 : 0) - (a.best ? 1 : 0)
      || figure(seen[b.shown.id].text) - figure(seen[a.shown.id].text));
    const placed = [];
    for (const { place, rated, best, shown, r } of entries) {
      const badge = document.createElement("span");
      badge.className = "pre-badge" + (best ? " pre-best-badge" : "");
      badge.dataset.place = place;
      badge.dataset.move = shown.id;
      const words = seen[shown.id].text;
      const star = best && !words.startsWith("★") ? "★ " : "";
      const more = rated.length > 1 ? " …" : "";
      badge.textContent = star + words + more;
      badge.title = rated.map((a) => `${a.label}: ${seen[a.id].title || seen[a.id].text}`).join("\n");
      badge.style.left = `${(r.left + r.right) / 2}px`;
      badge.style.top = `${r.top}px`;
      layer.append(badge);
      const spot = () => {
        const w = badge.offsetWidth, h = badge.offsetHeight, x = (r.left + r.right) / 2;
        return { left: x - w / 2, right: x + w / 2, top: r.top - h, bottom: r.top };
      };
      const clear = () => {
        const b = spot();
        return !placed.some((p) => meets(b, p)) && !elements.some((e) => e.place !== place && !holds(e.r, r)
          && meets(b, e.r));
      };
      if (!clear()) {
        const short = words.match(/[-\d.]+%?/);
        badge.textContent = star + (short ? short[0] : words) + more;
        badge.classList.add("pre-badge-short");
        if (!clear()) badge.hidden = true;             // the best move keeps its ring
      }
      if (!badge.hidden) placed.push(spot());
      if (best) {
        const ring = document.createElement("div");
        ring.className = "pre-ring";
        ring.dataset.place = place;
        ring.dataset.move = best.id;
        ring.style.left = `${r.left - 7}px`;            // 4 px clear of the element, then the 3 px border
        ring.style.top = `${r.top - 7}px`;
        ring.style.width = `${r.right - r.left + 8}px`;
        ring.style.height = `${r.bottom - r.top + 8}px`;
        layer.append(ring);
      }
    }
  };

  const draw = () => {
    const d = data();
    status.textContent = d.status || "";
    error.textContent = d.error || "";
    if (d.svg !== svg) {
      for (const old of box.querySelectorAll("svg")) old.remove();
      box.insertAdjacentHTML("afterbegin", d.svg || "");
      svg = d.svg;
    }
    targets = byTarget(actions());
    const involved = new Set(actions().flatMap((a) => a.places));
    for (const node of box.querySelectorAll("[data-place]")) {
      const place = node.dataset.place;
      node.classList.toggle("pre-target", targets.has(place));
      node.classList.toggle("pre-involved", involved.has(place));
      node.classList.remove("pre-hl", "pre-pressed");
      delete node.dataset.pending;
      const list = targets.get(place);
      if (list && list.length === 1) node.dataset.move = list[0].id;      // one meaning: this move
      else delete node.dataset.move;
      if (list) {
        node.setAttribute("aria-label", list.length === 1 ? list[0].label : `${list.length} moves`);
        node.dataset.moves = String(list.length);
      } else {
        node.removeAttribute("aria-label");
        delete node.dataset.moves;
      }
    }
    closeMenu();
    delete box.dataset.pending;
    box.dataset.revision = String(d.revision ?? "");
    overlay();
    requestAnimationFrame(overlay);          // again once the new drawing is laid out
  };

  box.addEventListener("mouseover", (event) => {
    const target = event.target.closest("[data-place]");
    if (!target || menu.contains(target)) return;
    const place = target.dataset.place;
    highlight(actions().filter((a) => a.at === place || a.places.includes(place)), place);
  });
  box.addEventListener("mouseleave", () => highlight([]));
  box.addEventListener("pointerdown", (event) => {
    if (menu.contains(event.target)) return;
    const target = event.target.closest("[data-place]");
    if (target && targets.has(target.dataset.place)) {
      for (const node of nodesAt(target.dataset.place)) node.classList.add("pre-pressed");
    }
  });
  box.addEventListener("click", (event) => {
    if (menu.contains(event.target)) return;
    const target = event.target.closest("[data-place]");
    const place = target && target.dataset.place;
    const list = place ? targets.get(place) : null;
    if (!list) {
      closeMenu();
      return;
    }
    if (list.length === 1) {
      play(list[0], nodesAt(place));
      return;
    }
    for (const node of nodesAt(place)) node.classList.remove("pre-pressed");
    offer(place, list, 0, target);
  });
  el.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !menu.hidden) closeMenu();
  });
  const resize = new ResizeObserver(() => overlay());
  resize.observe(box);
  model.on("change:data", draw);
  draw();
  // Cleanup when the view goes away (Panel calls whatever render returns).
  return () => {
    model.off("change:data", draw);
    resize.disconnect();
  };
}

export default { render };
