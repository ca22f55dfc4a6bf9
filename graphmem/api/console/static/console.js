// graphmem console: a page over the REST API, with the caller's own key. It holds no rule of
// its own: what a key may see and do is what the API answers for that key (a user key sees
// only its own subject, an analyst reads, an admin acts); the page only hides buttons the key
// could not use anyway. Every value from the API is put into the page as text, never as markup.

const EDGE_TYPES = ["PROVENANCE", "SUPERSEDES", "DERIVED_FROM", "CONFLICTS_WITH", "COUNTEREXAMPLE_OF"];
const SVG = "http://www.w3.org/2000/svg";
const DAY = 86400000;

const state = { key: null, who: null, memories: [], domain: null, selected: null, listing: 0 };

// -- the API -----------------------------------------------------------------------------------

class ApiError extends Error {
  constructor(status, body) {
    super(body && body.message ? body.message : `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

async function api(method, path, body) {
  const headers = { Authorization: `Bearer ${state.key}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const resp = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await resp.text();
  const data = text ? JSON.parse(text) : null;
  if (!resp.ok) throw new ApiError(resp.status, data);
  return data;
}

const query = (params) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== "") q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : "";
};

// -- roles: what the key can use (the API decides; the page only follows) -----------------------

const roles = () => new Set(state.who ? state.who.roles : []);
const bound = () => Boolean(state.who && state.who.subject_id);
const isAdmin = () => roles().has("admin") && !bound();
const readsAnalystQueries = () => (roles().has("analyst") || roles().has("admin")) && !bound();

function modeText() {
  if (isAdmin()) return "admin: reads and acts on the whole tenant";
  if (readsAnalystQueries()) return "analyst: read-only";
  if (bound()) return `own memories of ${state.who.subject_id}`;
  return "reads the tenant";
}

// -- small DOM helpers ------------------------------------------------------------------------

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) node.append(c instanceof Node ? c : String(c ?? ""));
  return node;
}

function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

const $ = (id) => document.getElementById(id);

function say(message, kind = "ok") {
  const box = $("status");
  box.className = message ? kind : "";
  box.textContent = message;
}

function sayError(err) {
  if (err instanceof ApiError) {
    const fields = (err.body.errors || []).map((e) => `${e.field}: ${e.rule}`).join("; ");
    say(`${err.status} ${err.body.code || ""}: ${err.message}${fields ? ` (${fields})` : ""}`, "error");
  } else {
    say(String(err), "error");
  }
}

function table(columns, rows, rowAttrs = () => ({})) {
  return el("table", {},
    el("thead", {}, el("tr", {}, columns.map(([title]) => el("th", {}, title)))),
    el("tbody", {}, rows.map((r) => el("tr", rowAttrs(r), columns.map(([, cell]) => el("td", {}, cell(r)))))));
}

const short = (t) => (t ? String(t).replace(".000000Z", "Z").replace("T00:00:00Z", "") : "");
const statusCell = (s) => el("span", { class: `status-${s}` }, s || "");

function memoryLabel(m) {
  if (m.predicate) return `${m.predicate}: ${m.object}`;
  if (m.procedure_key) return `${m.procedure_key}@${m.version}`;
  return m.text || m.goal || m.memory_id;
}

// -- login ------------------------------------------------------------------------------------

async function connect(key) {
  state.key = key;
  try {
    state.who = await api("GET", "/v1/whoami");
  } catch (err) {
    state.key = null;
    sessionStorage.removeItem("graphmem.key");
    sayError(err);
    return;
  }
  sessionStorage.setItem("graphmem.key", key);
  const who = state.who;
  $("whoami").replaceChildren(
    `${who.tenant_id} · ${who.principal_id}`,
    ...who.roles.map((r) => el("span", { class: "role" }, r)),
    el("span", { id: "mode" }, ` — ${modeText()}`));
  $("whoami").dataset.roles = who.roles.join(" ");
  $("login").querySelector("#key").value = "";
  $("connect").hidden = true;
  $("disconnect").hidden = false;
  document.querySelector("main").hidden = false;
  const subject = $("subject");
  subject.value = who.subject_id || "";
  subject.disabled = bound();
  $("receipts-panel").hidden = !readsAnalystQueries() && !bound();
  say(`connected as ${who.principal_id}`);
  await loadMemories(true);
  if (readsAnalystQueries()) await loadReceipts();
  await loadProcedures();
}

