// The bench page: run a configuration matrix on embedded suites with
// live progress (server-sent events, polling when they fail), or open a
// csp bench --json file; show the table, the paired ratios and the
// cactus plot.

import "./errors.js";
import { get, post, del } from "./api.js";
import { h } from "./dom.js";
import { drawCactus } from "./cactus.js";

const $ = (id) => document.getElementById(id);

// The dimensions csp bench takes for every problem; the problems' own
// flags are added from /api/problems.
const searchDims = ["var", "val", "alldiff", "model", "restarts", "restart-base", "ties", "save", "last-conflict", "nogoods", "seed"];

let run = null; // {id, events, timer}

function say(msg, kind = "") {
  const el = $("run-status");
  el.className = `result ${kind}`;
  el.textContent = msg;
}

function addDim(name = "", values = "") {
  const n = document.querySelectorAll("#dims .dim").length + 1;
  const row = h("div", { class: "dim" },
    h("label", { class: "sr", for: `dim-name-${n}` }, `dimension ${n}: flag`),
    h("input", { type: "text", id: `dim-name-${n}`, class: "dim-name", list: "dim-names", value: name, placeholder: "flag, e.g. var" }),
    h("label", { class: "sr", for: `dim-values-${n}` }, `dimension ${n}: values`),
    h("input", { type: "text", id: `dim-values-${n}`, class: "dim-values", value: values, placeholder: "values, e.g. mindom,domwdeg" }),
    h("button", { type: "button", title: "Remove this dimension", onclick: () => row.remove() }, "remove"));
  $("dims").append(row);
}

function matrix() {
  const m = {};
  for (const row of document.querySelectorAll("#dims .dim")) {
    const name = row.querySelector(".dim-name").value.trim();
    const vals = row.querySelector(".dim-values").value.split(",").map((v) => v.trim()).filter(Boolean);
    if (name && vals.length) m[name] = vals;
  }
  return m;
}

function busy(on) {
  $("run").disabled = on;
  $("stop").disabled = !on;
}

async function start(e) {
  e.preventDefault();
  const suites = [...document.querySelectorAll("#suites input:checked")].map((i) => i.value);
  if (!suites.length) {
    say("choose a suite", "error");
    return;
  }
  const body = {
    suites,
    matrix: matrix(),
    timeout_ms: Number($("timeout").value),
    max_instances: Number($("max-instances").value),
    repeat: Number($("repeat").value),
  };
  try {
    const ans = await post("/api/bench", body);
    run = { id: ans.id };
    $("progress").max = ans.total || 1;
    $("progress").value = 0;
    busy(true);
    say(`running: 0 of ${ans.total}`);
    follow(ans.id);
  } catch (err) {
    say(err.message, "error");
  }
}

// follow listens to the run's events; should the stream fail, it polls.
function follow(id) {
  if (typeof EventSource !== "function") {
    poll(id);
    return;
  }
  const es = new EventSource(`/api/bench/${encodeURIComponent(id)}/events`);
  run.events = es;
  es.addEventListener("progress", (ev) => progress(JSON.parse(ev.data)));
  es.addEventListener("report", (ev) => {
    es.close();
    finish(JSON.parse(ev.data));
  });
  es.onerror = () => {
    es.close();
    if (run && run.id === id && !run.done) poll(id);
  };
}

function poll(id) {
  const tick = async () => {
    if (!run || run.id !== id) return;
    try {
      const rep = await get(`/api/bench/${encodeURIComponent(id)}`);
      if (rep.running) {
        progress(rep);
        run.timer = setTimeout(tick, 700);
      } else {
        finish(rep);
      }
    } catch (err) {
      say(err.message, "error");
      busy(false);
    }
  };
  tick();
}

function progress(p) {
  $("progress").max = p.total || 1;
  $("progress").value = p.done || 0;
  say(`running: ${p.done} of ${p.total}`);
}

