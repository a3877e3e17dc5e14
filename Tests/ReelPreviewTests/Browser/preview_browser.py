"""Headless Chromium for Reel's preview page: shared by the browser test
(preview_browser_test.py), the benchmark (bench/preview_bench.py) and the screenshot
(preview_screenshot.py).

Uses Debian's `chromium` and `chromium-driver` (scripts/install-deps.sh) through Selenium, which
is installed from PyPI on first use. Everything started here (`reel preview`, chromedriver,
Chromium) is stopped by process id, in a temporary user-data folder that is removed afterwards.
"""

import base64
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time


def ensure_selenium():
    """Imports Selenium, installing it with pip for this Python when it is missing."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet",
                               "--disable-pip-version-check", "selenium"])


def find_tool(*names):
    """The first of `names` on PATH (or in /usr/bin, /usr/lib/chromium), or None."""
    for name in names:
        found = shutil.which(name)
        if found:
            return found
        for folder in ("/usr/bin", "/usr/lib/chromium"):
            candidate = os.path.join(folder, name)
            if os.access(candidate, os.X_OK):
                return candidate
    return None


def wait_for(predicate, timeout, interval=0.05):
    """Polls `predicate` until it returns a truthy value (returned) or `timeout` seconds pass
    (then None)."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() >= deadline:
            return None
        time.sleep(interval)


def stop_process(pid, grace=5.0):
    """SIGINT (a clean Ctrl-C), then SIGKILL after `grace` seconds; waits for it to end."""
    try:
        os.kill(pid, signal.SIGINT)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline:
        try:
            done, _ = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:  # not our child: poll for it to vanish
            done = 0 if os.path.exists(f"/proc/{pid}") else pid
        if done == pid:
            return
        time.sleep(0.05)
    try:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass


class Preview:
    """`reel preview TEMPLATE --port 0`, started and stopped by process id."""

    def __init__(self, reel, template, extra=(), timeout=120):
        self.process = subprocess.Popen(
            [reel, "preview", template, "--port", "0", *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
        self.url = self._read_url(timeout)

    def _read_url(self, timeout):
        deadline = time.monotonic() + timeout
        line = b""
        while not line.endswith(b"\n"):
            remaining = deadline - time.monotonic()
            ready, _, _ = select.select([self.process.stdout], [], [], max(0, remaining))
            if not ready:
                self.stop()
                raise RuntimeError(f"reel preview printed no URL in {timeout} s")
            byte = os.read(self.process.stdout.fileno(), 1)
            if not byte:
                error = self.process.stderr.read().decode(errors="replace")
                self.stop()
                raise RuntimeError(f"reel preview ended without a URL: {error}")
            line += byte
        text = line.decode().strip()
        if not text.startswith("Preview: "):
            self.stop()
            raise RuntimeError(f"reel preview printed {text!r}, not 'Preview: URL'")
        return text[len("Preview: "):]

    @property
    def pid(self):
        return self.process.pid

    def stop(self):
        stop_process(self.process.pid)
        self.process.wait()


class Browser:
    """Headless Chromium driven by chromedriver; `with Browser() as driver:`."""

    def __init__(self, width=1400, height=900):
        ensure_selenium()
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        chromium = find_tool("chromium", "chromium-browser")
        driver_path = find_tool("chromedriver")
        if not chromium or not driver_path:
            raise RuntimeError("chromium and chromedriver are needed (scripts/install-deps.sh)")
        self.profile = tempfile.mkdtemp(prefix="reel-chromium-")
        options = webdriver.ChromeOptions()
        options.binary_location = chromium
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", f"--window-size={width},{height}",
                         "--autoplay-policy=no-user-gesture-required", "--mute-audio",
                         "--force-device-scale-factor=1", "--no-first-run",
                         f"--user-data-dir={self.profile}"):
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.service = Service(driver_path)
        self.driver = webdriver.Chrome(service=self.service, options=options)
        self.driver.set_script_timeout(60)
        self.resize(width, height)

    def resize(self, width, height):
        """Gives the page a viewport of `width`×`height` CSS pixels (headless Chromium would
        keep part of its window for the browser's own chrome)."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        self.size = (width, height)

    def __enter__(self):
        return self.driver

    def __exit__(self, *exception):
        self.close()

    def console(self):
        """The page's console messages so far (for failure reports)."""
        try:
            return [entry["message"] for entry in self.driver.get_log("browser")]
        except Exception:  # noqa: BLE001 - only diagnostics
            return []

    def close(self):
        browsers = self._profile_processes()
        try:
            self.driver.quit()
        except Exception:  # noqa: BLE001 - it may be gone already
            pass
        if self.service.process and self.service.process.poll() is None:
            stop_process(self.service.process.pid, grace=2)
        for pid in browsers + self._profile_processes():
            if os.path.exists(f"/proc/{pid}"):
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        shutil.rmtree(self.profile, ignore_errors=True)

    def _profile_processes(self):
        """Ids of the Chromium processes that run with this browser's own profile folder."""
        pids = []
        marker = f"--user-data-dir={self.profile}".encode()
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as file:
                    if marker in file.read():
                        pids.append(int(entry))
            except OSError:
                continue
        return pids


# MARK: - Pictures


def canvas_rgba(driver):
    """(width, height, RGBA bytes) of the page's #frame canvas."""
    width, height, data = driver.execute_script("""
        const canvas = document.getElementById('frame');
        const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        let text = '';
        for (let i = 0; i < pixels.length; i += 0x8000) {
          text += String.fromCharCode.apply(null, pixels.subarray(i, i + 0x8000));
        }
        return [canvas.width, canvas.height, btoa(text)];
    """)
    return width, height, base64.b64decode(data)


def png_rgba(path):
    """(width, height, RGBA bytes) of a PNG, decoded by the ffmpeg CLI (the oracle)."""
    probe = subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
         "stream=width,height", "-of", "csv=p=0", path], capture_output=True, text=True, check=True)
    width, height = (int(value) for value in probe.stdout.strip().split(","))
    decoded = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
        capture_output=True, check=True)
    return width, height, decoded.stdout


def block_means(width, height, rgba, block=8):
    """Mean of each channel (R, G, B) over each `block`×`block` block, row by row."""
    means = []
    for channel in range(3):
        plane = rgba[channel::4]
        for top in range(0, height, block):
            rows = range(top, min(top + block, height))
            for left in range(0, width, block):
                right = min(left + block, width)
                total = sum(sum(plane[y * width + left:y * width + right]) for y in rows)
                means.append(total / (len(rows) * (right - left)))
    return means


def block_difference(a, b, block=8):
    """The largest difference of 8×8 block means between two (width, height, RGBA) pictures,
    in 1/255 steps; infinity when their sizes differ."""
    if a[:2] != b[:2]:
        return float("inf")
    return max(abs(x - y) for x, y in zip(block_means(*a, block), block_means(*b, block)))


def reel_frame(reel, template, index, frame_rate, size, output):
    """`reel frame TEMPLATE --time T --size W×H`: frame `index`'s still as (w, h, RGBA)."""
    seconds = index / frame_rate
    subprocess.run([reel, "frame", template, "--time", repr(seconds), "--size",
                    f"{size[0]}x{size[1]}", "-o", output, "--overwrite"],
                   check=True, capture_output=True)
    return png_rgba(output)


def write_atomically(path, text):
    """Writes `text` the way editors save: a temporary file beside `path`, then a rename."""
    temporary = f"{path}.saving~"
    with open(temporary, "w") as file:
        file.write(text)
    os.replace(temporary, path)
