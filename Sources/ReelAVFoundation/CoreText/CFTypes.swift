// The Core Foundation names CoreText code spells. Core Foundation's types are toll-free
// bridged to Foundation's on Apple; here they are Foundation's types themselves, so the
// casts a port writes (`as CFString`, `as! [CTRun]`, `as NSDictionary`,
// `as CFAttributedString`, `url as CFURL`) work unchanged.

/// An index into a Core Foundation collection or string (UTF-16 units for strings).
public typealias CFIndex = Int

/// An immutable array, as Core Foundation's `CFArray`: Foundation's `NSArray`, so
/// `CTLineGetGlyphRuns(line) as! [CTRun]` works as on Apple.
public typealias CFArray = NSArray

/// An immutable dictionary, as Core Foundation's `CFDictionary`: Foundation's `NSDictionary`.
public typealias CFDictionary = NSDictionary

/// An attributed string, as Core Foundation's `CFAttributedString`: Foundation's
/// `NSAttributedString`.
public typealias CFAttributedString = NSAttributedString

/// An error, as Core Foundation's `CFError`: Foundation's `NSError` (they are toll-free
/// bridged on Apple; `Unmanaged<CFError>` takes one).
public typealias CFError = NSError

/// A URL, as Core Foundation's `CFURL`: Foundation's `NSURL` (`url as CFURL`).
public typealias CFURL = NSURL

/// Bytes, as Core Foundation's `CFData`: Foundation's `NSData` (`data as CFData`).
public typealias CFData = NSData

/// A range of a Core Foundation string or collection: `location` and `length` in its units.
public struct CFRange: Sendable, Hashable {
  /// The first index.
  public var location: CFIndex
  /// How many units.
  public var length: CFIndex

  /// The empty range at 0.
  public init() {
    location = 0
    length = 0
  }

  /// The range of `length` units from `location`.
  public init(location: CFIndex, length: CFIndex) {
    self.location = location
    self.length = length
  }
}

/// The range of `len` units from `loc`, as Core Foundation's `CFRangeMake`.
public func CFRangeMake(_ loc: CFIndex, _ len: CFIndex) -> CFRange {
  CFRange(location: loc, length: len)
}
