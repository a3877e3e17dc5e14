// The pixel-buffer attribute keys (Apple's names and string values) and how Reel reads an
// attribute dictionary, in whatever form ported code builds it (`[String: Any]`,
// `[CFString: Any] as CFDictionary`, an `NSDictionary`).

/// The pixel format (an `OSType`, or an array of them: the first is used).
public var kCVPixelBufferPixelFormatTypeKey: CFString { "PixelFormatType" }
/// Width in pixels.
public var kCVPixelBufferWidthKey: CFString { "Width" }
/// Height in pixels.
public var kCVPixelBufferHeightKey: CFString { "Height" }
/// Whether CGImage can use the buffer: accepted (Reel's buffers always can).
public var kCVPixelBufferCGImageCompatibilityKey: CFString { "CGImageCompatibility" }
/// Whether a CGContext can draw into the buffer: accepted (Reel's BGRA and ARGB buffers can).
public var kCVPixelBufferCGBitmapContextCompatibilityKey: CFString {
  "CGBitmapContextCompatibility"
}
/// IOSurface properties: accepted and ignored (Linux has no IOSurface).
public var kCVPixelBufferIOSurfacePropertiesKey: CFString { "IOSurfaceProperties" }
/// Metal compatibility: accepted and ignored.
public var kCVPixelBufferMetalCompatibilityKey: CFString { "MetalCompatibility" }
/// OpenGL compatibility: accepted and ignored.
public var kCVPixelBufferOpenGLCompatibilityKey: CFString { "OpenGLCompatibility" }
/// OpenGL ES compatibility: accepted and ignored.
public var kCVPixelBufferOpenGLESCompatibilityKey: CFString { "OpenGLESCompatibility" }
/// Row alignment in bytes: accepted when it divides 64 (Reel's rows start on 64-byte
/// boundaries).
public var kCVPixelBufferBytesPerRowAlignmentKey: CFString { "BytesPerRowAlignment" }
/// The pool's minimum buffer count: accepted (Reel's pools make buffers on demand).
public var kCVPixelBufferPoolMinimumBufferCountKey: CFString { "MinimumBufferCount" }
/// The longest a pool keeps an unused buffer: accepted.
public var kCVPixelBufferPoolMaximumBufferAgeKey: CFString { "MaximumBufferAge" }

/// An attribute dictionary read by key name, as Reel's pixel buffers, pools and the
/// writer's and reader's settings take it.
struct AttributeDictionary {
  private(set) var values: [String: Any] = [:]

  /// Reads `dictionary` in any of the forms Apple code passes (nil: empty).
  init(_ dictionary: Any?) {
    guard let dictionary else { return }
    if let swift = dictionary as? [String: Any] {
      values = swift
    } else if let objects = dictionary as? [NSString: Any] {
      for (key, value) in objects { values[String(key)] = value }
    } else if let hashable = dictionary as? [AnyHashable: Any] {
      for (key, value) in hashable { values[Self.name(of: key.base)] = value }
    } else if let ns = dictionary as? NSDictionary {
      for (key, value) in ns { values[Self.name(of: key)] = value }
    }
  }

  private static func name(of key: Any) -> String {
    if let string = key as? String { return string }
    if let string = key as? NSString { return String(string) }
    return "\(key)"
  }

  /// The keys present.
  var keys: [String] { Array(values.keys) }

  /// The value under `key`.
  subscript(key: String) -> Any? { values[key] }

  /// The value under `key` as a whole number, nil when absent; `.some(nil)` when present but
  /// not a whole number.
  func integer(_ key: String) -> Int?? {
    guard let value = values[key] else { return nil }
    return .some(Self.integer(value))
  }

  /// The value under `key` as a number, nil when absent; `.some(nil)` when not a number.
  func number(_ key: String) -> Double?? {
    guard let value = values[key] else { return nil }
    return .some(Self.number(value))
  }

  /// The value under `key` as a Boolean, nil when absent; `.some(nil)` when not one.
  func boolean(_ key: String) -> Bool?? {
    guard let value = values[key] else { return nil }
    if let flag = value as? Bool { return flag }
    if let number = Self.integer(value), number == 0 || number == 1 { return number == 1 }
    return .some(nil)
  }

  /// The value under `key` as a string, nil when absent; `.some(nil)` when not a string.
  func string(_ key: String) -> String?? {
    guard let value = values[key] else { return nil }
    if let string = value as? String { return string }
    if let string = value as? NSString { return String(string) }
    if let raw = value as? any RawRepresentable, let string = raw.rawValue as? String {
      return string
    }
    return .some(nil)
  }

  /// The value under `key` as a nested dictionary.
  func dictionary(_ key: String) -> AttributeDictionary? {
    guard let value = values[key] else { return nil }
    return AttributeDictionary(value)
  }

  static func integer(_ value: Any) -> Int? {
    switch value {
    case let v as Int: return v
    case let v as Int32: return Int(v)
    case let v as UInt32: return Int(v)
    case let v as Int64: return Int(exactly: v)
    case let v as UInt64: return Int(exactly: v)
    case let v as UInt: return Int(exactly: v)
    case let v as Int16: return Int(v)
    case let v as UInt16: return Int(v)
    case let v as Double: return Int(exactly: v)
    case let v as Float: return Int(exactly: v)
    case let v as CGFloat: return Int(exactly: Double(v))
    case let v as NSNumber: return Int(exactly: v.doubleValue)
    default: return nil
    }
  }

  static func number(_ value: Any) -> Double? {
    switch value {
    case let v as Double: return v
    case let v as Float: return Double(v)
    case let v as CGFloat: return Double(v)
    case let v as NSNumber: return v.doubleValue
    default: return integer(value).map(Double.init)
    }
  }
}

/// What a pixel-buffer attribute dictionary asks for: format and size (each optional).
struct PixelBufferAttributes {
  var format: OSType?
  var width: Int?
  var height: Int?

  /// Reads and checks `dictionary`; unknown keys are ignored as Apple ignores them.
  init(_ dictionary: Any?) throws(CVFailure) {
    let attributes = AttributeDictionary(dictionary)
    let formatKey = kCVPixelBufferPixelFormatTypeKey as String
    if let value = attributes[formatKey] {
      let first = (value as? [Any])?.first ?? (value as? NSArray)?.firstObject ?? value
      guard let code = AttributeDictionary.integer(first), let format = OSType(exactly: code)
      else {
        throw CVFailure(
          kCVReturnInvalidPixelBufferAttributes,
          "kCVPixelBufferPixelFormatTypeKey must be a pixel format code (got \(value))")
      }
      self.format = format
    }
    for (key, path) in [
      (kCVPixelBufferWidthKey as String, \PixelBufferAttributes.width),
      (kCVPixelBufferHeightKey as String, \PixelBufferAttributes.height),
    ] {
      guard let present = attributes.integer(key) else { continue }
      guard let value = present, value > 0 else {
        throw CVFailure(
          kCVReturnInvalidPixelBufferAttributes,
          "\(key) must be a positive whole number of pixels (got \(attributes[key] ?? "nil"))")
      }
      self[keyPath: path] = value
    }
    if let alignment = attributes.integer(kCVPixelBufferBytesPerRowAlignmentKey as String),
      let alignment, alignment <= 0 || 64 % alignment != 0
    {
      throw CVFailure(
        kCVReturnInvalidPixelBufferAttributes,
        "kCVPixelBufferBytesPerRowAlignmentKey \(alignment) is not supported: Reel aligns rows to 64 bytes (ask for a divisor of 64)"
      )
    }
  }
}
