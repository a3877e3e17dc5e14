import Foundation
import ReelCore
import TestSupport
import Testing

@testable import ReelFilters

/// The independent decoder (zxing-cpp through scripts/decode-qr.py).
enum QRDecoder {
  static let script = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scripts/decode-qr.py")

  static let isAvailable: Bool = {
    guard let result = try? TestSupport.run("python3", [script.path, "check"], timeout: 300)
    else { return false }
    return result.status == 0
  }()

  /// For each picture, the messages zxing-cpp reads in it (grey, each pixel scaled up
  /// `scale` times and laid on white with `margin` more pixels around it, as a printed code
  /// would be). One run of the decoder for all of them.
  static func decode(_ pictures: [Image], scale: Int = 4, margin: Int = 12) throws -> [[[UInt8]]] {
    let folder = try TestSupport.makeTemporaryDirectory("reel-qr")
    defer { try? FileManager.default.removeItem(at: folder) }
    var arguments = [script.path]
    for (index, picture) in pictures.enumerated() {
      let side = picture.width * scale + 2 * margin
      var grey = [UInt8](repeating: 255, count: side * side)
      for y in 0..<picture.height * scale {
        for x in 0..<picture.width * scale {
          grey[(y + margin) * side + x + margin] = picture[x: x / scale, y: y / scale].green
        }
      }
      let file = folder.appendingPathComponent("code\(index).raw")
      try Data(grey).write(to: file)
      arguments += [file.path, "\(side)"]
    }
    let output = try TestSupport.run("python3", arguments)
    try #require(output.status == 0, "decode-qr.py failed: \(output.stderr)")
    return output.stdoutText.split(separator: "\n").map { line in
      line.split(separator: " ", omittingEmptySubsequences: false).dropFirst().map { hex in
        stride(from: 0, to: hex.count, by: 2).compactMap { offset in
          let start = hex.index(hex.startIndex, offsetBy: offset)
          return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16)
        }
      }
    }
  }
}

@Suite("CIQRCodeGenerator (libqrencode)")
struct QRCodeTests {
  func render(_ message: [UInt8], level: String) throws -> Image {
    let output = try #require(
      try QRCodeFilters.qrCode.outputImage([
        "inputMessage": .data(message), "inputCorrectionLevel": .text(level),
      ]))
    let extent = output.extent
    let rect = try #require(
      PixelRect(covering: extent), "a QR code has a finite extent, got \(extent)")
    #expect(extent.minX == 0 && extent.maxY == 0, "Core Image's (0, 0) is its corner: \(extent)")
    return try FilterRenderer().renderPicture(output, in: rect)
  }

  @Test func aShortMessageIsAVersionOneSymbolInAOneModuleQuietZone() throws {
    let picture = try render(Array("Reel".utf8), level: "L")
    #expect(picture.width == 23 && picture.height == 23)
    // The quiet zone is white; the top-left finder pattern's corner is black.
    for i in 0..<23 {
      #expect(picture[x: i, y: 0].green == 255 && picture[x: 0, y: i].green == 255)
    }
    #expect(picture[x: 1, y: 1] == BGRA(blue: 0, green: 0, red: 0, alpha: 255))
    // Only black and white.
    for y in 0..<23 {
      for x in 0..<23 {
        let level = picture[x: x, y: y].green
        #expect(level == 0 || level == 255)
      }
    }
  }

  @Test(.enabled(if: QRDecoder.isAvailable))
  func everyLevelDecodesBackToItsMessage() throws {
    let messages: [[UInt8]] = [
      Array("https://example.com/reel?frame=42".utf8), Array(0...255).map { UInt8($0) },
    ]
    let cases = ["L", "M", "Q", "H"].flatMap { level in messages.map { (level, $0) } }
    let decoded = try QRDecoder.decode(cases.map { try render($0.1, level: $0.0) })
    try #require(decoded.count == cases.count)
    for ((level, message), symbols) in zip(cases, decoded) {
      #expect(symbols == [message], "level \(level), \(message.count) bytes: \(symbols)")
    }
  }

  @Test func higherCorrectionMakesALargerSymbol() throws {
    let message = Array(String(repeating: "reel ", count: 20).utf8)
    let low = try render(message, level: "L").width
    let high = try render(message, level: "H").width
    #expect(high > low, "L \(low), H \(high)")
    #expect((low - 2 - 17) % 4 == 0, "a symbol is 17 + 4·version modules: \(low - 2)")
  }

  @Test func noMessageMeansNoImageAsInCoreImage() throws {
    #expect(try QRCodeFilters.qrCode.outputImage([:]) == nil)
    #expect(try QRCodeFilters.qrCode.outputImage(["inputMessage": .data([])]) == nil)
    #expect(try QRCodeFilters.qrCode.outputImage(["inputMessage": .data([0x41])]) != nil)
  }

  @Test func aMessageTooLongOrAnUnknownLevelIsRefusedNamingIt() {
    #expect(throws: FilterError.self) {
      try QRCodeFilters.qrCode.outputImage([
        "inputMessage": .data([UInt8](repeating: 7, count: 3000)),
        "inputCorrectionLevel": .text("H"),
      ])
    }
    do {
      _ = try QRCodeFilters.qrCode.outputImage([
        "inputMessage": .data([UInt8](repeating: 7, count: 3000))
      ])
      Issue.record("3000 bytes at level M were accepted")
    } catch {
      #expect(error.description.contains("CIQRCodeGenerator.inputMessage"), "\(error)")
      #expect(error.description.contains("2331"), "\(error)")
    }
    #expect(
      throws: FilterError.wrongKind(
        filter: "CIQRCodeGenerator", key: "inputCorrectionLevel", expected: "one of L, M, Q, H")
    ) {
      try QRCodeFilters.qrCode.outputImage(["inputCorrectionLevel": .text("X")])
    }
  }
}
