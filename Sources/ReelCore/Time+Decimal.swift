import Foundation

extension Time {
  /// Parses a decimal number of seconds exactly, without going through `Double`.
  ///
  /// The grammar is `[+-]? digits ("." digits)? ([eE] [+-]? digits)?` with ASCII digits and
  /// no spaces (JSON numbers fit it). The result is the reduced fraction: "0.3" → 3/10,
  /// "2.5" → 5/2, "-1.25" → −5/4, "10" → 10/1, "1e-3" → 1/1000, "0" → 0/1. It is never
  /// marked as rounded.
  ///
  /// - Parameter decimalString: Seconds written in decimal.
  /// - Returns: nil for text outside the grammar, and for values that cannot be written
  ///   exactly with an `Int64` value and an `Int32` timescale (such as "0.1234567891",
  ///   whose reduced denominator is 10¹⁰, or "1e30").
  public init?(decimalString: String) {
    guard let parts = DecimalParts(decimalString) else { return nil }
    guard let time = parts.exactTime() else { return nil }
    self = time
  }

  /// Parses a decimal number of seconds as ``init(decimalString:)`` does, and when the value
  /// cannot be written exactly, gives the nearest multiple of `1 / timescale` seconds
  /// instead (halves away from zero), marked ``Flags-swift.struct/hasBeenRounded``.
  ///
  /// So any JSON number of seconds has a time: "0.7666666666666667" with timescale
  /// 1 000 000 000 is 766666667/1000000000, "0.25" stays 1/4.
  ///
  /// - Parameters:
  ///   - decimalString: Seconds written in decimal (the grammar of ``init(decimalString:)``).
  ///   - timescale: Units per second of a rounded result, > 0. Digits after the 27th
  ///     significant one are ignored when rounding.
  /// - Returns: nil for text outside the grammar, a timescale ≤ 0, and values whose
  ///   rounded form does not fit an `Int64` value at that timescale (such as "1e30").
  public init?(decimalString: String, roundingToTimescale timescale: Int32) {
    guard timescale > 0, let parts = DecimalParts(decimalString) else { return nil }
    if let exact = parts.exactTime() {
      self = exact
      return
    }
    guard let rounded = parts.nearestTime(timescale: timescale) else { return nil }
    self = rounded
  }

  /// Converts a `Decimal` number of seconds exactly.
  ///
  /// - Parameter decimal: Seconds.
  /// - Returns: nil for NaN and for values that cannot be written exactly with an `Int64`
  ///   value and an `Int32` timescale; see `init?(decimalString:)`.
  public init?(exactly decimal: Decimal) {
    guard !decimal.isNaN else { return nil }
    self.init(decimalString: decimal.description)
  }
}

/// The pieces of a decimal literal: a digit string and a power of ten.
private struct DecimalParts {
  var negative: Bool
  /// All significant digits (integer part then fraction), ASCII '0'…'9'.
  var digits: [UInt8]
  /// The value is `digits · 10^exponent`; nil when the written exponent is too large to hold.
  var exponent: Int?

