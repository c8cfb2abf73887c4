// Board view: the game's own SVG inline, its data-place elements clickable.
// Hovering a place highlights it and the places of every legal action involving it, and
// nothing else: renderers name places uniquely per seat and zone ("P2:suit:H", "display:suit:S"),
// so one seat's hearts never light up another's. Clicking offers those actions; choosing one
// sends {op: "play"} to Python.
const CSS = `
.pre-board { font-family: sans-serif; font-size: 13px; }
.pre-board .pre-svg svg { max-width: 100%; height: auto; }
.pre-board .pre-svg text { pointer-events: none; }
.pre-board [data-place].pre-actionable { cursor: pointer; }
.pre-board [data-place].pre-hl { stroke: #e63946 !important; stroke-width: 3px !important; }
.pre-board .pre-menu { display: flex; flex-wrap: wrap; gap: 4px; margin: 4px 0; }
.pre-board .pre-menu button { cursor: pointer; }
.pre-board .pre-error { color: #b00020; }
.pre-board .pre-status { font-weight: bold; margin: 2px 0; }
`;

function send(model, request) {
  model.set("request", { ...request, n: Date.now() + Math.random() });
  model.save_changes();
}

function render({ model, el }) {
  el.classList.add("pre-board");
  const style = document.createElement("style");
  style.textContent = CSS;
  const status = document.createElement("div");
  status.className = "pre-status";
  const box = document.createElement("div");
  box.className = "pre-svg";
  const menu = document.createElement("div");
  menu.className = "pre-menu";
  const error = document.createElement("div");
  error.className = "pre-error";
  el.append(style, status, box, menu, error);
  let svg = null;

  const actions = () => (model.get("data") || {}).actions || [];
  const actionsAt = (place) => actions().filter((a) => a.places.includes(place));
  const highlight = (list, hovered) => {
    const places = new Set(list.flatMap((a) => a.places));
    if (hovered && list.length) places.add(hovered);
    for (const node of box.querySelectorAll("[data-place]")) {
      node.classList.toggle("pre-hl", places.has(node.dataset.place));
    }
  };

  const offer = (place) => {
    menu.replaceChildren();
    const list = actionsAt(place);
    menu.dataset.place = place;
    if (list.length === 0) {
      menu.textContent = "No legal action involves this place.";
      return;
    }
    for (const action of list) {
      const button = document.createElement("button");
      button.className = "pre-offer";
      button.dataset.move = action.id;
      button.textContent = action.label;
      button.title = action.id;
      button.addEventListener("mouseenter", () => highlight([action]));
      button.addEventListener("mouseleave", () => highlight([]));
      button.addEventListener("click", () => send(model, { op: "play", move: action.id }));
      menu.append(button);
    }
  };

  const draw = () => {
    const data = model.get("data") || {};
    status.textContent = data.status || "";
    error.textContent = data.error || "";
    if (data.svg !== svg) {
      box.innerHTML = data.svg || "";
      svg = data.svg;
    }
    const live = new Set(actions().flatMap((a) => a.places));
    for (const node of box.querySelectorAll("[data-place]")) {
      node.classList.toggle("pre-actionable", live.has(node.dataset.place));
      node.classList.remove("pre-hl");
    }
    menu.replaceChildren();
    delete menu.dataset.place;
    box.dataset.revision = String(data.revision ?? "");
  };

  box.addEventListener("mouseover", (event) => {
    const target = event.target.closest("[data-place]");
    highlight(target ? actionsAt(target.dataset.place) : [], target && target.dataset.place);
  });
  box.addEventListener("mouseleave", () => highlight([]));
  box.addEventListener("click", (event) => {
    const target = event.target.closest("[data-place]");
    if (target) offer(target.dataset.place);
  });
  model.on("change:data", draw);
  draw();
  // Cleanup when the view goes away (Panel calls whatever render returns).
  return () => model.off("change:data", draw);
}

export default { render };
