#!/usr/bin/env python3
"""Decodes an animated WebP with Pillow (over libwebp's demuxer and decoder), for the tests
of Reel's `.webp` output: FFmpeg 5.1 cannot decode animated WebP, so Pillow is the
independent reader.

    scripts/decode-webp.py FILE.webp OUT.rgba   # every frame, composited as the animation
                                                # shows it, as 8-bit RGBA, one after another
                                                # into OUT.rgba; one JSON line on stdout:
                                                # {"width", "height", "frames", "durations"
                                                # (ms each), "loop"}
    scripts/decode-webp.py check                # exits 0 when Pillow reads animated WebP

Pillow is Debian's `python3-pil` (scripts/install-deps.sh), which installs for Debian's
`/usr/bin/python3`: run this with that interpreter (or one where Pillow is installed). Exits
77 when Pillow or its animated-WebP support is missing, which the tests report as skipped."""
import json
import sys

UNAVAILABLE = 77


def require_pillow():
    try:
        from PIL import Image, features  # noqa: F401
    except ImportError:
        print("decode-webp: Pillow is not installed for this python3 (Debian: python3-pil)",
              file=sys.stderr)
        sys.exit(UNAVAILABLE)
    if not features.check("webp_anim"):
        print("decode-webp: this Pillow was built without animated WebP", file=sys.stderr)
        sys.exit(UNAVAILABLE)


def main():
    if len(sys.argv) == 2 and sys.argv[1] == "check":
        require_pillow()
        return
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    require_pillow()
    from PIL import Image
    path, output = sys.argv[1], sys.argv[2]
    durations = []
    with Image.open(path) as image, open(output, "wb") as frames:
        if image.format != "WEBP":
            sys.exit(f"decode-webp: {path} is {image.format}, not WebP")
        count = getattr(image, "n_frames", 1)
        for index in range(count):
            image.seek(index)
            # Loading the frame is what sets its duration in `info`.
            frames.write(image.convert("RGBA").tobytes())
            durations.append(image.info.get("duration", 0))
        print(json.dumps({"width": image.width, "height": image.height, "frames": count,
                          "durations": durations, "loop": image.info.get("loop")}))


if __name__ == "__main__":
    main()
