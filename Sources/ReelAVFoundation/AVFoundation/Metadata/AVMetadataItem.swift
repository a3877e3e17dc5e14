/// A metadata key, as AVFoundation's `AVMetadataKey` (Apple's raw values).
public struct AVMetadataKey: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }

  public static let commonKeyTitle = AVMetadataKey("title")
  public static let commonKeyCreator = AVMetadataKey("creator")
  public static let commonKeySubject = AVMetadataKey("subject")
  public static let commonKeyDescription = AVMetadataKey("description")
  public static let commonKeyPublisher = AVMetadataKey("publisher")
  public static let commonKeyCreationDate = AVMetadataKey("creationDate")
  public static let commonKeyLocation = AVMetadataKey("location")
  public static let commonKeyArtist = AVMetadataKey("artist")
  public static let commonKeyAuthor = AVMetadataKey("author")
  public static let commonKeyAlbumName = AVMetadataKey("albumName")
  public static let commonKeyCopyrights = AVMetadataKey("copyrights")
  public static let commonKeySoftware = AVMetadataKey("software")
  public static let commonKeyMake = AVMetadataKey("make")
  public static let commonKeyModel = AVMetadataKey("model")
}

/// A metadata key space, as AVFoundation's `AVMetadataKeySpace` (Apple's raw values).
public struct AVMetadataKeySpace: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }

  public static let common = AVMetadataKeySpace("comn")
  public static let quickTimeMetadata = AVMetadataKeySpace("mdta")
  public static let quickTimeUserData = AVMetadataKeySpace("udta")
  public static let iTunes = AVMetadataKeySpace("itsk")
}

/// A key space and key together, as AVFoundation's `AVMetadataIdentifier` (Apple's raw
/// values: `"common/title"`, `"mdta/com.apple.quicktime.title"`, …).
public struct AVMetadataIdentifier: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }

  public static let commonIdentifierTitle = AVMetadataIdentifier("common/title")
  public static let commonIdentifierCreator = AVMetadataIdentifier("common/creator")
  public static let commonIdentifierDescription = AVMetadataIdentifier("common/description")
  public static let commonIdentifierCreationDate = AVMetadataIdentifier("common/creationDate")
  public static let commonIdentifierArtist = AVMetadataIdentifier("common/artist")
  public static let commonIdentifierAuthor = AVMetadataIdentifier("common/author")
  public static let commonIdentifierAlbumName = AVMetadataIdentifier("common/albumName")
  public static let commonIdentifierCopyrights = AVMetadataIdentifier("common/copyrights")
  public static let commonIdentifierSoftware = AVMetadataIdentifier("common/software")
  public static let quickTimeMetadataTitle = AVMetadataIdentifier("mdta/com.apple.quicktime.title")
  public static let quickTimeMetadataDescription = AVMetadataIdentifier(
    "mdta/com.apple.quicktime.description")
  public static let quickTimeMetadataCreationDate = AVMetadataIdentifier(
    "mdta/com.apple.quicktime.creationdate")
  public static let quickTimeMetadataArtist = AVMetadataIdentifier(
    "mdta/com.apple.quicktime.artist")
  public static let quickTimeMetadataAuthor = AVMetadataIdentifier(
    "mdta/com.apple.quicktime.author")
  public static let quickTimeMetadataCopyright = AVMetadataIdentifier(
    "mdta/com.apple.quicktime.copyright")
  public static let quickTimeMetadataSoftware = AVMetadataIdentifier(
    "mdta/com.apple.quicktime.software")
}

/// One metadata value, as AVFoundation's `AVMetadataItem`: what it is (an identifier, or a
/// key in a key space) and its value (a string, number, date or data).
open class AVMetadataItem: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
  var storedIdentifier: AVMetadataIdentifier?
  var storedKey: (any NSCopying & NSObjectProtocol)?
  var storedKeySpace: AVMetadataKeySpace?
  var storedValue: (any NSCopying & NSObjectProtocol)?
  var storedLanguageTag: String?

  public override init() { super.init() }

  /// The key space and key, as one identifier.
  open var identifier: AVMetadataIdentifier? {
    if let storedIdentifier { return storedIdentifier }
    guard let space = storedKeySpace, let key = storedKey as? NSString else { return nil }
    return AVMetadataIdentifier("\(space.rawValue)/\(key)")
  }
  /// The key within its key space.
  open var key: (any NSCopying & NSObjectProtocol)? {
    if let storedKey { return storedKey }
    return storedIdentifier.flatMap { $0.rawValue.split(separator: "/", maxSplits: 1).last }
      .map { String($0) as NSString }
  }
  /// The key space.
  open var keySpace: AVMetadataKeySpace? {
    if let storedKeySpace { return storedKeySpace }
    return storedIdentifier.flatMap { $0.rawValue.split(separator: "/", maxSplits: 1).first }
      .map { AVMetadataKeySpace(String($0)) }
  }
  /// The common key the item stands for, when it is one of them.
  open var commonKey: AVMetadataKey? { MetadataTags.commonKey(of: self) }
  /// The value.
  open var value: (any NSCopying & NSObjectProtocol)? { storedValue }
  /// The value as a string (a string, or a number's or date's description).
  open var stringValue: String? {
    switch storedValue {
    case let string as NSString: return string as String
    case let number as NSNumber: return number.stringValue
    case let date as NSDate: return ISO8601DateFormatter().string(from: date as Date)
    default: return nil
    }
  }
  /// The value as a number.
  open var numberValue: NSNumber? { storedValue as? NSNumber }
  /// The value as a date (a date, or an ISO 8601 string).
  open var dateValue: Date? {
    if let date = storedValue as? NSDate { return date as Date }
    if let string = storedValue as? NSString {
      return ISO8601DateFormatter().date(from: string as String)
    }
    return nil
  }
  /// The value's language (BCP 47).
  open var extendedLanguageTag: String? { storedLanguageTag }

  /// An immutable copy.
  open func copy(with zone: NSZone? = nil) -> Any { duplicate(into: AVMetadataItem()) }
  /// A mutable copy, an ``AVMutableMetadataItem``.
  open func mutableCopy(with zone: NSZone? = nil) -> Any {
    duplicate(into: AVMutableMetadataItem())
  }

  private func duplicate<Made: AVMetadataItem>(into made: Made) -> Made {
    made.storedIdentifier = storedIdentifier
    made.storedKey = storedKey
    made.storedKeySpace = storedKeySpace
    made.storedValue = storedValue
    made.storedLanguageTag = storedLanguageTag
    return made
  }
}

