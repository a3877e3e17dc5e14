// Foundation and Dispatch names Apple code takes for granted that swift-corelibs-foundation
// lacks on Linux. Each is `@_disfavoredOverload`: should Foundation, Dispatch or Glibc gain
// the same name, theirs wins and this one steps aside, so the two can never clash.

/// Nanoseconds in a second, as Dispatch declares it on Apple (`UInt64`).
@_disfavoredOverload public let NSEC_PER_SEC: UInt64 = 1_000_000_000
/// Nanoseconds in a millisecond.
@_disfavoredOverload public let NSEC_PER_MSEC: UInt64 = 1_000_000
/// Nanoseconds in a microsecond.
@_disfavoredOverload public let NSEC_PER_USEC: UInt64 = 1_000
/// Microseconds in a second.
@_disfavoredOverload public let USEC_PER_SEC: UInt64 = 1_000_000

/// Runs `body` and returns what it returns, as Apple's `autoreleasepool(invoking:)`. Swift
/// on Linux has no autorelease pools (objects are freed when their last reference goes), so
/// there is nothing to drain: the memory a pool bounds on Apple is already bounded here.
///
/// - Parameter body: The work.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws.
@_disfavoredOverload
public func autoreleasepool<Result>(invoking body: () throws -> Result) rethrows -> Result {
  try body()
}

extension URL {
  /// The app's documents folder, as Apple's `URL.documentsDirectory`: on Linux, the folder
  /// `Documents` in the current working folder, created (with its parents) the first time it
  /// is asked for. (Foundation's `FileManager.default.urls(for: .documentDirectory, in:
  /// .userDomainMask)` is another place, `~/Documents`, as Foundation decides on Linux.)
  @_disfavoredOverload
  public static var documentsDirectory: URL { workingFolder("Documents") }

  /// The app's caches folder: `Library/Caches` in the current working folder, created on
  /// first use.
  @_disfavoredOverload
  public static var cachesDirectory: URL { workingFolder("Library/Caches") }

  /// The app's support folder: `Library/Application Support` in the current working
  /// folder, created on first use.
  @_disfavoredOverload
  public static var applicationSupportDirectory: URL {
    workingFolder("Library/Application Support")
  }

  /// The app's library folder: `Library` in the current working folder, created on first
  /// use.
  @_disfavoredOverload
  public static var libraryDirectory: URL { workingFolder("Library") }

  /// `relative` under the current working folder, made if missing (a failure to make it is
  /// a warning; writing there then fails with the system's reason, naming the path).
  private static func workingFolder(_ relative: String) -> URL {
    let folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
      .appendingPathComponent(relative, isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      CompatWarnings.warnOnce(
        key: "workingFolder|\(folder.path)",
        "URL.\(relative) stands for \(folder.path), which cannot be made: \(error.localizedDescription)"
      )
    }
    return folder
  }
}

extension NSValue {
  /// A value holding a reference to `anObject` without retaining it, as Apple's
  /// `NSValue(nonretainedObject:)` (swift-corelibs-foundation lacks it).
  ///
  /// A class instance is held by its address, unretained as on Apple (the caller keeps it
  /// alive). A Bool or number, which Apple bridges to an immortal `NSNumber` before taking
  /// its address, is held by value, so ``nonretainedObjectValue`` gives back an equal
  /// `NSNumber`; any other value (or nil) holds nothing.
  @_disfavoredOverload
  public convenience init(nonretainedObject anObject: Any?) {
    switch anObject {
    case let flag as Bool:
      var byte: Int8 = flag ? 1 : 0
      self.init(bytes: &byte, objCType: "c")
    case let integer as Int:
      var value = Int64(integer)
      self.init(bytes: &value, objCType: "q")
    case let real as Double:
      var value = real
      self.init(bytes: &value, objCType: "d")
    case .some(let value) where type(of: value) is AnyClass:
      var address = UInt(bitPattern: Unmanaged.passUnretained(value as AnyObject).toOpaque())
      self.init(bytes: &address, objCType: "@")
    default:
      var address: UInt = 0
      self.init(bytes: &address, objCType: "@")
    }
  }

  /// The object given to `NSValue(nonretainedObject:)` (a Bool or number as an `NSNumber`),
  /// or nil when the value holds none.
  @_disfavoredOverload
  public var nonretainedObjectValue: Any? {
    switch String(cString: objCType) {
    case "c":
      var byte: Int8 = 0
      getValue(&byte)
      return NSNumber(value: byte != 0)
    case "q":
      var value: Int64 = 0
      getValue(&value)
      return NSNumber(value: value)
    case "d":
      var value = 0.0
      getValue(&value)
      return NSNumber(value: value)
    case "@":
      var address: UInt = 0
      getValue(&address)
      guard let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
      return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
    default:
      return nil
    }
  }
}

extension NSObject {
  /// Announces that the value for `key` is about to change, as Apple's key-value observing
  /// (`willChangeValue(forKey:)`). swift-corelibs-foundation has no key-value observing: no
  /// observer can be registered on Linux, so there is nobody to notify and the call does
  /// nothing. Pair it with ``didChangeValue(forKey:)`` as on Apple.
  @_disfavoredOverload
  public func willChangeValue(forKey key: String) {}

  /// Announces that the value for `key` has changed (see ``willChangeValue(forKey:)``: with
  /// no key-value observing on Linux, nobody is notified).
  @_disfavoredOverload
  public func didChangeValue(forKey key: String) {}
}
