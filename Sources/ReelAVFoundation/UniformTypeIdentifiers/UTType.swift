/// A file type, as UniformTypeIdentifiers' `UTType`: the image, movie and audio types media
/// code names, with their filename extensions and MIME types.
///
/// Apple's types come from the system's type database; Reel's from a fixed table of the types
/// its readers and writers meet (``knownTypes``). So `UTType(_:)` and
/// `UTType(filenameExtension:)` answer nil for a type or extension outside the table, where
/// Apple would make a dynamic (`dyn.…`) type for an unknown extension. An `AVFileType`'s raw
/// value is its type's identifier, so `UTType(AVFileType.mov.rawValue)` is `.quickTimeMovie`.
public struct UTType: Hashable, Sendable, CustomStringConvertible {
  /// The type's identifier (`"com.compuserve.gif"`).
  public let identifier: String

  /// The type with `identifier`, or nil when Reel's table does not hold it.
  public init?(_ identifier: String) {
    guard Self.entry(identifier) != nil else { return nil }
    self.identifier = identifier
  }

  /// The type whose filename extension is `filenameExtension` (any case, without the dot)
  /// and that conforms to `supertype`, or nil when no type in Reel's table has that
  /// extension (Apple makes a dynamic type there) or it does not conform.
  public init?(filenameExtension: String, conformingTo supertype: UTType = .data) {
    let wanted = filenameExtension.lowercased()
    guard
      let found = Self.knownTypes.first(where: { $0.extensions.contains(wanted) }),
      UTType(known: found.identifier).conforms(to: supertype)
    else { return nil }
    identifier = found.identifier
  }

  /// The type whose MIME type is `mimeType` (any case), or nil outside Reel's table.
  public init?(mimeType: String, conformingTo supertype: UTType = .data) {
    let wanted = mimeType.lowercased()
    guard let found = Self.knownTypes.first(where: { $0.mimeTypes.contains(wanted) }),
      UTType(known: found.identifier).conforms(to: supertype)
    else { return nil }
    identifier = found.identifier
  }

  private init(known identifier: String) { self.identifier = identifier }

  /// The extension files of this type usually have (`"mov"`), nil for abstract types
  /// (`.movie`).
  public var preferredFilenameExtension: String? { Self.entry(identifier)?.extensions.first }
  /// The MIME type of this type (`"video/quicktime"`), nil for abstract types.
  public var preferredMIMEType: String? { Self.entry(identifier)?.mimeTypes.first }
  /// Whether the type is this one or one of its supertypes.
  public func conforms(to type: UTType) -> Bool {
    var current: String? = identifier
    while let name = current {
      if name == type.identifier { return true }
      current = Self.entry(name)?.parent
    }
    return false
  }
  /// Whether `type` conforms to this type.
  public func isSupertype(of type: UTType) -> Bool { type.conforms(to: self) }
  /// Whether this type conforms to `type`.
  public func isSubtype(of type: UTType) -> Bool { conforms(to: type) }
  /// The identifier.
  public var description: String { identifier }

  public static let data = UTType(known: "public.data")
  public static let content = UTType(known: "public.content")
  public static let image = UTType(known: "public.image")
  public static let audiovisualContent = UTType(known: "public.audiovisual-content")
  public static let movie = UTType(known: "public.movie")
  public static let video = UTType(known: "public.video")
  public static let audio = UTType(known: "public.audio")
  public static let png = UTType(known: "public.png")
  public static let jpeg = UTType(known: "public.jpeg")
  public static let gif = UTType(known: "com.compuserve.gif")
  public static let heic = UTType(known: "public.heic")
  public static let tiff = UTType(known: "public.tiff")
  public static let webP = UTType(known: "org.webmproject.webp")
  public static let mpeg4Movie = UTType(known: "public.mpeg-4")
  public static let quickTimeMovie = UTType(known: "com.apple.quicktime-movie")
  public static let appleProtectedMPEG4Video = UTType(known: "com.apple.protected-mpeg-4-video")
  public static let mpeg4Audio = UTType(known: "public.mpeg-4-audio")
  public static let wav = UTType(known: "com.microsoft.waveform-audio")
  public static let aiff = UTType(known: "public.aiff-audio")
  public static let mp3 = UTType(known: "public.mp3")