function disconnect() {
  Object.assign(state, { key: null, who: null, memories: [], selected: null, domain: null });
  sessionStorage.removeItem("graphmem.key");
  document.querySelector("main").hidden = true;
  $("whoami").replaceChildren();
  $("connect").hidden = false;
  $("disconnect").hidden = true;
  say("disconnected");
}

// -- memories with time travel ----------------------------------------------------------------

function sliderTime(input) {
  const [lo, hi] = state.domain;
  return new Date(lo + ((hi - lo) * Number(input.value)) / Number(input.max)).toISOString()
    .replace(/\.\d{3}Z$/, "Z");
}

function setDomain(memories) {
  const times = memories.flatMap((m) => [m.valid_from, m.recorded_at]).filter(Boolean).map(Date.parse);
  const now = Date.now();
  const lo = times.length ? Math.min(...times) - 7 * DAY : now - 30 * DAY;
  state.domain = [lo, Math.max(now, ...times) + DAY];
  for (const id of ["valid-at", "known-at"]) {
    $(id).dataset.from = String(state.domain[0]);
    $(id).dataset.to = String(state.domain[1]);
  }
}

function timeParams() {
  const out = {};
  for (const [name, on, input, label] of [
    ["valid_at", "valid-on", "valid-at", "valid-at-label"],
    ["known_at", "known-on", "known-at", "known-at-label"],
  ]) {
    const enabled = $(on).checked;
    $(input).disabled = !enabled;
    if (enabled && state.domain) {
      out[name] = sliderTime($(input));
      $(label).textContent = out[name];
    } else {
      $(label).textContent = "now";
    }
  }
  return out;
}

async function loadMemories(resetDomain = false) {
  // the newest request wins: a slower earlier listing (a cold query plan, a busy engine) that
  // answers after a time-travel one must not overwrite it
  const ticket = ++state.listing;
  try {
    const times = timeParams();
    const path = bound()
      ? `/v1/me/memories${query({ ...times, limit: 500 })}`
      : `/v1/memories${query({ subject_id: $("subject").value.trim(), ...times, limit: 500 })}`;
    const page = await api("GET", path);
    if (ticket !== state.listing) return;
    state.memories = page.memories;
    say("");
    if (resetDomain || !state.domain) setDomain(page.memories);
    renderMemories();
  } catch (err) {
    sayError(err);
  }
}

function renderMemories() {
  const body = $("memory-list").querySelector("tbody");
  body.replaceChildren(...state.memories.map((m) => el("tr", {
    "data-memory-id": m.memory_id,
    class: state.selected === m.memory_id ? "selected" : "",
    onclick: () => selectMemory(m.memory_id),
  },
  el("td", {}, memoryLabel(m)), el("td", {}, m.type), el("td", {}, statusCell(m.status)),
  el("td", { class: "mono" }, `${short(m.valid_from)} → ${short(m.valid_to) || "…"}`),
  el("td", { class: "mono" }, short(m.recorded_at)))));
  if (!state.memories.length) body.append(el("tr", {}, el("td", { colspan: 5, class: "hint" }, "no memories")));
}

// -- lineage ----------------------------------------------------------------------------------

// linked memories drawn in one picture, nearest first (the API pages the rest by cursor)
const LINEAGE_PAGE = 200;

async function selectMemory(memoryId) {
  state.selected = memoryId;
  renderMemories();
  try {
    const [graph, detail] = await Promise.all([
      api("GET", `/v1/memories/${encodeURIComponent(memoryId)}/lineage?limit=${LINEAGE_PAGE}`),
      api("GET", `/v1/memories/${encodeURIComponent(memoryId)}`),
    ]);
    $("lineage-of").textContent = memoryId;
    $("lineage-hint").hidden = true;
    drawLineage(graph);
    renderDetail(detail);
    renderMemoryActions(detail.memory);
  } catch (err) {
    sayError(err);
  }
}

