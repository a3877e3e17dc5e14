import ReelCore

/// Core Image's QR code generator, through libqrencode.
enum QRCodeFilters {
  static let all: [FilterDescriptor] = [qrCode]

  /// The quiet zone around the symbol, in modules, as Core Image draws it.
  static let quietZone = 1

  static let qrCode = FilterDescriptor(
    "CIQRCodeGenerator", categories: [.generator, .stillImage, .builtIn],
    summary: "A QR code of the message, one pixel per module.",
    maths:
      "ISO/IEC 18004 symbol by libqrencode (8-bit mode, smallest version for the level); dark modules black, light ones white, one pixel per module, a quiet zone of \(quietZone) module; Core Image's extent (0, 0, side, side); no image without a message (unset or empty), as Core Image's outputImage is nil then",
    parameters: [
      FilterParameter(
        key: "inputMessage", kind: .data,
        summary: "The bytes to encode; without any (unset or empty) there is no image."),
      FilterParameter(
        key: "inputCorrectionLevel",
        kind: .choice(default: "M", choices: QRCodeSymbol.CorrectionLevel.allCases.map(\.rawValue)),
        summary: "Error correction: L 7 %, M 15 %, Q 25 %, H 30 %."),
    ]
  ) { arguments throws(FilterError) in
    let message = arguments.bytes("inputMessage")
    // Core Image's generator has no output without a message.
    if message.isEmpty { return nil }
    let level =
      QRCodeSymbol.CorrectionLevel(rawValue: arguments.text("inputCorrectionLevel")) ?? .medium
    let symbol: QRCodeSymbol
    do throws(QRCodeSymbol.Failure) {
      symbol = try QRCodeSymbol(message: message, level: level)
    } catch {
      switch error {
      case .tooLong(let bytes):
        throw .invalidValue(
          filter: "CIQRCodeGenerator", key: "inputMessage",
          reason:
            "\(bytes) bytes do not fit a QR code at correction level \(level.rawValue) (at most 2953 at L, 2331 at M, 1663 at Q, 1273 at H); shorten the message or lower the level"
        )
      case .library(let code):
        throw .invalidValue(
          filter: "CIQRCodeGenerator", key: "inputMessage",
          reason: "libqrencode could not encode it (errno \(code))")
      }
    }
    let side = symbol.width + 2 * quietZone
    var picture = Image(width: side, height: side)
    let dark = BGRA(blue: 0, green: 0, red: 0, alpha: 255)
    let light = BGRA(blue: 255, green: 255, red: 255, alpha: 255)
    for row in 0..<side {
      for column in 0..<side {
        let inside =
          (quietZone..<quietZone + symbol.width).contains(row)
          && (quietZone..<quietZone + symbol.width).contains(column)
        picture[x: column, y: row] =
          inside && symbol.isDark(column: column - quietZone, row: row - quietZone) ? dark : light
      }
    }
    // Placed where Core Image's (0, 0, side, side) lands in the filter plane (y flipped).
    return FilterImage(picture: picture, origin: Point(x: 0, y: -Double(side)))
  }
}
