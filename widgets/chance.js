// Chance panel: the outcomes of a chance node as at most a dozen bars, each with its exact
// fraction and a percentage, in a grid whose columns size to their text (nothing overlaps).
// A bar of several outcomes opens (drill-down, crumbs lead back); a bar of one chooses it: a
// click anywhere on its row does it. This is the only picture of these numbers (#30 point 4).
// Roll uses the explorer's seeded generator; "Deal the set-up" (or "Roll to the next decision")
// rolls a chain of chance steps up to the next decision, each step still a node of the tree.
const CSS = `
.pre-chance { font-family: sans-serif; font-size: 12.5px; }
.pre-chance .pre-title { font-weight: bold; margin: 2px 0; }
.pre-chance .pre-controls { display: inline-block; }
.pre-chance .pre-controls button { margin: 2px 4px 2px 0; cursor: pointer; }
.pre-chance .pre-crumbs { margin: 4px 0; color: #444; }
.pre-chance .pre-crumb { cursor: pointer; color: #1a5fb4; text-decoration: underline; background: none;
  border: none; padding: 0; font: inherit; }
.pre-chance .pre-crumb-here { font-weight: bold; }
.pre-chance .pre-bars { display: grid; align-items: center; column-gap: 8px; row-gap: 1px;
  grid-template-columns: minmax(0, 17em) minmax(60px, 1fr) max-content max-content max-content; }
.pre-chance .pre-label { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.pre-chance .pre-track { height: 12px; background: #eef1f6; border-radius: 2px; }
.pre-chance .pre-fill { height: 100%; background: #4c72b0; border-radius: 2px; min-width: 1px; }
.pre-chance .pre-group-row .pre-fill { background: #8c6bb1; }
.pre-chance .pre-fraction { font-family: monospace; text-align: right; white-space: nowrap; }
.pre-chance .pre-percent { color: #555; text-align: right; white-space: nowrap; min-width: 3.2em; }
.pre-chance .pre-bars button { cursor: pointer; white-space: nowrap; padding: 0 6px; font-size: 12px; }
.pre-chance .pre-chance-row { display: contents; }
.pre-chance .pre-choosable > * { cursor: pointer; }
.pre-chance .pre-choosable:hover > .pre-label { color: #1a5fb4; text-decoration: underline; }
.pre-chance .pre-choosable:hover .pre-fill { background: #2a4f8f; }
.pre-chance .pre-note { color: #444; margin: 2px 0; }
`;

function send(model, request) {
  model.set("request", { ...request, n: Date.now() + Math.random() });
  model.save_changes();
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function barRow(model, row, steps) {
  const kind = row.group ? "pre-group-row" : "pre-outcome-row";
  const label = element("span", `pre-label ${kind}`, row.label);
  label.title = row.full;
  const track = element("span", `pre-track ${kind}`);
  const fill = element("span", "pre-fill");
  fill.style.display = "block";
  fill.style.width = `${Math.round(row.scale * 1000) / 10}%`;
  track.title = `${row.full}: ${row.fraction} (${row.percent})`;
  track.append(fill);
  const fraction = element("span", "pre-fraction", row.fraction);
  const percent = element("span", "pre-percent", row.percent);
  let button;
  let act = null;
  if (row.group) {
    button = element("button", "pre-open", `Open (${row.count})`);
    button.dataset.key = row.key;
    button.title = `Show the ${row.count} outcomes of: ${row.full}`;
    act = () => send(model, { op: "drill", steps: [...steps, row.key] });
  } else if (row.id) {
    button = element("button", "pre-choose", "Choose");
    button.dataset.move = row.id;
    button.title = `Choose this outcome: ${row.full}`;
    act = () => send(model, { op: "choose", move: row.id });
  } else {
    button = element("span", "pre-no-choice", "");
  }
  // The whole row is one target (its button stays, for the keyboard and screen readers).
  const line = element("div", `pre-chance-row ${kind}${act ? " pre-choosable" : ""}`);
  line.setAttribute("role", "listitem");
  if (row.id) line.dataset.move = row.id;
  if (row.group) line.dataset.key = row.key;
  line.append(label, track, fraction, percent, button);
  if (act) line.addEventListener("click", act);
  return line;
}

function render({ model, el }) {
  el.classList.add("pre-chance");
  const style = element("style");
  style.textContent = CSS;
  const title = element("div", "pre-title");
  const note = element("div", "pre-note");
  const controls = element("div", "pre-controls");
  const roll = element("button", "pre-roll", "Roll");
  roll.title = "Pick an outcome with its exact probability (seeded, so replayable)";
  roll.addEventListener("click", () => send(model, { op: "roll" }));
  const deal = element("button", "pre-deal", "Deal the set-up");
  deal.title = "Roll every set-up draw up to the first decision; each draw stays in the tree";
  deal.addEventListener("click", () => send(model, { op: "deal" }));
  controls.append(roll, deal);
  const crumbs = element("div", "pre-crumbs");
  const bars = element("div", "pre-bars");
  bars.setAttribute("role", "list");
  el.append(style, title, controls, crumbs, bars, note);

  const draw = () => {
    const data = model.get("data") || {};
    const steps = data.steps || [];
    title.textContent = data.active ? data.title || "" : "";
    note.textContent = data.note || "";
    roll.hidden = !data.active;
    deal.hidden = !data.deal;
    deal.textContent = data.deal || "";
    crumbs.replaceChildren();
    if ((data.crumbs || []).length) {
      const top = element("button", "pre-crumb", "All outcomes");
      top.addEventListener("click", () => send(model, { op: "drill", steps: [] }));
      crumbs.append(top);
      data.crumbs.forEach((label, i) => {
        crumbs.append(" › ");
        const last = i === data.crumbs.length - 1;
        const crumb = element(last ? "span" : "button", last ? "pre-crumb-here" : "pre-crumb", label);
        if (!last) crumb.addEventListener("click", () => send(model, { op: "drill", steps: steps.slice(0, i + 1) }));
        crumbs.append(crumb);
      });
    }
    bars.replaceChildren();
    const top = Math.max(0, ...(data.rows || []).map((r) => r.value));
    for (const row of data.rows || []) {
      bars.append(barRow(model, { ...row, scale: top ? row.value / top : 0 }, steps));
    }
  };
  model.on("change:data", draw);
  draw();
  // Cleanup when the view goes away (Panel calls whatever render returns).
  return () => model.off("change:data", draw);
}

export default { render };