/// A metadata item a program fills in, as AVFoundation's `AVMutableMetadataItem`.
open class AVMutableMetadataItem: AVMetadataItem, @unchecked Sendable {
  public override init() { super.init() }

  /// A new, empty item (Apple's `metadataItem()`).
  open class func metadataItem() -> AVMutableMetadataItem { AVMutableMetadataItem() }

  open override var identifier: AVMetadataIdentifier? {
    get { super.identifier }
    set { storedIdentifier = newValue }
  }
  open override var key: (any NSCopying & NSObjectProtocol)? {
    get { super.key }
    set { storedKey = newValue }
  }
  open override var keySpace: AVMetadataKeySpace? {
    get { super.keySpace }
    set { storedKeySpace = newValue }
  }
  open override var value: (any NSCopying & NSObjectProtocol)? {
    get { super.value }
    set { storedValue = newValue }
  }
  open override var extendedLanguageTag: String? {
    get { super.extendedLanguageTag }
    set { storedLanguageTag = newValue }
  }
}

/// Apple's metadata items as the container tags FFmpeg's MP4 / QuickTime muxer writes.
enum MetadataTags {
  /// The common key an item stands for, from its identifier's key (common or QuickTime).
  static func commonKey(of item: AVMetadataItem) -> AVMetadataKey? {
    guard let raw = item.identifier?.rawValue else { return nil }
    let key = raw.split(separator: "/", maxSplits: 1).last.map(String.init) ?? raw
    let name = key.hasPrefix("com.apple.quicktime.") ? String(key.dropFirst(20)) : key
    switch name.lowercased() {
    case "title": return .commonKeyTitle
    case "creator": return .commonKeyCreator
    case "description": return .commonKeyDescription
    case "creationdate": return .commonKeyCreationDate
    case "artist": return .commonKeyArtist
    case "author": return .commonKeyAuthor
    case "albumname", "album": return .commonKeyAlbumName
    case "copyrights", "copyright": return .commonKeyCopyrights
    case "software": return .commonKeySoftware
    default: return nil
    }
  }

  /// The tags for `items`: title, artist (artist, creator, author), description, album,
  /// copyright, encoder (software) and `creation_time` (the creation date, ISO 8601 in UTC);
  /// other items are left out with a warning naming them.
  static func tags(for items: [AVMetadataItem]) -> [String: String] {
    var tags: [String: String] = [:]
    for item in items {
      let name = item.identifier?.rawValue ?? "an item without an identifier"
      guard let key = commonKey(of: item) else {
        CompatWarnings.warnOnce(
          key: "metadata|\(name)",
          "AVAssetExportSession.metadata: \(name) is not written (Reel writes title, artist, creator, author, description, album name, copyrights, software and creation date)"
        )
        continue
      }
      if key == .commonKeyCreationDate {
        guard let date = item.dateValue else {
          CompatWarnings.warnOnce(
            key: "metadata-date|\(name)",
            "AVAssetExportSession.metadata: \(name) is not a date or an ISO 8601 string; not written"
          )
          continue
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        tags["creation_time"] = formatter.string(from: date)
        continue
      }
      guard let text = item.stringValue else {
        CompatWarnings.warnOnce(
          key: "metadata-value|\(name)",
          "AVAssetExportSession.metadata: \(name)'s value is not text; not written")
        continue
      }
      let tag: String =
        switch key {
        case .commonKeyTitle: "title"
        case .commonKeyArtist, .commonKeyCreator, .commonKeyAuthor: "artist"
        case .commonKeyDescription: "description"
        case .commonKeyAlbumName: "album"
        case .commonKeyCopyrights: "copyright"
        case .commonKeySoftware: "encoder"
        default: key.rawValue
        }
      tags[tag] = text
    }
    return tags
  }
}
