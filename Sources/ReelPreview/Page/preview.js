// Reel preview page: the frame at the playhead, the timeline, play with the audio as the clock,
// the problems `validate` reports, live reload and the Render button. No framework, no build
// step; the server's API is described in docs/preview.md.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const token =
    document.querySelector('meta[name="reel-token"]')?.content.replace(/^__REEL_TOKEN__$/, "") ||
    new URLSearchParams(location.search).get("token") ||
    "";

  /** `path` with the token and `parameters` as its query. */
  function api(path, parameters = {}) {
    const query = new URLSearchParams({ ...parameters, token });
    return `${path}?${query}`;
  }

  const ui = Object.fromEntries(Object.entries({
    viewer: "viewer", stage: "stage", canvas: "frame", selection: "selection", blocked: "blocked",
    problems: "problems", problemCount: "problem-count", noProblems: "no-problems",
    layerInfo: "layer-info", play: "play", time: "time", frameNumber: "frame-number",
    frameCount: "frame-count", fps: "fps", dropped: "dropped", previewSize: "preview-size",
    fullSize: "full-size", scrubber: "scrubber", ruler: "ruler", timeline: "timeline",
    render: "render", renderProgress: "render-progress", renderOutput: "render-output",
    templateName: "template-name", revision: "revision", connection: "connection", audio: "audio",
  }).map(([name, id]) => [name, $(id)]));
  const context = ui.canvas.getContext("2d", { willReadFrequently: true });

  // MARK: - State

  /** The last /api/state answer (null until the first one). */
  let state = null;
  /** The playhead, a frame index (0-based). */
  let playhead = 0;
  let selectedLayer = null;
  /** What the canvas shows: {index, revision, width, height} or null. */
  let shown = null;
  let fullSize = false;
  const playback = {
    playing: false, useAudio: false, clockOrigin: 0, lastPresented: -1, dropped: 0,
    presentTimes: [], achievedFps: 0, framesShown: 0, late: 0,
  };
  /** Functions waiting for a frame to be drawn (tests and the benchmark use them). */
  let presentWaiters = [];

  const movie = () => (state && state.ok ? state.movie : null);
  const frameRate = () => movie()?.frameRate || 30;
  const frameTime = (index) => index / frameRate();

  // MARK: - Preview size: the same fit as `reel frame --size W×H` (FrameGrabber.fitted)

  /** The largest size inside `box` with the aspect of `width`×`height`, never upscaled. */
  function fitted(width, height, box) {
    if (width <= 0 || height <= 0 || box.width <= 0 || box.height <= 0) return { width, height };
    const scale = Math.min(1, box.width / width, box.height / height);
    return {
      width: Math.max(1, Math.round(width * scale)),
      height: Math.max(1, Math.round(height * scale)),
    };
  }

  /** The size of the pictures asked for: the movie fitted to the viewer (device pixels). */
  /** The viewer's inside in device pixels; measured again only when the viewer changes size
   * (measuring forces a layout, too costly on every frame while playing). */
  let viewerBox = null;
  new ResizeObserver(() => (viewerBox = null)).observe(ui.viewer);

  function previewSize() {
    const m = movie();
    if (!m) return null;
    if (fullSize) return { width: m.width, height: m.height };
    if (!viewerBox) {
      const style = getComputedStyle(ui.viewer);
      const padX = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      const padY = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
      const ratio = window.devicePixelRatio || 1;
      viewerBox = {
        width: Math.floor((ui.viewer.clientWidth - padX) * ratio),
        height: Math.floor((ui.viewer.clientHeight - padY) * ratio),
      };
    }
    return fitted(m.width, m.height, viewerBox);
  }

  // MARK: - Frames: one request in flight plus the latest wanted (two while playing)

  // `latency`: milliseconds from asking to drawable, smoothed; `held`: frames that arrived
  // before their time while playing, drawn when the clock reaches them.
  const loader = { flights: [], pending: null, latency: 60, held: [] };

  const frameKey = (spec) => `${spec.revision}/${spec.index}/${spec.width}x${spec.height}`;
  const sameKind = (a, b) =>
    a.revision === b.revision && a.width === b.width && a.height === b.height;
  /** Requests in flight at once: the server draws one and keeps one waiting. */
  const flightLimit = () => (playback.playing ? 2 : 1);

  /** Asks for frame `index` at the preview size; drawn when it arrives (if still wanted). */
  function want(index) {
    const size = previewSize();
    if (!size || !state) return;
    const spec = { index, revision: state.revision, width: size.width, height: size.height };
    const key = frameKey(spec);
    if ((shown && frameKey(shown) === key) || loader.flights.some((f) => f.key === key) ||
        loader.held.some((h) => frameKey(h.spec) === key)) {
      if (!playback.playing) loader.pending = null;
      return;
    }
    // A request for an older revision or another size can never be drawn: abort it. One for
    // another frame of the same picture is let through so the picture follows the mouse.
    for (const flight of loader.flights) {
      if (!sameKind(flight.spec, spec)) flight.controller.abort();
    }
    if (loader.flights.length >= flightLimit()) loader.pending = spec;
    else start(spec);
  }

  async function start(spec) {
    const controller = new AbortController();
    const flight = { spec, key: frameKey(spec), controller, started: performance.now() };
    loader.flights.push(flight);
    try {
      const response = await fetch(
        api("/api/frame", {
          frame: spec.index, width: spec.width, height: spec.height, revision: spec.revision,
        }),
        { signal: controller.signal, cache: "no-store" });
      if (response.status === 200) {
        const bitmap = await createImageBitmap(await response.blob(),
          { colorSpaceConversion: "none" });
        const took = performance.now() - flight.started;
        loader.latency = Math.max(took, 0.5 * loader.latency + 0.5 * took);
        present(bitmap, spec);
      } else if (response.status === 409 || response.status === 410) {
        refreshState(); // errors appeared, or the template changed under the request
      } else if (response.status !== 204) {
        console.warn(`frame ${spec.index}: HTTP ${response.status}`);
      }
    } catch (error) {
      if (error.name !== "AbortError") console.warn(`frame ${spec.index}:`, error);
    } finally {
      loader.flights = loader.flights.filter((f) => f !== flight);
      const next = loader.pending;
      if (next && loader.flights.length < flightLimit()) {
        loader.pending = null;
        if (next.revision === state?.revision) start(next);
        else want(playhead);
      }
    }
  }

  /** Draws a fetched frame unless it is stale (an older revision) or, while playing, late
   * (the clock passed it: dropped, counted by the gap to the next frame drawn) or early
   * (held until the clock reaches it). */
  function present(bitmap, spec) {
    const late = playback.playing && spec.index < playhead;
    if (late) playback.late += 1;
    if (!state?.ok || spec.revision !== state.revision || late) {
      bitmap.close();
      return;
    }
    if (playback.playing && spec.index > playhead) {
      loader.held.push({ bitmap, spec });
      return;
    }
    draw(bitmap, spec);
  }

  function draw(bitmap, spec) {
    if (ui.canvas.width !== bitmap.width || ui.canvas.height !== bitmap.height) {
      const ratio = window.devicePixelRatio || 1;
      ui.canvas.width = bitmap.width;
      ui.canvas.height = bitmap.height;
      ui.canvas.style.width = `${bitmap.width / ratio}px`;
      ui.canvas.style.height = `${bitmap.height / ratio}px`;
      ui.previewSize.textContent = `${spec.width}×${spec.height}`;
    }
    // A frame with alpha replaces the last one, over the canvas's checkerboard background.
    context.clearRect(0, 0, ui.canvas.width, ui.canvas.height);
    context.drawImage(bitmap, 0, 0);
    bitmap.close();
    shown = { ...spec };
    if (playback.playing) countPresented(spec.index);
    else {
      updateSelectionBox();
      loadAudio();
    }
    for (const waiter of presentWaiters.splice(0)) waiter(shown);
  }

  /** Draws the newest held frame the clock has reached (older ones are dropped); with
   * `all`, forgets every held frame. */
  function releaseHeld(all = false) {
    const due = loader.held.filter((h) => all || h.spec.index <= playhead);
    loader.held = loader.held.filter((h) => !due.includes(h));
    const newest = all ? null : due.pop();
    for (const h of due) h.bitmap.close();
    if (newest) draw(newest.bitmap, newest.spec);
  }

  // MARK: - Playhead

  /** Moves the playhead to `index` (clamped) and asks for its picture. */
  function seek(index, { fromClock = false } = {}) {
    const m = movie();
    const count = m ? m.frameCount : Number(ui.scrubber.max) + 1;
    const clamped = Math.max(0, Math.min(Math.max(0, count - 1), Math.round(index) || 0));
    playhead = clamped;
    ui.scrubber.value = String(clamped);
    ui.time.textContent = `${frameTime(clamped).toFixed(2)} s`;
    ui.frameNumber.textContent = String(clamped);
    placePlayhead();
    if (playback.playing && !fromClock) {
      releaseHeld(true);
      playback.lastPresented = clamped - 1;
      restartClock();
    }
    if (!fromClock) want(clamped);
  }

  const step = (delta) => (playback.playing && pause(), seek(playhead + delta));

  // MARK: - Play: the audio is the clock

  function play() {
    const m = movie();
    if (!m || playback.playing) return;
    if (playhead >= m.frameCount - 1) seek(0);
    playback.playing = true;
    playback.lastPresented = playhead - 1;
    playback.dropped = 0;
    playback.presentTimes = [];
    playback.framesShown = 0;
    playback.late = 0;
    loadAudio();
    playback.useAudio = Boolean(m.hasAudio && ui.audio.src && !ui.audio.error);
    ui.play.textContent = "❚❚ Pause";
    restartClock();
    requestAnimationFrame(tick);
  }

  function pause() {
    if (!playback.playing) return;
    playback.playing = false;
    ui.audio.pause();
    releaseHeld(true);
    ui.play.textContent = "▶ Play";
    want(playhead);
    updateSelectionBox();
  }

  function restartClock() {
    const seconds = frameTime(playhead);
    if (playback.useAudio) {
      ui.audio.currentTime = seconds;
      ui.audio.play().catch((error) => {
        // No audio output (or the file failed): the wall clock takes over from here.
        console.warn("audio:", error);
        playback.useAudio = false;
        restartClock();
      });
    } else {
      playback.clockOrigin = performance.now() - seconds * 1000;
    }
  }

  function clockSeconds() {
    return playback.useAudio
      ? ui.audio.currentTime
      : (performance.now() - playback.clockOrigin) / 1000;
  }

  function tick() {
    if (!playback.playing) return;
    const m = movie();
    if (!m) return pause();
    const seconds = clockSeconds();
    const index = Math.floor(seconds * m.frameRate + 1e-6);
    if (playback.useAudio && ui.audio.ended && index < m.frameCount - 1) {
      playback.useAudio = false; // the sound ended before the picture: the wall clock goes on
      playback.clockOrigin = performance.now() - seconds * 1000;
    }
    if (index >= m.frameCount || (playback.useAudio && ui.audio.ended)) {
      seek(m.frameCount - 1, { fromClock: true });
      playback.dropped += Math.max(0, m.frameCount - 1 - playback.lastPresented);
      showPlaybackNumbers();
      pause();
      return;
    }
    if (index !== playhead) seek(index, { fromClock: true });
    releaseHeld();
    if (loader.flights.length < flightLimit()) {
      // Ask for the frame that will be due when the answer arrives, after those asked for.
      const ahead = Math.floor((seconds + (1.2 * loader.latency) / 1000) * m.frameRate + 1e-6);
      const asked = Math.max(playback.lastPresented, ...loader.flights.map((f) => f.spec.index),
        ...loader.held.map((h) => h.spec.index));
      const next = Math.min(m.frameCount - 1, Math.max(index, ahead, asked + 1));
      if (next > asked) want(next);
    }
    requestAnimationFrame(tick);
  }

  function countPresented(index) {
    playback.dropped += Math.max(0, index - playback.lastPresented - 1);
    playback.lastPresented = index;
    playback.framesShown += 1;
    const now = performance.now();
    playback.presentTimes.push(now);
    while (playback.presentTimes.length > 2 && now - playback.presentTimes[0] > 1000) {
      playback.presentTimes.shift();
    }
    const times = playback.presentTimes;
    if (times.length >= 2) {
      playback.achievedFps = (times.length - 1) / ((times[times.length - 1] - times[0]) / 1000);
    }
    showPlaybackNumbers();
  }

  function showPlaybackNumbers() { // achieved fps and dropped frames
    ui.fps.textContent = playback.achievedFps ? playback.achievedFps.toFixed(1) : "–";
    ui.dropped.textContent = String(playback.dropped);
  }

  // MARK: - State: problems, timeline, audio

  let audioSource = null;
  let stateBusy = false;
  let stateAgain = false;

  /** Fetches /api/state and applies it; calls made meanwhile coalesce into one more. */
  async function refreshState() {
    if (stateBusy) return void (stateAgain = true);
    stateBusy = true;
    do {
      stateAgain = false;
      try {
        const response = await fetch(api("/api/state"), { cache: "no-store" });
        if (response.ok) apply(await response.json());
      } catch (error) {
        console.warn("state:", error);
      }
    } while (stateAgain);
    stateBusy = false;
  }

  function apply(next) {
    const previous = state;
    state = next;
    const changed = !previous || previous.revision !== next.revision || previous.ok !== next.ok;
    ui.templateName.textContent = next.templateName || "";
    document.title = `${next.templateName || "Reel"} — Reel preview`;
    ui.revision.textContent = `revision ${next.revision}`;
    showProblems(next.problems || []);
    showRender(next.render);
    const blocked = !next.ok;
    ui.stage.classList.toggle("blocked", blocked);
    ui.blocked.hidden = !blocked;
    ui.timeline.classList.toggle("stale", blocked);
    if (blocked) {
      if (playback.playing) pause();
      ui.selection.hidden = true;
      shown = null;
      return;
    }
    if (!changed) return;
    if (playback.playing) pause();
    const m = next.movie;
    ui.scrubber.max = String(Math.max(0, m.frameCount - 1));
    ui.frameCount.textContent = ` / ${m.frameCount}`;
    // The audio of this revision is loaded once its first picture is drawn (loadAudio), so
    // encoding it does not delay that picture.
    audioSource = m.hasAudio
      ? new URL(api("/api/audio", { revision: next.revision }), location.href).href : null;
    if (!audioSource && ui.audio.hasAttribute("src")) {
      ui.audio.removeAttribute("src");
      ui.audio.load();
    }
    drawTimeline(next.timeline, m);
    seek(playhead); // keeps the playhead, clamped to the new length, and fetches its picture
  }

  function loadAudio() {
    if (audioSource && ui.audio.src !== audioSource) ui.audio.src = audioSource;
  }

  function showProblems(problems) {
    ui.problems.replaceChildren(
      ...problems.map((problem) => {
        const item = element("li", `problem ${problem.severity}`);
        const where = element("div", "where");
        where.append(
          element("span", "severity", problem.severity === "warning" ? "warning " : "error "),
          element("span", "path", problem.path || "/"));
        if (problem.line != null) {
          const column = problem.column != null ? `:${problem.column}` : "";
          where.append(element("span", "line", ` line ${problem.line}${column}`));
        }
        item.append(where, element("div", "message", problem.message));
        return item;
      }));
    ui.problemCount.textContent = problems.length ? String(problems.length) : "";
    ui.noProblems.hidden = problems.length > 0;
  }

  // MARK: - Timeline

  /** The x of `seconds` as a fraction of a track's width. */
  const fraction = (seconds, duration) =>
    duration > 0 ? Math.max(0, Math.min(1, seconds / duration)) : 0;

  function span(node, start, end, duration) {
    const from = fraction(start, duration);
    const to = fraction(end ?? duration, duration);
    node.style.left = `${from * 100}%`;
    node.style.width = `${Math.max(0, to - from) * 100}%`;
    return node;
  }

  function row(label, className = "") {
    const line = element("div", `row ${className}`);
    const name = element("div", "row-label", label);
    name.title = label;
    const track = element("div", "row-track");
    line.append(name, track);
    track.addEventListener("click", (event) => {
      if (event.target !== track) return;
      const box = track.getBoundingClientRect();
      const seconds = ((event.clientX - box.left) / box.width) * (movie()?.duration || 0);
      seek(Math.floor(seconds * frameRate()));
    });
    return { line, track };
  }

  function drawTimeline(timeline, m) {
    const duration = m.duration;
    const rows = [];
    const clips = timeline?.clips || [];
    const tracks = [...new Set(clips.map((clip) => clip.track))].sort((a, b) => a - b);
    for (const number of tracks) {
      const { line, track } = row(tracks.length > 1 ? `clips ${number + 1}` : "clips");
      for (const clip of clips.filter((c) => c.track === number)) {
        const block = span(element("div", "clip-block", clip.name), clip.start, clip.end, duration);
        block.title = `${clip.name}: ${seconds(clip.start)}–${seconds(clip.end)}`;
        track.append(block);
      }
      if (number === tracks[tracks.length - 1]) addTransitions(track, timeline, duration);
      rows.push(line);
    }
    if (!tracks.length && (timeline?.transitions || []).length) {
      const { line, track } = row("transitions");
      addTransitions(track, timeline, duration);
      rows.push(line);
    }
    for (const layer of timeline?.layers || []) {
      const label = `${"  ".repeat(Math.max(0, layer.depth - 1))}${layer.name || layer.path || layer.id}`;
      const { line, track } = row(label, layer.id === selectedLayer ? "selected" : "");
      line.dataset.layer = layer.id;
      const bar = span(element("div", "layer-bar", layer.name || layer.path || layer.id), layer.start, layer.end,
        duration);
      bar.dataset.id = layer.id;
      bar.title = `${layer.name || layer.path || layer.id}: ${seconds(layer.start)}–${seconds(layer.end ?? duration)}`;
      if (layer.id === selectedLayer) bar.classList.add("selected");
      bar.addEventListener("click", () => select(layer));
      track.append(bar);
      for (const animation of layer.animations || []) {
        const mark = span(element("div", "mark"), animation.start, animation.end, duration);
        mark.title = `${animation.property}: ${seconds(animation.start)}–${seconds(animation.end)}`;
        track.append(mark);
      }
      rows.push(line);
    }
    const cues = timeline?.cues || [];
    if (cues.length) {
      const { line, track } = row("subtitles");
      for (const cue of cues) {
        const block = span(element("div", "cue-block", cue.text), cue.start, cue.end, duration);
        block.title = `${seconds(cue.start)}–${seconds(cue.end)}: ${cue.text}`;
        track.append(block);
      }
      rows.push(line);
    }
    const pages = timeline?.captions || [];
    if (pages.length) {
      const { line, track } = row("captions");
      for (const page of pages) {
        const block = span(element("div", "cue-block caption-page", page.text), page.start, page.end,
          duration);
        block.title = `${seconds(page.start)}–${seconds(page.end)}: ${page.text}`;
        track.append(block);
      }
      rows.push(line);
    }
    const head = element("div");
    head.id = "playhead";
    ui.timeline.replaceChildren(...rows, head);
    if (selectedLayer && !(timeline?.layers || []).some((l) => l.id === selectedLayer)) {
      selectedLayer = null;
      ui.selection.hidden = true;
    }
    drawRuler(duration);
    placePlayhead();
  }

  function addTransitions(track, timeline, duration) {
    for (const transition of timeline?.transitions || []) {
      const block = span(element("div", "transition-block"), transition.start, transition.end,
        duration);
      block.title = `${transition.kind}: ${seconds(transition.start)}–${seconds(transition.end)}`;
      track.append(block);
    }
  }

  function drawRuler(duration) {
    const width = ui.ruler.clientWidth || 1;
    const steps = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600];
    const stepSeconds = steps.find((s) => (s / duration) * width >= 70) || 600;
    const ticks = [];
    for (let t = 0; t <= duration + 1e-9; t += stepSeconds) {
      const tick = element("div", "tick");
      tick.style.left = `${fraction(t, duration) * 100}%`;
      tick.append(element("span", "", `${+t.toFixed(2)} s`));
      ticks.push(tick);
    }
    ui.ruler.replaceChildren(...ticks);
  }

  /** Places the timeline's playhead line with CSS alone (no layout read on every frame). */
  function placePlayhead() {
    const head = $("playhead");
    const m = movie();
    if (!head || !m) return;
    const at = fraction(frameTime(playhead), m.duration);
    head.style.left = `calc(var(--label) + (100% - var(--label) - var(--track-end)) * ${at})`;
  }

  // MARK: - Selection: the layer's frame outlined on the picture

  let layerFramesRequest = null;

  function select(layer) {
    selectedLayer = layer.id;
    for (const bar of ui.timeline.querySelectorAll(".layer-bar")) {
      bar.classList.toggle("selected", bar.dataset.id === layer.id);
    }
    for (const line of ui.timeline.querySelectorAll(".row")) {
      line.classList.toggle("selected", line.dataset.layer === layer.id);
    }
    const animations = (layer.animations || []).map((a) => a.property).join(", ");
    ui.layerInfo.textContent =
      `${layer.name || layer.path || layer.id} (${layer.id}): ${seconds(layer.start)}–` +
      `${seconds(layer.end ?? movie()?.duration ?? 0)}` + (animations ? `; animates ${animations}` : "");
    ui.layerInfo.classList.remove("muted");
    const visibleFrom = Math.ceil(layer.start * frameRate() - 1e-6);
    const visibleTo = layer.end == null ? Infinity : Math.ceil(layer.end * frameRate() - 1e-6);
    if (playhead < visibleFrom || playhead >= visibleTo) seek(visibleFrom);
    else updateSelectionBox();
  }

  async function updateSelectionBox() {
    const m = movie();
    if (!selectedLayer || !m) {
      ui.selection.hidden = true;
      return;
    }
    layerFramesRequest?.abort();
    const controller = new AbortController();
    layerFramesRequest = controller;
    const index = playhead;
    try {
      const response = await fetch(api("/api/layer-frames", { frame: index }),
        { signal: controller.signal, cache: "no-store" });
      if (!response.ok) return;
      const answer = await response.json();
      const box = (answer.layers || []).find((l) => l.id === selectedLayer);
      if (!box || index !== playhead) {
        ui.selection.hidden = box ? ui.selection.hidden : true;
        return;
      }
      const scale = ui.canvas.getBoundingClientRect().width / m.width;
      Object.assign(ui.selection.style, {
        left: `${box.x * scale}px`, top: `${box.y * scale}px`,
        width: `${box.width * scale}px`, height: `${box.height * scale}px`,
      });
      ui.selection.hidden = false;
    } catch (error) {
      if (error.name !== "AbortError") console.warn("layer frames:", error);
    }
  }

  // MARK: - Render

  function showRender(render) {
    if (!render) return;
    ui.render.disabled = render.state === "running" || !state?.ok;
    ui.renderProgress.hidden = render.state === "idle";
    ui.renderProgress.value = render.state === "done" ? 1 : render.progress || 0;
    ui.renderOutput.classList.toggle("failed", render.state === "failed");
    const took = typeof render.seconds === "number" ? ` in ${render.seconds.toFixed(1)} s` : "";
    const text = {
      running: `rendering ${Math.round((render.progress || 0) * 100)} % → ${render.output || ""}`,
      done: `wrote ${render.output}${took}`,
      failed: `render failed: ${render.message || "unknown error"}`,
    }[render.state];
    if (text) ui.renderOutput.textContent = text;
  }

  async function startRender() {
    ui.render.disabled = true;
    try {
      const response = await fetch(api("/api/render"), {
        method: "POST", headers: { "X-Reel-Token": token }, cache: "no-store",
      });
      const answer = await response.json().catch(() => ({}));
      if (response.status === 202) {
        showRender({ state: "running", progress: 0, output: answer.output });
      } else {
        ui.renderOutput.textContent =
          `render refused (HTTP ${response.status})${answer.message ? `: ${answer.message}` : ""}`;
        refreshState();
      }
    } catch (error) {
      ui.renderOutput.textContent = `render: ${error}`;
      ui.render.disabled = false;
    }
  }

  // MARK: - Live reload: /api/events, with polling while it is down

  let pollTimer = null;

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}${api("/api/events")}`);
    socket.addEventListener("open", () => {
      ui.connection.textContent = "● live";
      ui.connection.classList.add("live");
      clearInterval(pollTimer);
      pollTimer = null;
      refreshState(); // anything missed while disconnected
    });
    socket.addEventListener("message", (event) => {
      let message = {};
      try { message = JSON.parse(event.data); } catch { return; }
      if (message.type === "revision" && message.revision !== state?.revision) refreshState();
      else if (message.type === "render") {
        showRender(message);
        if (message.state !== "running") refreshState();
      }
    });
    socket.addEventListener("close", () => {
      ui.connection.textContent = "○ reconnecting";
      ui.connection.classList.remove("live");
      if (!pollTimer) pollTimer = setInterval(refreshState, 1000);
      setTimeout(connect, 1000);
    });
  }

  // MARK: - Input

  ui.scrubber.addEventListener("input", () => seek(Number(ui.scrubber.value)));
  ui.play.addEventListener("click", () => (playback.playing ? pause() : play()));
  ui.render.addEventListener("click", startRender);
  ui.fullSize.addEventListener("change", () => {
    fullSize = ui.fullSize.checked;
    ui.viewer.classList.toggle("full", fullSize);
    want(playhead);
  });

  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type === "text") return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const actions = {
      " ": () => (playback.playing ? pause() : play()),
      ArrowLeft: () => step(-1),
      ArrowRight: () => step(1),
      Home: () => step(-Infinity),
      End: () => step(Infinity),
    };
    if (!actions[event.key]) return;
    actions[event.key]();
    event.preventDefault();
    if (document.activeElement instanceof HTMLButtonElement) document.activeElement.blur();
  }, true);
  document.addEventListener("keyup", (event) => {
    if (event.key === " ") event.preventDefault(); // a focused button must not also click
  }, true);

  let resizeTimer = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => {
      if (movie()) drawRuler(movie().duration);
      placePlayhead();
      want(playhead);
      updateSelectionBox();
    }, 120);
  });

  ui.audio.addEventListener("error", () => {
    if (playback.playing && playback.useAudio) {
      playback.useAudio = false;
      restartClock();
    }
  });

  // MARK: - Helpers

  function element(tag, className = "", text) { // a new element with a class and text
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text != null) node.textContent = text;
    return node;
  }

  function seconds(value) {
    return value == null ? "end" : `${(+value).toFixed(2)} s`;
  }

  // MARK: - For tests and the benchmark

  window.reelPreview = {
    get frameIndex() { return playhead; },
    get revision() { return state ? state.revision : null; },
    get playing() { return playback.playing; },
    get droppedFrames() { return playback.dropped; },
    get achievedFps() { return playback.achievedFps; },
    get framesShown() { return playback.framesShown; },
    /** Frames that arrived after the clock passed them while playing (part of the dropped). */
    get lateFrames() { return playback.late; },
    get ok() { return state ? state.ok : null; },
    /** The movie's description from the state (null while the template has errors). */
    get movie() { return movie(); },
    /** What the canvas shows: {index, revision, width, height}, or null. */
    get shown() { return shown ? { ...shown } : null; },
    get previewSize() { return previewSize(); },
    get usesAudioClock() { return playback.useAudio; },
    get audioTime() { return ui.audio.currentTime; },
    seek: (index) => seek(index),
    play, pause,
    /** Resolves with `shown` once frame `index` of the current revision is drawn. */
    waitForFrame(index) {
      return new Promise((resolve) => {
        const check = (now) => {
          if (now && now.index === index && now.revision === state?.revision) resolve(now);
          else presentWaiters.push(check);
        };
        check(shown);
      });
    },
  };

  refreshState();
  connect();
})();
