// Chance controls: roll with the explorer's seeded generator, or choose an outcome.
const CSS = `
.pre-chance { font-family: sans-serif; font-size: 13px; }
.pre-chance button { margin: 2px; cursor: pointer; }
.pre-chance .pre-fraction { font-family: monospace; margin-left: 4px; }
`;

function send(model, request) {
  model.set("request", { ...request, n: Date.now() + Math.random() });
  model.save_changes();
}

function render({ model, el }) {
  el.classList.add("pre-chance");
  const style = document.createElement("style");
  style.textContent = CSS;
  const note = document.createElement("div");
  note.className = "pre-note";
  const roll = document.createElement("button");
  roll.className = "pre-roll";
  roll.textContent = "Roll";
  roll.addEventListener("click", () => send(model, { op: "roll" }));
  const outcomes = document.createElement("div");
  outcomes.className = "pre-outcomes";
  el.append(style, note, roll, outcomes);

  const draw = () => {
    const data = model.get("data") || {};
    note.textContent = data.note || "";
    roll.hidden = !data.active;
    outcomes.replaceChildren();
    for (const row of data.rows || []) {
      const button = document.createElement("button");
      button.className = "pre-choose";
      button.dataset.move = row.id;
      button.title = `choose ${row.id}`;
      const label = document.createElement("span");
      label.textContent = row.label;
      const fraction = document.createElement("span");
      fraction.className = "pre-fraction";
      fraction.textContent = row.fraction;
      button.append(label, fraction);
      button.addEventListener("click", () => send(model, { op: "choose", move: row.id }));
      outcomes.append(button);
    }
  };
  model.on("change:data", draw);
  draw();
  // Cleanup when the view goes away (Panel calls whatever render returns).
  return () => model.off("change:data", draw);
}

export default { render };
