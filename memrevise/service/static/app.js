// The memrevise page: a conversation beside its memory. Plain JavaScript, no build step.
// Every text from the user or the server goes into the page as text (never as HTML).
"use strict";

const SIGNALS = { title_prior: "title prior", facts_vote: "facts vote", exclusion: "exclusion" };
const state = { session: null, log: [], turns: 0, awaiting: false, busy: false };
const byId = (id) => document.getElementById(id);

// An element with attributes (className, dataset, hidden, type...) and children (text or nodes).
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "dataset") Object.assign(node.dataset, value);
    else node[name] = value;
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// The server's error as one line: its message, or each invalid field with its location.
function describe(detail, response) {
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    return detail.map((e) => `${(e.loc || []).join(".")}: ${e.msg}`).join("; ");
  }
  return `${response.status} ${response.statusText}`;
}

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (networkError) {
    response = await fetch(path, options); // turns are idempotent: one retry is safe
  }
  if (response.status === 204) return null;
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(describe(data.detail, response));
  return data;
}

function setBusy(busy) {
  state.busy = busy;
  document.body.dataset.busy = String(busy);
  for (const id of ["send", "new-session", "play-demo"]) byId(id).disabled = busy;
}

function showError(message) {
  byId("error").textContent = message || "";
}

function signed(value, digits = 1) {
  return (value >= 0 ? "+" : "−") + Math.abs(value).toFixed(digits);
}

function renderTopics(memory) {
  const cards = memory.topics.map((topic) =>
    el(
      "article",
      { className: "card", dataset: { topic: topic.name, status: topic.status } },
      el(
        "h3",
        {},
        el("span", { className: "name" }, topic.name),
        topic.kind ? el("span", { className: "kind" }, topic.kind) : null,
        el("span", { className: "status" }, topic.status),
      ),
      el("p", { className: "turns" }, `turns ${topic.turns.join(", ")}`),
      topic.facts.length ? el("ul", {}, ...topic.facts.map((fact) => el("li", {}, fact))) : null,
    ),
  );
  const empty = el("p", { className: "empty" }, "No topic yet.");
  byId("topics").replaceChildren(...(cards.length ? cards : [empty]));
}

function renderLog(memory) {
  const lines = memory.nodes.map((node) =>
    el(
      "li",
      { dataset: { turn: node.turn } },
      el("strong", {}, `Turn ${node.turn} `),
      ...node.operations.map((op) =>
        el("span", { className: `op op-${op.op.toLowerCase()}` }, `${op.op}(${op.topic})`),
      ),
      node.depends_on.length ? el("span", { className: "meta" }, ` depends on ${node.depends_on.join(", ")}`) : null,
      node.contradicts.length ? el("span", { className: "meta" }, ` contradicts ${node.contradicts.join(", ")}`) : null,
      el("div", { className: "meta" }, `“${node.question}”`),
    ),
  );
  byId("log").replaceChildren(...lines);
}

function renderMemory(memory) {
  renderTopics(memory);
  renderLog(memory);
}

function renderResult(result, latest) {
  const signals = Object.entries(result.signals).map(([name, value]) =>
    el("span", { className: value < 0 ? "signal down" : "signal" }, `${SIGNALS[name] || name} ${signed(value)}`),
  );
  const item = el(
    "li",
    { className: "result", dataset: { id: result.id } },
    el("span", { className: "title" }, result.title || result.id),
    el("span", { className: "score" }, `${result.score.toFixed(2)} (retrieval ${result.base.toFixed(2)})`),
    ...signals,
    el("p", { className: "text" }, result.text),
  );
  if (latest) {
    const pick = el("button", { type: "button", className: "pick" }, "This answered me");
    pick.addEventListener("click", () => {
      byId("previous-answer").value = result.text;
    });
    item.append(pick);
  }
  return item;
}

const operations = (node) => node.operations.map((op) => `${op.op}(${op.topic})`).join(", ");
const label = (text) => el("span", { className: "label" }, text);

// What the answer did to a searched turn: kept as filed, or re-filed (and by topic repair).
function afterAnswer(turn) {
  if (operations(turn.node) === operations(turn.searched)) {
    return el("p", { className: "meta after" }, label("After the answer"), `kept as filed: ${operations(turn.node)}`);
  }
  return el(
    "p",
    { className: "meta after refiled" },
    label("After the answer"),
    `re-filed: ${operations(turn.node)}`,
    turn.repairedFrom
      ? el("span", { className: "repair" }, ` · topic repair moved it from ${turn.repairedFrom} to ${turn.node.topic}`)
      : null,
  );
}

