// undercroft serve: the page. Draws (draw.js) the dungeons the server pushes (server-sent
// events `gallery` and `status`), asks for other galleries with POST /api/gallery, keeps
// what is shown (seeds, parameters, layer, the dungeon opened) in the URL.
// No build step, no dependency: plain DOM and canvas.
"use strict";

const $ = (id) => document.getElementById(id);
// This run's token (put into the page by the server): every API request carries it.
const TOKEN = document.querySelector('meta[name="undercroft-token"]').content;
const api = (url, init = {}) => fetch(url, { ...init, headers: { ...(init.headers || {}), "X-Undercroft-Token": TOKEN } });
const S = {
  gallery: null,     // the last `gallery` event (pictures kept while a save is broken)
  status: null,      // the last `status` event
  paramsKey: "",     // the parameter list the controls were built for
  single: null,      // the seed shown alone, or null
  trace: null,       // the trace of the single seed: {seed, frames} (frames not yet loaded are null)
  frame: null,       // index into trace.frames, or null for the final dungeon
  layer: "",         // chosen layer ("" = the finished level)
  zoomed: false,     // the zoom was set for the rule set's grid
  restore: null,     // what the URL asked for, until a gallery shows it
  playing: null,     // the play timer
};
window.undercroft = S; // for tests and curious users

// ---- the URL: #first=1&count=16&layer=L&seed=5&step=3&p.NAME=VALUE ----
function readHash() {
  const h = new URLSearchParams(location.hash.slice(1));
  if (![...h.keys()].length) return null;
  const params = {};
  for (const [k, v] of h) if (k.startsWith("p.")) params[k.slice(2)] = v;
  const num = (k) => (h.has(k) && /^\d+$/.test(h.get(k)) ? Number(h.get(k)) : null);
  return { first: num("first"), count: num("count"), layer: h.get("layer") || "", seed: num("seed"), step: num("step"), params };
}
function writeHash() {
  const G = S.gallery;
  if (!G || S.restore) return;
  const h = new URLSearchParams();
  h.set("first", G.first);
  h.set("count", G.count);
  if (S.layer) h.set("layer", S.layer);
  if (S.single !== null) h.set("seed", S.single);
  if (S.single !== null && S.trace && S.frame !== null) h.set("step", S.frame + 1);
  const defaults = Object.fromEntries(G.rules.params.map((p) => [p.name, String(p.default)]));
  for (const [k, v] of Object.entries(G.params || {})) if (String(v) !== defaults[k]) h.set("p." + k, v);
  history.replaceState(null, "", "#" + h.toString());
}

// ---- the gallery ----
function zoom() { return Number($("zoom").value); }
function items() { return (S.gallery && S.gallery.items) || []; }

function renderGallery(fresh) {
  const G = S.gallery;
  if (!G) return;
  if (!S.zoomed) {
    // the first pictures: about 200 pixels wide, whatever the grid
    S.zoomed = true;
    const v = (G.items.find((i) => i.view) || {}).view;
    const w = v && v.cells ? v.width : G.rules.width;
    $("zoom").value = Math.max(2, Math.min(24, Math.round(200 / Math.max(1, w))));
  }
  $("title").textContent = G.rules.name;
  $("description").textContent = G.rules.description || "";
  $("first").value = G.first;
  $("count").value = String(G.count);
  buildParams(G.rules.params, G.params);
  buildLayers(G.items.find((i) => i.view));
  const box = $("gallery");
  box.replaceChildren();
  for (const item of G.items) {
    const card = document.createElement("div");
    card.className = "card" + (fresh ? " fresh" : "");
    card.dataset.seed = item.seed;
    const cap = document.createElement("div");
    cap.className = "cap";
    if (item.dungeon) {
      const cv = document.createElement("canvas");
      cv.dataset.seed = item.seed;
      Draw.draw(cv, item.dungeon, item.view, zoom());
      card.append(cv);
      cap.innerHTML = `<span class="seed">seed ${item.seed}</span><span>${item.dungeon.rooms.length} rooms · ${item.dungeon.attempts} restarts</span>`;
      card.onclick = () => openSingle(item.seed);
    } else {
      card.classList.add("failed");
      const e = document.createElement("div");
      e.className = "err";
      e.textContent = "failed (see above)";
      card.append(e);
      cap.innerHTML = `<span class="seed">seed ${item.seed}</span><span>failed</span>`;
    }
    card.append(cap);
    box.append(card);
  }
  renderFailures();
  renderStats(G.stats);
  if (S.single === null) Draw.legend($("legend"), Draw.merged(G.items.map((i) => i.view)));
  const r = S.restore;
  if (r && r.seed !== null && G.items.some((i) => i.seed === r.seed && i.dungeon)) {
    S.restore = null;
    openSingle(r.seed);
    if (r.step !== null) loadTrace(r.step - 1);
  } else if (S.single !== null) {
    const at = S.trace ? S.frame : null;
    openSingle(S.single);
    if (at !== null) loadTrace(at);
  }
  S.restore = null;
  writeHash();
}