function layout(graph) {
  // columns by distance from the memory asked about (over any lineage edge), so a
  // supersession or derivation chain reads left to right; each column stacked by recorded
  // time; sources and tombstones in a last column, beside what cites them
  const W = 200, H = 54, COL = W + 90, ROW = H + 26;
  const memories = graph.nodes.filter((n) => n.kind === "memory");
  const root = memories.find((n) => n.root) || memories[0];
  const depth = new Map([[root.id, 0]]);
  const queue = [root.id];
  const ids = new Set(memories.map((n) => n.id));
  while (queue.length) {
    const id = queue.shift();
    for (const e of graph.edges) {
      const other = e.source === id ? e.target : e.target === id ? e.source : null;
      if (other && ids.has(other) && !depth.has(other)) {
        depth.set(other, depth.get(id) + 1);
        queue.push(other);
      }
    }
  }
  const columns = [];
  for (const n of memories) {
    const d = depth.get(n.id) ?? 0;
    (columns[d] = columns[d] || []).push(n);
  }
  columns.push(graph.nodes.filter((n) => n.kind !== "memory"));
  const pos = new Map();
  columns.forEach((col, c) => {
    col.sort((a, b) => (a.recorded_at || "").localeCompare(b.recorded_at || "") || a.id.localeCompare(b.id));
    col.forEach((n, r) => pos.set(n.id, { x: 20 + c * COL, y: 20 + r * ROW }));
  });
  const rows = Math.max(1, ...columns.map((col) => col.length));
  return { pos, W, H, width: 40 + columns.length * COL - 90, height: 40 + rows * ROW };
}

