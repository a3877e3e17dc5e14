#!/usr/bin/env python3
"""Decodes the QR code in a raw 8-bit grey picture, for the tests of CIQRCodeGenerator.

    scripts/decode-qr.py FILE SIDE [FILE SIDE …]   # per square picture, one line: the
                                                   # decoded symbols' bytes in hex, after "code:"
    scripts/decode-qr.py check               # exits 0 when the decoder is available

The decoder is zxing-cpp (an independent implementation of ISO/IEC 18004), installed from
PyPI when it is missing; exits 77 when it cannot be installed (no network), which the tests
report as skipped."""
import subprocess
import sys

UNAVAILABLE = 77


def require_decoder():
    try:
        import zxingcpp  # noqa: F401
    except ImportError:
        installed = subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
             "zxing-cpp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if installed.returncode != 0:
            print("decode-qr: zxing-cpp is not installed and pip could not install it from PyPI",
                  file=sys.stderr)
            sys.exit(UNAVAILABLE)


def main():
    if len(sys.argv) == 2 and sys.argv[1] == "check":
        require_decoder()
        return
    arguments = sys.argv[1:]
    if not arguments or len(arguments) % 2 != 0:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    require_decoder()
    import zxingcpp
    for path, side in zip(arguments[0::2], arguments[1::2]):
        side = int(side)
        with open(path, "rb") as f:
            pixels = f.read()
        if len(pixels) != side * side:
            print(f"decode-qr: {path} has {len(pixels)} bytes, not {side}×{side}", file=sys.stderr)
            sys.exit(2)
        image = memoryview(pixels).cast("B", (side, side))
        symbols = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
        print(" ".join(["code:"] + [symbol.bytes.hex() for symbol in symbols]))


if __name__ == "__main__":
    main()