// Failed seeds: one summary above the pictures, each different message once with its seeds.
function renderFailures() {
  const failed = items().filter((i) => !i.dungeon);
  const box = $("failures");
  if (!failed.length) { box.hidden = true; box.replaceChildren(); return; }
  const by = new Map();
  for (const i of failed) by.set(i.error, [...(by.get(i.error) || []), i.seed]);
  let h = `<div class="diag"><span class="at">${failed.length} of ${items().length} seeds failed</span></div>`;
  for (const [msg, seeds] of by) {
    h += `<div class="diag">seed${seeds.length > 1 ? "s" : ""} ${seeds.join(", ")}: ${esc(msg)}</div>`;
  }
  box.innerHTML = h;
  box.hidden = false;
}

function buildLayers(item) {
  const sel = $("layer");
  const names = item ? item.view.layers : [];
  const key = names.join(",");
  if (sel.dataset.key !== key) {
    sel.dataset.key = key;
    sel.replaceChildren(new Option("finished level", ""), ...names.map((n) => new Option(n, n)));
  }
  sel.value = names.includes(S.layer) ? S.layer : "";
  sel.disabled = !names.length;
}

function renderStats(st) {
  const pct = (v) => (100 * v).toFixed(0) + "%";
  const bar = (v) => `<span class="bar" data-w="${Math.round(60 * v)}"></span>`;
  let h = `<p>${st.generated} of ${st.seeds} generated${st.failed ? `, <b>${st.failed} failed</b>` : ""}</p>`;
  h += "<table><tr><td colspan=3><b>rooms per dungeon</b></td></tr>";
  for (const [n, share] of st.rooms) h += `<tr><td class=n>${n}</td><td class=n>${pct(share)}</td><td>${bar(share)}</td></tr>`;
  h += "<tr><td colspan=3><b>room kinds</b> (share with one, mean)</td></tr>";
  for (const [k, share, mean] of st.kinds) h += `<tr><td>${esc(k)}</td><td class=n>${pct(share)}</td><td class=n>${mean.toFixed(2)}</td></tr>`;
  h += "</table>";
  const a = st.attempts, t = st.time_us;
  h += `<p>restarts: mean ${a.mean.toFixed(2)}, median ${a.median ?? "-"}, max ${a.max ?? "-"}<br>`;
  h += `time per dungeon: mean ${t.mean.toFixed(0)} µs, median ${(t.median ?? 0).toFixed(0)} µs</p>`;
  $("stats").innerHTML = h;
  // widths through the CSSOM: the page's Content-Security-Policy allows no inline styles
  for (const b of $("stats").querySelectorAll(".bar")) b.style.width = b.dataset.w + "px";
}
function esc(s) { return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]); }