function drawLineage(graph) {
  const root = $("lineage-graph");
  const { pos, W, H, width, height } = layout(graph);
  root.replaceChildren();
  root.setAttribute("viewBox", `0 0 ${width} ${height}`);
  root.setAttribute("width", String(width));
  root.setAttribute("height", String(height));
  const defs = svg("defs");
  for (const t of EDGE_TYPES) {
    const marker = svg("marker", { id: `arrow-${t}`, viewBox: "0 0 10 10", refX: 9, refY: 5,
      markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse", class: t });
    marker.append(svg("path", { d: "M 0 0 L 10 5 L 0 10 z" }));
    defs.append(marker);
  }
  root.append(defs);
  const counts = Object.fromEntries(EDGE_TYPES.map((t) => [t, 0]));
  graph.edges.forEach((e, i) => {
    const a = pos.get(e.source), b = pos.get(e.target);
    if (!a || !b) return;
    counts[e.type] += 1;
    let x1, x2, y1, y2, mx, my;
    if (a.x === b.x) {
      // same column: an arc out to the right
      x1 = a.x + W; x2 = b.x + W; y1 = a.y + H / 2; y2 = b.y + H / 2;
      mx = a.x + W + 50 + 10 * (i % 3); my = (y1 + y2) / 2;
    } else {
      const forward = a.x < b.x;
      x1 = forward ? a.x + W : a.x; x2 = forward ? b.x : b.x + W;
      y1 = a.y + H / 2 + (e.type === "PROVENANCE" ? 8 : -8); y2 = b.y + H / 2;
      mx = (x1 + x2) / 2; my = (y1 + y2) / 2 - 10 * (i % 2);
    }
    const g = svg("g", { class: "edge-group", "data-type": e.type, "data-source": e.source, "data-target": e.target });
    g.append(svg("path", { class: `edge ${e.type}`, d: `M ${x1} ${y1} Q ${mx} ${my} ${x2} ${y2}`,
      "marker-end": `url(#arrow-${e.type})` }));
    const label = e.kind ? `${e.type} ${e.kind}` : e.type;
    g.append(svg("text", { class: `edge-label ${e.type}`, x: mx, y: my - 3, "text-anchor": "middle" }, label));
    if (e.span) g.append(svg("title", {}, `span: ${e.span}`));
    root.append(g);
  });
  for (const n of graph.nodes) {
    const p = pos.get(n.id);
    const g = svg("g", { class: `node ${n.kind}${n.root ? " root" : ""}`, "data-id": n.id,
      "data-kind": n.kind, transform: `translate(${p.x} ${p.y})` });
    g.append(svg("rect", { width: W, height: H }));
    const label = n.label.length > 30 ? `${n.label.slice(0, 29)}…` : n.label;
    g.append(svg("text", { x: 8, y: 18 }, label));
    const sub = n.kind === "memory"
      ? `${n.type} · ${n.status} · ${short(n.valid_from)}${n.valid_to ? `→${short(n.valid_to)}` : ""}`
      : `${n.kind}${n.revision ? ` rev ${n.revision}` : ""}`;
    g.append(svg("text", { class: "sub", x: 8, y: 34 }, sub));
    g.append(svg("text", { class: "sub", x: 8, y: 48 }, n.id.length > 32 ? `${n.id.slice(0, 31)}…` : n.id));
    g.append(svg("title", {}, `${n.id}\n${n.label}`));
    g.addEventListener("click", () => {
      if (n.kind === "memory" && n.id !== state.selected) selectMemory(n.id);
      if (n.kind === "source") showSource(n.id);
    });
    root.append(g);
  }
  $("legend").replaceChildren(...EDGE_TYPES.map((t) => el("li", { class: t, "data-type": t }, `${t} (${counts[t]})`)));
  if (graph.next_cursor) say(`the lineage holds ${graph.total} linked memories; the nearest ${graph.count} are drawn`);
}

function renderDetail(detail) {
  const m = detail.memory;
  $("memory-detail").replaceChildren(
    el("h3", {}, memoryLabel(m)),
    el("p", { class: "mono" }, `${m.memory_id} · ${m.type} · ${m.status} · authority ${m.authority} · `
      + `confidence ${m.confidence} · recorded ${short(m.recorded_at)}${m.tx_to ? ` until ${short(m.tx_to)}` : ""}`),
    el("h3", {}, "Provenance"),
    table([["source", (p) => p.source_id], ["kind", (p) => p.kind], ["role", (p) => p.role || ""],
      ["span", (p) => p.span || ""], ["hash", (p) => el("code", {}, (p.content_hash || "").slice(0, 19))]],
    detail.provenance),
    el("h3", {}, "Versions"),
    table([["memory", (v) => v.memory_id], ["value", (v) => memoryLabel(v)], ["status", (v) => statusCell(v.status)],
      ["valid", (v) => `${short(v.valid_from)} → ${short(v.valid_to) || "…"}`],
      ["supersedes", (v) => (v.supersedes || []).map((s) => `${s.memory_id} (${s.kind})`).join(", ")]],
    detail.history));
}

function renderMemoryActions(memory) {
  const box = $("memory-actions");
  box.replaceChildren();
  if (isAdmin()) {
    box.append(el("button", { id: "erase-memory", class: "act", type: "button",
      onclick: () => erase(`/v1/memories/${encodeURIComponent(memory.memory_id)}`) }, "Erase this memory"));
  } else if (bound() && memory.subject_id === state.who.subject_id) {
    box.append(el("button", { id: "forget-memory", class: "act", type: "button",
      onclick: () => erase(`/v1/me/memories/${encodeURIComponent(memory.memory_id)}`) }, "Forget this memory"));
  }
}

async function erase(path) {
  if (!window.confirm("Erase it? Every copy of the statement is deleted; the receipt stays.")) return;
  try {
    const receipt = await api("DELETE", path);
    say(`erased ${receipt.memory_ids.length} memory node(s); deletion receipt ${receipt.receipt_id}`);
    state.sessionReceipts = [receipt, ...(state.sessionReceipts || [])];
    state.selected = null;
    $("lineage-graph").replaceChildren();
    $("memory-detail").replaceChildren();
    $("memory-actions").replaceChildren();
    await loadMemories();
    await loadReceipts();
  } catch (err) {
    sayError(err);
  }
}

// -- revocation impact: before and after ------------------------------------------------------

// every row of a named query, page after page (the impact of a revocation is all of them)
async function queryRows(name, params) {
  const rows = [];
  let cursor = null;
  do {
    const out = await api("POST", `/v1/cypher/${name}`, { params, limit: 1000, ...(cursor ? { cursor } : {}) });
    rows.push(...out.rows);
    cursor = out.next_cursor;
  } while (cursor);
  return rows;
}

async function dependants(sourceId) {
  return queryRows("lineage/derived_from_source", { source_id: sourceId });
}

function impactTable(title, rows, id) {
  return el("div", { id },
    el("h3", {}, title),
    table([["memory", (r) => r.memory_id], ["subject", (r) => r.subject_id || ""],
      ["status", (r) => statusCell(r.status)], ["depth", (r) => r.depth], ["via", (r) => r.relation || ""]],
    rows, (r) => ({ "data-memory-id": r.memory_id, "data-status": r.status })));
}

async function showSource(sourceId) {
  $("revocation-hint").hidden = true;
  $("revocation-source").replaceChildren(el("p", {}, "Source ", el("code", {}, sourceId)));
  $("impact-before").replaceChildren();
  $("revocation-receipt").replaceChildren();
  $("impact-after").replaceChildren();
  if (!readsAnalystQueries()) {
    $("impact-before").append(el("p", { class: "hint" },
      "Revocation impact reads the whole tenant's lineage: it needs an unbound analyst or admin key."));
    return;
  }
  try {
    $("impact-before").replaceWith(impactTable("Before: memories resting on it", await dependants(sourceId), "impact-before"));
    if (isAdmin()) {
      $("revocation-source").append(el("button", { id: "revoke-source", class: "act", type: "button",
        onclick: () => revokeSource(sourceId) }, "Revoke this source"));
    }
  } catch (err) {
    sayError(err);
  }
}

async function revokeSource(sourceId) {
  if (!window.confirm(`Revoke ${sourceId}? Memories resting only on it become REVOKED.`)) return;
  try {
    const receipt = await api("POST", "/v1/revocations", { source_id: sourceId, reason: "REVOKED" });
    const affected = receipt.affected || [];
    const ids = (list) => (list && list.length ? list.join(", ") : "none");
    $("revocation-receipt").replaceChildren(el("div", { class: "receipt", id: "revocation-receipt-body" },
      el("strong", {}, "revocation receipt "), el("code", {}, receipt.receipt_id),
      el("div", { class: "mono" }, `${receipt.target} · ${receipt.reason} · ${short(receipt.recorded_at)}`),
      el("div", {}, `revoked: ${ids(receipt.revoked)}`),
      el("div", {}, `needs review: ${ids(receipt.needs_review)}`),
      el("div", {}, `believed again: ${ids((receipt.reinstated || []).map((r) => r.reinstates))}`),
      el("details", {}, el("summary", {}, "the whole receipt"),
        el("pre", { class: "mono" }, JSON.stringify(receipt, null, 2)))));
    $("impact-after").replaceWith(impactTable("After", await dependants(sourceId), "impact-after"));
    say(`revoked ${sourceId}: ${Array.isArray(affected) ? affected.length : 0} memory(ies) affected`);
    await loadMemories();
  } catch (err) {
    sayError(err);
  }
}

// -- receipts -----------------------------------------------------------------------------------

function writeReceiptRow(r) {
  const reasons = r.reasons_json ? JSON.parse(r.reasons_json) : (r.reasons || []);
  // analysts and admins verify write receipts (the listing is theirs only)
  const result = el("span", { class: "verification" }, "");
  const verify = el("button", { class: "verify", type: "button", onclick: () => verifyWrite(r.receipt_id, result) }, "Verify");
  return el("div", { class: `receipt ${r.decision}`, "data-receipt-id": r.receipt_id },
    el("strong", {}, r.decision), " ", el("code", {}, r.receipt_id), " → ", r.memory_id || "no memory",
    " ", result, " ", verify,
    el("div", { class: "mono" }, `${short(r.recorded_at)} · ${r.actor} · ${r.subject_id || ""} · policy ${r.policy_version}`),
    el("div", { class: "hint" }, reasons.map((x) => `${x.stage}:${x.code}`).join(" · ")));
}

function deletionReceiptRow(d) {
  const verify = isAdmin()
    ? el("button", { class: "verify", type: "button", onclick: () => verifyDeletion(d.receipt_id) }, "Verify")
    : "";
  return el("div", { class: `receipt ${d.verification}`, "data-receipt-id": d.receipt_id },
    el("strong", {}, `${d.scope} ${d.target_id}`), " ", el("code", {}, d.receipt_id), " ",
    el("span", { class: "verification" }, d.verification), " ", verify,
    el("div", { class: "mono" }, `${short(d.completed_at || d.requested_at)} · ${d.actor} · `
      + `${(d.memory_ids || []).length} memory id(s) · ${d.tombstones_planned || 0} tombstone(s)`));
}

async function loadReceipts() {
  const writes = $("write-receipts"), deletions = $("deletion-receipts");
  try {
    if (readsAnalystQueries()) {
      const span = { from: "1970-01-01T00:00:00Z", to: "9999-01-01T00:00:00Z" };
      const subject = $("subject").value.trim() || null;
      const w = await api("POST", "/v1/cypher/audit/write_receipts", { params: { ...span, subject_id: subject }, limit: 200 });
      writes.replaceChildren(...w.rows.map(writeReceiptRow));
      if (w.next_cursor) writes.append(el("p", { class: "hint" }, `the newest ${w.count} of ${w.total} write receipts`));
      const d = isAdmin()
        ? (await api("GET", "/v1/audit/deletions")).receipts
        : await queryRows("lineage/deletion_receipts", span);
      deletions.replaceChildren(...d.map(deletionReceiptRow));
    } else {
      writes.replaceChildren(el("p", { class: "hint" }, "Write receipts are listed for analyst and admin keys."));
      deletions.replaceChildren(...(state.sessionReceipts || []).map(deletionReceiptRow));
    }
  } catch (err) {
    sayError(err);
  }
}

async function verifyWrite(receiptId, result) {
  try {
    const out = await api("POST", `/v1/audit/writes/${encodeURIComponent(receiptId)}/verify`);
    result.textContent = out.failed.length ? `${out.result} (${out.failed.join(", ")})` : out.result;
    say(`write receipt ${receiptId}: ${out.result}`);
  } catch (err) {
    sayError(err);
  }
}

async function verifyDeletion(receiptId) {
  try {
    const out = await api("POST", `/v1/audit/deletions/${encodeURIComponent(receiptId)}/verify`);
    say(`receipt ${receiptId}: ${out.verification || out.status}`);
    await loadReceipts();
  } catch (err) {
    sayError(err);
  }
}

// -- procedures -------------------------------------------------------------------------------

async function loadProcedures() {
  const box = $("procedures");
  try {
    const subject = bound() ? null : $("subject").value.trim();
    const page = bound()
      ? await api("GET", `/v1/me/memories${query({ type: "PROCEDURAL", limit: 500 })}`)
      : await api("GET", `/v1/memories${query({ type: "PROCEDURAL", subject_id: subject, limit: 500 })}`);
    const rows = page.memories;
    let canary = null;
    if (rows.length) {
      try {
        canary = await api("GET", `/v1/procedures/${encodeURIComponent(rows[0].procedure_key)}`);
      } catch (err) {
        canary = null;
      }
    }
    const versions = canary && Array.isArray(canary.versions) ? canary.versions : [];
    const role = (r) => {
      const v = versions.find((x) => x.version === r.version);
      return v ? (v.release_role || v.lifecycle) : "no release record";
    };
    box.replaceChildren(rows.length
      ? table([["procedure", (r) => r.procedure_key], ["version", (r) => r.version],
        ["status", (r) => statusCell(r.status)], ["owner", (r) => r.owner || ""], ["release", role]], rows)
      : el("p", { class: "hint" }, "no procedures"));
    $("canary-note").textContent = canary ? healthText(canary) : (rows.length
      ? "Canary health: no release record for this procedure (GET /v1/procedures/{key} answered none)."
      : "");
  } catch (err) {
    sayError(err);
  }
}

function armText(name, arm) {
  if (!arm) return `${name}: none`;
  const rate = arm.rate === null || arm.rate === undefined ? "no outcomes yet"
    : `${(100 * arm.rate).toFixed(0)}% of ${arm.outcomes} (95% ${(100 * arm.lower).toFixed(0)}–${(100 * arm.upper).toFixed(0)}%)`;
  const safety = arm.safety_signals ? `, ${arm.safety_signals} safety signal(s)` : "";
  return `${name} ${arm.version || "—"}: ${rate}${safety}`;
}

function healthText(proc) {
  const h = proc.health || {};
  const c = proc.cohorts || {};
  return `Canary health of ${proc.procedure_key} (policy ${h.policy_version || "?"}): `
    + `${armText("stable", h.stable)}; ${armText("canary", h.canary)}`
    + `${c.canary_percent ? ` at ${c.canary_percent}% of runs` : ""}; verdict ${h.verdict || "HOLD"}`
    + `${h.reason ? ` (${h.reason})` : ""}.`;
}

// -- wiring -----------------------------------------------------------------------------------

document.addEventListener("DOMContentLoaded", () => {
  $("login").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const key = $("key").value.trim();
    if (key) connect(key);
  });
  $("disconnect").addEventListener("click", disconnect);
  $("subject-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    loadMemories(true);
    loadProcedures();
    if (readsAnalystQueries()) loadReceipts();
  });
  for (const id of ["valid-on", "known-on"]) $(id).addEventListener("change", () => loadMemories());
  for (const id of ["valid-at", "known-at"]) $(id).addEventListener("change", () => loadMemories());
  for (const id of ["valid-at", "known-at"]) $(id).addEventListener("input", () => timeParams());
  $("load-receipts").addEventListener("click", loadReceipts);
  $("load-procedures").addEventListener("click", loadProcedures);
  const saved = sessionStorage.getItem("graphmem.key");
  if (saved) connect(saved);
});
