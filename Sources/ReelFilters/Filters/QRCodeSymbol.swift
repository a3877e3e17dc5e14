import CQREncode
import Foundation

/// A QR code symbol (ISO/IEC 18004) made by libqrencode: its modules, row by row, dark or
/// light. The C objects live only inside ``init(message:level:)``.
struct QRCodeSymbol: Sendable {
  /// Error correction: the share of the symbol that may be damaged (7, 15, 25, 30 %).
  enum CorrectionLevel: String, Sendable, CaseIterable {
    case low = "L"
    case medium = "M"
    case quartile = "Q"
    case high = "H"

    var library: QRecLevel {
      switch self {
      case .low: QR_ECLEVEL_L
      case .medium: QR_ECLEVEL_M
      case .quartile: QR_ECLEVEL_Q
      case .high: QR_ECLEVEL_H
      }
    }
  }

  /// Why a message has no symbol.
  enum Failure: Error, Sendable {
    /// The message does not fit the largest symbol (version 40) at this level.
    case tooLong(bytes: Int)
    /// libqrencode failed with this `errno`.
    case library(errno: Int32)
  }

  /// Modules per side (21 for version 1, four more per version).
  let width: Int
  /// The symbol's version, 1…40.
  let version: Int
  /// `width × width` modules, row by row from the top left; `true` is dark.
  let modules: [Bool]

  /// libqrencode keeps global state without pthreads; one encoding at a time.
  private static let lock = NSLock()

  /// Encodes `message` in 8-bit mode in the smallest symbol that holds it at `level`.
  init(message: [UInt8], level: CorrectionLevel) throws(Failure) {
    Self.lock.lock()
    defer { Self.lock.unlock() }
    guard let input = QRinput_new2(0, level.library) else { throw .library(errno: errno) }
    defer { QRinput_free(input) }
    if !message.isEmpty {
      guard let size = Int32(exactly: message.count) else { throw .tooLong(bytes: message.count) }
      let appended = message.withUnsafeBufferPointer { bytes in
        QRinput_append(input, QR_MODE_8, size, bytes.baseAddress)
      }
      guard appended == 0 else {
        throw errno == ERANGE || errno == EINVAL
          ? .tooLong(bytes: message.count) : .library(errno: errno)
      }
    }
    guard let code = QRcode_encodeInput(input) else {
      throw errno == ERANGE ? .tooLong(bytes: message.count) : .library(errno: errno)
    }
    defer { QRcode_free(code) }
    let side = Int(code.pointee.width)
    guard side > 0, let data = code.pointee.data else { throw .library(errno: EINVAL) }
    // Bit 0 of each byte is the module's colour (1 dark); the other bits describe its role.
    width = side
    version = Int(code.pointee.version)
    modules = (0..<side * side).map { data[$0] & 1 == 1 }
  }

  /// Whether the module at (`column`, `row`) is dark.
  func isDark(column: Int, row: Int) -> Bool { modules[row * width + column] }
}