  init?(_ text: String) {
    var bytes = Array(text.utf8)[...]
    negative = Self.takeSign(&bytes)
    let integerDigits = bytes.prefix { Self.isDigit($0) }
    guard !integerDigits.isEmpty else { return nil }
    bytes = bytes.dropFirst(integerDigits.count)
    var fractionDigits: ArraySlice<UInt8> = []
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      fractionDigits = bytes.prefix { Self.isDigit($0) }
      guard !fractionDigits.isEmpty else { return nil }
      bytes = bytes.dropFirst(fractionDigits.count)
    }
    var writtenExponent: Int? = 0
    if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      let exponentNegative = Self.takeSign(&bytes)
      let exponentDigits = bytes.prefix { Self.isDigit($0) }
      guard !exponentDigits.isEmpty else { return nil }
      bytes = bytes.dropFirst(exponentDigits.count)
      // Exponents past 10⁹ are "too large" (only a zero mantissa survives them).
      let significant = exponentDigits.drop { $0 == UInt8(ascii: "0") }
      if significant.count > 9 {
        writtenExponent = nil
      } else {
        let magnitude = significant.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        writtenExponent = exponentNegative ? -magnitude : magnitude
      }
    }
    guard bytes.isEmpty else { return nil }
    digits = Array(integerDigits) + Array(fractionDigits)
    exponent = writtenExponent.map { $0 - fractionDigits.count }
  }

  /// Removes a leading `+` or `-` from `bytes`; true when it was `-`.
  private static func takeSign(_ bytes: inout ArraySlice<UInt8>) -> Bool {
    guard let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") else {
      return false
    }
    bytes = bytes.dropFirst()
    return sign == UInt8(ascii: "-")
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// The exact time, or nil if it does not fit `Int64 / Int32`.
  func exactTime() -> Time? {
    // Strip leading zeros, then move trailing zeros into the exponent.
    var significant = digits.drop { $0 == UInt8(ascii: "0") }
    if significant.isEmpty { return .zero }
    guard var exponent else { return nil }
    while significant.last == UInt8(ascii: "0") {
      significant = significant.dropLast()
      exponent += 1
    }
    // An Int64 value has at most 19 digits; after reduction by a power of 2 or 5 at most
    // 10^31 more can divide out, so longer mantissas cannot fit.
    guard significant.count <= 38 else { return nil }
    var mantissa: Int128 = 0
    for digit in significant {
      mantissa = mantissa * 10 + Int128(digit - UInt8(ascii: "0"))
    }
    if negative { mantissa = -mantissa }

    if exponent >= 0 {
      // The value is an integer number of seconds.
      guard exponent <= 18 else { return nil }
      let (scaled, overflow) = mantissa.multipliedReportingOverflow(by: power(ofTen: exponent))
      guard !overflow, let value = Int64(exactly: scaled) else { return nil }
      return Time(value: value, timescale: 1)
    }
    // The mantissa has no factor 10, so the reduced denominator is ≥ 2^k or ≥ 5^k for
    // 10^k: past k = 31 it exceeds Int32.max.
    let places = -exponent
    guard places <= 31 else { return nil }
    let denominator = power(ofTen: places)
    let divisor = Int128(gcd(mantissa.magnitude, UInt128(denominator)))
    guard let value = Int64(exactly: mantissa / divisor),
      let timescale = Int32(exactly: denominator / divisor)
    else { return nil }
    return Time(value: value, timescale: timescale)
  }

  /// The nearest multiple of `1 / timescale` (halves away from zero), marked rounded when
  /// inexact; nil when it does not fit an `Int64` value.
  func nearestTime(timescale: Int32) -> Time? {
    var significant = digits.drop { $0 == UInt8(ascii: "0") }
    if significant.isEmpty { return .zero }
    guard var exponent else { return nil }
    // Keep 27 significant digits, so that mantissa × timescale fits Int128 (a relative
    // change below 10⁻²⁶; a Double has 17).
    let kept = 27
    if significant.count > kept {
      exponent += significant.count - kept
      significant = significant.prefix(kept)
    }
    var mantissa: Int128 = 0
    for digit in significant {
      mantissa = mantissa * 10 + Int128(digit - UInt8(ascii: "0"))
    }
    let scaled = mantissa * Int128(timescale)
    let units: Int128
    if exponent >= 0 {
      // Whole seconds this large: exact unless too large.
      guard exponent <= 18 else { return nil }
      let (product, overflow) = scaled.multipliedReportingOverflow(by: power(ofTen: exponent))
      guard !overflow else { return nil }
      units = product
    } else if -exponent > 37 {
      // Less than half a unit (mantissa × timescale < 10³⁷ / 2): rounds to zero.
      units = 0
    } else {
      let denominator = power(ofTen: -exponent)
      let quotient = scaled / denominator
      let twiceRemainder = (scaled % denominator) * 2
      units = twiceRemainder >= denominator ? quotient + 1 : quotient
    }
    guard let magnitude = Int64(exactly: units) else { return nil }
    return Time(value: negative ? -magnitude : magnitude, timescale: timescale, rounded: true)
  }

  private func power(ofTen exponent: Int) -> Int128 {
    var result: Int128 = 1
    for _ in 0..<exponent { result *= 10 }
    return result
  }
}