// A turn's card: the question, its search (writer, query, topic, passages), the answer the
// user saw and, once that answer is known, the node it left in memory.
function renderTurn(turn) {
  const latest = turn.index === state.log.length - 1 && turn.answer === null;
  const card = el(
    "li",
    { className: "turn", dataset: { index: turn.index } },
    el("p", { className: "question" }, el("span", { className: "number" }, `Turn ${turn.index + 1}`), turn.question),
    el(
      "p",
      { className: "meta searched" },
      label("At the search"),
      `writer: ${operations(turn.searched)} · query: `,
      el("code", {}, turn.query),
      ` · topic: ${turn.topic}`,
    ),
    el("ol", { className: "results" }, ...turn.results.slice(0, 5).map((r) => renderResult(r, latest))),
    turn.answer === null ? null : el("p", { className: "answer" }, `Answer you saw: ${turn.answer}`),
    turn.answer === null ? null : afterAnswer(turn),
  );
  const old = document.querySelector(`#turns .turn[data-index="${turn.index}"]`);
  if (old) old.replaceWith(card);
  else byId("turns").append(card);
  return card;
}

// The turns as the page keeps them, from the session's log (after a reload).
function fromLog(logged) {
  return {
    index: logged.index,
    question: logged.question,
    answer: logged.answer,
    query: logged.query,
    topic: logged.topic,
    results: logged.results,
    searched: logged.searched_node || logged.node,
    node: logged.node,
    repairedFrom: logged.repaired_from,
  };
}

function updateAnswerField() {
  byId("previous-answer-label").hidden = !state.awaiting;
  byId("previous-answer-caption").textContent = `The answer you saw for turn ${state.turns} (optional)`;
}

// Post the next turn; `answer` is this turn's answer, `previousAnswer` the previous turn's.
async function ask(question, answer, previousAnswer) {
  const index = state.turns;
  const body = { index, question };
  if (answer) body.answer = answer;
  if (previousAnswer) body.previous_answer = previousAnswer;
  const response = await api("POST", `/sessions/${encodeURIComponent(state.session)}/turns`, body);
  const nodes = response.memory.nodes;
  if (previousAnswer) Object.assign(state.log[index - 1], { answer: previousAnswer, node: nodes[index - 1] });
  state.log[index] = {
    index,
    question,
    answer: answer || null,
    query: response.query,
    topic: response.topic,
    results: response.results,
    searched: response.searched_node || nodes[index],
    node: nodes[index],
    repairedFrom: null,
  };
  for (const repair of response.repairs || []) state.log[repair.index].repairedFrom = repair.writer_topic;
  state.turns = index + 1;
  state.awaiting = !answer;
  for (const button of document.querySelectorAll("#turns .pick")) button.remove();
  if (previousAnswer) renderTurn(state.log[index - 1]);
  renderTurn(state.log[index]).scrollIntoView({ block: "nearest" });
  renderMemory(response.memory);
  updateAnswerField();
}

// Keep the session in the page's address, so that a reload resumes it.
function remember(session) {
  const url = new URL(window.location.href);
  url.searchParams.set("session", session);
  window.history.replaceState(null, "", url);
}

// Continue a stored session: its turns, their passages and its memory, from its log.
async function resume(session) {
  const log = await api("GET", `/sessions/${encodeURIComponent(session)}`);
  const turns = log.turns.map(fromLog);
  const last = turns[turns.length - 1];
  Object.assign(state, { session, log: turns, turns: turns.length, awaiting: Boolean(last) && last.answer === null });
  byId("turns").replaceChildren();
  for (const turn of turns) renderTurn(turn);
  renderMemory(log.memory);
  updateAnswerField();
}

async function newSession() {
  const created = await api("POST", "/sessions", {});
  Object.assign(state, { session: created.id, log: [], turns: 0, awaiting: false });
  remember(created.id);
  byId("turns").replaceChildren();
  byId("previous-answer").value = "";
  renderMemory({ topics: [], nodes: [] });
  updateAnswerField();
  showError("");
}

// Run `work` with the controls disabled, showing its error if it fails.
async function guarded(work) {
  if (state.busy) return;
  setBusy(true);
  showError("");
  try {
    await work();
  } catch (error) {
    showError(error.message);
  } finally {
    setBusy(false);
  }
}

async function playDemo() {
  const demo = await api("GET", "/demo");
  await newSession();
  for (const turn of demo.turns) await ask(turn.question, turn.answer);
}

async function start() {
  const health = await api("GET", "/health");
  const pages = health.pages ? ` on ${health.pages} pages` : "";
  byId("index-info").textContent = `${health.passages} passages${pages} · ${health.writer}`;
  byId("play-demo").hidden = !health.demo;
  const session = new URL(window.location.href).searchParams.get("session");
  if (session) {
    try {
      await resume(session);
      return;
    } catch (error) {
      await newSession();
      throw new Error(`Could not resume session ${session} (${error.message}); this is a new one.`);
    }
  }
  await newSession();
}

byId("ask").addEventListener("submit", (event) => {
  event.preventDefault();
  const question = byId("question").value.trim();
  const previous = byId("previous-answer").value.trim();
  if (!question) return;
  guarded(async () => {
    await ask(question, undefined, state.awaiting && previous ? previous : undefined);
    byId("question").value = "";
    byId("previous-answer").value = "";
  });
});
byId("new-session").addEventListener("click", () => guarded(newSession));
byId("play-demo").addEventListener("click", () => guarded(playDemo));
guarded(start);