  /// One row of Reel's type table: extensions and MIME types, preferred first.
  struct Entry: Sendable {
    let identifier: String
    let extensions: [String]
    let mimeTypes: [String]
    let parent: String?
  }

  /// The types Reel knows (Apple's identifiers, extensions and MIME types).
  static let knownTypes: [Entry] = [
    Entry(identifier: "public.data", extensions: [], mimeTypes: [], parent: nil),
    Entry(identifier: "public.content", extensions: [], mimeTypes: [], parent: "public.data"),
    Entry(identifier: "public.image", extensions: [], mimeTypes: [], parent: "public.content"),
    Entry(
      identifier: "public.audiovisual-content", extensions: [], mimeTypes: [],
      parent: "public.content"),
    Entry(
      identifier: "public.movie", extensions: [], mimeTypes: [],
      parent: "public.audiovisual-content"),
    Entry(identifier: "public.video", extensions: [], mimeTypes: [], parent: "public.movie"),
    Entry(
      identifier: "public.audio", extensions: [], mimeTypes: [],
      parent: "public.audiovisual-content"),
    Entry(
      identifier: "public.png", extensions: ["png"], mimeTypes: ["image/png"],
      parent: "public.image"),
    Entry(
      identifier: "public.jpeg", extensions: ["jpeg", "jpg", "jpe"], mimeTypes: ["image/jpeg"],
      parent: "public.image"),
    Entry(
      identifier: "com.compuserve.gif", extensions: ["gif"], mimeTypes: ["image/gif"],
      parent: "public.image"),
    Entry(
      identifier: "public.heic", extensions: ["heic"], mimeTypes: ["image/heic"],
      parent: "public.image"),
    Entry(
      identifier: "public.tiff", extensions: ["tiff", "tif"], mimeTypes: ["image/tiff"],
      parent: "public.image"),
    Entry(
      identifier: "org.webmproject.webp", extensions: ["webp"], mimeTypes: ["image/webp"],
      parent: "public.image"),
    Entry(
      identifier: "public.mpeg-4", extensions: ["mp4", "mpeg4"], mimeTypes: ["video/mp4"],
      parent: "public.movie"),
    Entry(
      identifier: "com.apple.quicktime-movie", extensions: ["mov", "qt"],
      mimeTypes: ["video/quicktime"], parent: "public.movie"),
    Entry(
      identifier: "com.apple.m4v-video", extensions: ["m4v"], mimeTypes: ["video/x-m4v"],
      parent: "public.movie"),
    Entry(
      identifier: "com.apple.protected-mpeg-4-video", extensions: [], mimeTypes: [],
      parent: "public.movie"),
    Entry(
      identifier: "public.mpeg-4-audio", extensions: ["m4a"], mimeTypes: ["audio/mp4"],
      parent: "public.audio"),
    Entry(
      identifier: "com.apple.m4a-audio", extensions: ["m4a"], mimeTypes: ["audio/x-m4a"],
      parent: "public.audio"),
    Entry(
      identifier: "com.microsoft.waveform-audio", extensions: ["wav", "wave"],
      mimeTypes: ["audio/vnd.wave", "audio/wav"], parent: "public.audio"),
    Entry(
      identifier: "public.aiff-audio", extensions: ["aiff", "aif"], mimeTypes: ["audio/aiff"],
      parent: "public.audio"),
    Entry(
      identifier: "public.mp3", extensions: ["mp3"], mimeTypes: ["audio/mpeg"],
      parent: "public.audio"),
  ]

  private static func entry(_ identifier: String) -> Entry? {
    knownTypes.first { $0.identifier == identifier }
  }
}