// ---- parameter controls, generated from the rule set's declared parameters ----
function buildParams(params, given) {
  const key = JSON.stringify(params.map((p) => [p.name, p.kind, p.min, p.max, p.default]));
  const form = $("params");
  if (key === S.paramsKey) {
    // the same controls: show the values this gallery was made with
    for (const el of form.elements) {
      if (!el.name || given[el.name] === undefined) continue;
      if (el.type === "checkbox") el.checked = String(given[el.name]) === "true";
      else el.value = String(given[el.name]);
      const out = el.parentElement.querySelector("output");
      if (out) out.textContent = el.value;
    }
    return;
  }
  S.paramsKey = key;
  form.replaceChildren();
  // a File parameter offers the files of the folder that read as what it reads (tile grids)
  const files = (S.gallery && S.gallery.rules.grid_files) || [];
  for (const p of params) {
    const div = document.createElement("div");
    div.className = "param";
    const v = given[p.name] !== undefined ? String(given[p.name]) : String(p.default);
    let input, out = null;
    if (p.kind === "bool") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = v === "true";
    } else if (p.kind === "file") {
      input = document.createElement("select");
      input.append(new Option(files.length ? "(none)" : "(none: no tile grid here)", ""), ...files.map((f) => new Option(f, f)));
      input.value = v;
    } else if (p.min !== null && p.max !== null) {
      input = document.createElement("input");
      input.type = "range";
      input.min = p.min; input.max = p.max;
      input.step = p.kind === "int" ? 1 : (p.max - p.min) / 100;
      input.value = v;
      out = document.createElement("output");
      out.textContent = v;
    } else {
      input = document.createElement("input");
      input.type = "number";
      input.step = p.kind === "int" ? 1 : "any";
      if (p.min !== null) input.min = p.min;
      if (p.max !== null) input.max = p.max;
      input.value = v;
    }
    input.name = p.name;
    input.dataset.kind = p.kind;
    input.title = p.describe;
    input.addEventListener("input", () => { if (out) out.textContent = input.value; askSoon(); });
    input.addEventListener("change", askSoon);
    const label = document.createElement("label");
    label.innerHTML = `<span class="name">${esc(p.name)}</span>`;
    label.append(input);
    if (out) label.append(out);
    const doc = document.createElement("p");
    doc.className = "doc";
    doc.textContent = p.doc || p.describe;
    div.append(label, doc);
    form.append(div);
  }
}

function paramValues() {
  const out = {};
  for (const el of $("params").elements) {
    if (!el.name) continue;
    out[el.name] = el.type === "checkbox" ? String(el.checked) : el.value;
  }
  return out;
}

let askTimer = null;
function askSoon() { clearTimeout(askTimer); askTimer = setTimeout(ask, 120); }
async function ask(first, params) {
  const body = {
    first: first ?? Math.max(0, Math.floor(Number($("first").value) || 0)),
    count: Number($("count").value),
    params: params || paramValues(),
    layer: S.layer,
  };
  setBadge("busy", "generating…");
  const r = await api("/api/gallery", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!r.ok) showProblem({ error: (await r.json()).error });
}

// ---- status: diagnostics of a broken save, shown in place; the pictures stay ----
function setBadge(cls, text) { const b = $("badge"); b.className = "badge " + cls; b.textContent = text; }
function showProblem(st) {
  const box = $("diagnostics");
  if (st.diagnostics && st.diagnostics.length) {
    let h = "";
    for (const d of st.diagnostics) {
      h += `<div class="diag"><span class="at">${esc(d.at)}</span>: ${esc(d.message)}`;
      if (d.source) h += `<pre>${esc(d.source)}\n${" ".repeat(Math.max(0, d.column - 1))}^</pre>`;
      if (d.help) h += `<div class="help">help: ${esc(d.help)}</div>`;
      h += "</div>";
    }
    h += `<div class="note">the save is broken: the pictures below are the last good ones</div>`;
    box.innerHTML = h;
    box.hidden = false;
    setBadge("broken", "broken save");
    return;
  }
  if (st.error) {
    box.innerHTML = `<div class="diag"><span class="at">error</span>: ${esc(st.error)}</div>`;
    box.hidden = false;
    setBadge("broken", "error");
    return;
  }
  box.hidden = true;
  box.replaceChildren();
  const failed = items().filter((i) => !i.dungeon).length;
  if (failed) setBadge("broken", `${failed} of ${items().length} seeds failed`);
  else setBadge("ok", S.gallery ? `${S.gallery.items.length} seeds · ${S.gallery.millis.toFixed(0)} ms` : "ok");
}
