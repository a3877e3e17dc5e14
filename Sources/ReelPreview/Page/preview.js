// Placeholder page script (the preview-page branch replaces it): shows the frame at the
// scrubber's position and the problems.
const token = new URLSearchParams(location.search).get("token");
const api = (path) => path + (path.includes("?") ? "&" : "?") + "token=" + token;
window.reelPreview = { frameIndex: 0, revision: 0, playing: false, droppedFrames: 0, achievedFps: 0 };
async function refresh() {
  const state = await (await fetch(api("/api/state"))).json();
  window.reelPreview.revision = state.revision;
  const problems = document.getElementById("problems");
  problems.innerHTML = "";
  for (const p of state.problems) {
    const li = document.createElement("li");
    li.className = "problem";
    li.textContent = `${p.path} line ${p.line ?? "?"}: ${p.message}`;
    problems.appendChild(li);
  }
  if (!state.ok) return;
  const scrubber = document.getElementById("scrubber");
  scrubber.max = state.movie.frameCount - 1;
  show(Number(scrubber.value), state);
}
function show(frame, state) {
  window.reelPreview.frameIndex = frame;
  document.getElementById("frame").src =
    api(`/api/frame?frame=${frame}&width=640&height=360&revision=${state.revision}`);
  document.getElementById("frame-number").textContent = String(frame);
  document.getElementById("time").textContent = (frame / state.movie.frameRate).toFixed(2) + " s";
}
document.getElementById("scrubber").addEventListener("input", refresh);
const events = new WebSocket(api(`ws://${location.host}/api/events`));
events.onmessage = (event) => { if (JSON.parse(event.data).type === "revision") refresh(); };
refresh();