function finish(rep) {
  if (run) run.done = true;
  busy(false);
  $("progress").max = rep.total || 1;
  $("progress").value = rep.done || rep.total || 0;
  const stopped = rep.done < rep.total;
  say(`${stopped ? "stopped" : "done"}: ${rep.done} of ${rep.total} runs${rep.files && rep.files.length ? ` on ${rep.files.join(", ")}` : ""}`, stopped ? "warn" : "ok");
  show(rep);
}

async function stop() {
  if (!run) return;
  try {
    await del(`/api/bench/${encodeURIComponent(run.id)}`);
    say("stopping…");
  } catch (err) {
    say(err.message, "error");
  }
}

async function openFile() {
  const f = $("file").files[0];
  if (!f) return;
  try {
    const text = await f.text();
    const rep = await post("/api/bench/report", text, { raw: "application/x-ndjson" });
    say(`${f.name}: ${(rep.records || []).length} runs read`, "ok");
    show(rep);
  } catch (err) {
    say(`${f.name}: ${err.message}`, "error");
  }
}

// seconds formats a time for people.
export function seconds(t) {
  if (t === undefined || t === null || Number.isNaN(t)) return "";
  if (t < 1e-3) return `${(t * 1e6).toFixed(0)} µs`;
  if (t < 1) return `${(t * 1e3).toFixed(t < 0.01 ? 2 : 1)} ms`;
  return `${t.toFixed(2)} s`;
}

function table(el, head, rows) {
  el.replaceChildren(
    h("thead", {}, h("tr", {}, head.map((c) => h("th", { scope: "col" }, c)))),
    h("tbody", {}, rows.map((r) => h("tr", {}, r.map((c, i) => (i === 0 ? h("th", { scope: "row" }, c) : h("td", {}, c)))))));
}

function show(rep) {
  $("report").hidden = false;
  const rows = rep.rows || [];
  table($("rows"), ["configuration", "runs", "solved", "unsat", "unknown", "errors", "median", "mean", "max", "guesses", "no search"],
    rows.map((r) => [r.config, r.runs, r.solved, r.unsat, r.unknown, r.errors, seconds(r.median), seconds(r.mean), seconds(r.max),
      r.guesses === undefined ? "" : Number(r.guesses).toFixed(1), r.no_search === undefined ? "" : `${Number(r.no_search).toFixed(0)}%`]));
  const ratios = rep.ratios || [];
  table($("ratios"), ["configuration", "against", "median", "p10", "p90", "instances"],
    ratios.map((r) => [r.config, r.against, `${r.median.toFixed(2)}x`, `${r.p10.toFixed(2)}x`, `${r.p90.toFixed(2)}x`, r.instances]));
  if (!ratios.length) $("ratios").replaceChildren(h("tbody", {}, h("tr", {}, h("td", {}, "one configuration: nothing to pair"))));
  drawCactus($("cactus"), rep.cactus || []);
}

async function init() {
  const [suites, probs] = await Promise.all([get("/api/suites"), get("/api/problems")]);
  const box = $("suites");
  for (const s of suites.suites || []) {
    const id = `suite-${s.name}`;
    box.append(h("label", { for: id }, h("input", { type: "checkbox", id, value: s.name }), ` ${s.name} (${s.instances.length})`));
  }
  const first = box.querySelector('input[value="skyscraper"]') || box.querySelector("input");
  if (first) first.checked = true;
  const names = new Set(searchDims);
  for (const p of probs.problems || []) for (const f of p.flags || []) if (!f.generate) names.add(f.name);
  for (const n of names) $("dim-names").append(h("option", { value: n }));
  addDim("var", "mindom,domwdeg");
  $("add-dim").addEventListener("click", () => addDim());
  $("run-form").addEventListener("submit", start);
  $("stop").addEventListener("click", stop);
  $("file").addEventListener("change", openFile);
  document.body.dataset.ready = "true";
}

init().catch((err) => {
  say(`could not start: ${err.message}`, "error");
  document.body.dataset.ready = "error";
});
