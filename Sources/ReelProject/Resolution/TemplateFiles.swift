import Foundation
import Reel
import ReelFilters

/// Why a file a template names cannot be used: the message of one problem (the resolver adds
/// the JSON path and position).
struct TemplateFileProblem: Error {
  var message: String
}

/// The resolution stage: every file a template names is resolved, opened, probed or decoded
/// here, once per load — media (probed, decoders checked), images (decoded within the
/// image-pixel budget), subtitle files (size-checked and parsed) and fonts (checked). The
/// results are kept, so a file named twice is opened once, and ``mediaFiles`` lists every
/// file in the order first named.
///
/// One per load; not shared between threads. Loads of one template in a batch also share a
/// ``TemplateFileCache``, so each file is probed or decoded once per batch.
final class TemplateFiles {
  /// The folder relative paths resolve against (absolute, with `.` and `..` resolved).
  let folder: String
  /// The budgets: decoded image pixels, subtitle file sizes.
  let limits: ResourceLimits
  /// Absolute paths of every file named, in the order first named, without duplicates.
  private(set) var mediaFiles: [String] = []
  private var assets: [String: Asset] = [:]
  private var images: [String: DecodedImage] = [:]
  private var cubes: [String: ColorCube] = [:]
  /// Decoded image pixels held so far (frames × width × height over every image file).
  private var imagePixels = 0
  /// What this load shares with other loads of the template, if any.
  private let shared: TemplateFileCache?

  /// Files for the template at `templateFile` (relative to the current directory, or
  /// absolute), sharing probes and decoded files through `shared` when given.
  init(templateFile: String, limits: ResourceLimits, shared: TemplateFileCache? = nil) {
    self.limits = limits
    self.shared = shared
    let absolute =
      templateFile.hasPrefix("/")
      ? templateFile : FileManager.default.currentDirectoryPath + "/" + templateFile
    folder = Self.resolvingDots(URL(fileURLWithPath: absolute).deletingLastPathComponent().path)
  }

  // MARK: Paths

  /// Resolves a path against the template's folder and records it.
  func resolve(_ relative: String) -> String {
    let absolute = relative.hasPrefix("/") ? relative : folder + "/" + relative
    let resolved = Self.resolvingDots(absolute)
    if !mediaFiles.contains(resolved) { mediaFiles.append(resolved) }
    return resolved
  }

  /// `path` with its `.` components removed and each `..` applied to the component before
  /// it; everything else, doubled slashes included, is kept as written, so messages show
  /// the path as given (`standardizedFileURL` would turn `http://x` into `http:/x`).
  static func resolvingDots(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: false) {
      if part == "." { continue }
      if part == "..", let last = parts.last, !last.isEmpty, last != ".." {
        parts.removeLast()
        continue
      }
      parts.append(part)
    }
    let joined = parts.joined(separator: "/")
    return joined.isEmpty && path.hasPrefix("/") ? "/" : joined
  }

  /// The resolved path of `text`, which must name an existing file (not a folder).
  func existingFile(_ text: String) throws(TemplateFileProblem) -> String {
    guard !text.isEmpty else {
      throw TemplateFileProblem(message: "expected a file path, got an empty string")
    }
    let resolved = resolve(text)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory) else {
      throw TemplateFileProblem(message: "file not found: \(resolved)")
    }
    guard !isDirectory.boolValue else {
      throw TemplateFileProblem(message: "is a folder, not a file: \(resolved)")
    }
    return resolved
  }

  // MARK: Media

  /// The media file `text` names, probed, with the decoders of its first video and audio
  /// tracks opened (what a render will decode must open now, so validate reports it).
  func asset(_ text: String) throws(TemplateFileProblem) -> Asset {
    let resolved = try existingFile(text)
    if let cached = assets[resolved] { return cached }
    func probe() throws(TemplateFileProblem) -> Asset {
      do {
        let asset = try Asset(path: resolved)
        try asset.checkDecoders()
        return asset
      } catch {
        throw TemplateFileProblem(message: error.description)
      }
    }
    let asset: Asset
    if let shared { asset = try shared.asset(resolved, make: probe) } else { asset = try probe() }
    assets[resolved] = asset
    return asset
  }

  /// Opens the decoders of `tracks` of `asset` (a segment may name a track other than the
  /// first of its kind).
  func checkDecoders(of asset: Asset, for tracks: [TrackInfo]) throws(TemplateFileProblem) {
    do {
      try asset.checkDecoders(for: tracks)
    } catch {
      throw TemplateFileProblem(message: error.description)
    }
  }

  /// Checks that the part of `asset` that `used` reads is there (see
  /// `Asset.checkData(covers:)`): a file cut short is found before a render starts.
  func checkData(of asset: Asset, covers used: TimeRange) throws(TemplateFileProblem) {
    do {
      try asset.checkData(covers: used)
    } catch {
      throw TemplateFileProblem(message: error.description)
    }
  }

  // MARK: Images

  /// The image file `text` names, decoded within what is left of the image-pixel budget.
  func image(_ text: String) throws(TemplateFileProblem) -> DecodedImage {
    let resolved = try existingFile(text)
    if let cached = images[resolved] { return cached }
    let remaining = max(limits.maximumImagePixels - imagePixels, 0)
    let overBudget = TemplateFileProblem(
      message: "\(resolved): \(limits.imagePixelsExceeded().description)")
    func decode() throws(TemplateFileProblem) -> DecodedImage {
      do throws(MediaError) {
        return try ImageDecoder.decode(path: resolved, maximumTotalPixels: remaining)
      } catch  where ImageDecoder.isTotalPixelLimit(error) {
        throw overBudget
      } catch {
        throw TemplateFileProblem(message: error.description)
      }
    }
    let image: DecodedImage
    if let shared { image = try shared.image(resolved, make: decode) } else { image = try decode() }
    let pixels = image.frames.reduce(0) { $0 + $1.image.width * $1.image.height }
    // A shared image was decoded for another load: this load's budget still applies.
    guard pixels <= remaining else { throw overBudget }
    imagePixels += pixels
    images[resolved] = image
    return image
  }

  // MARK: Subtitles and fonts

  /// The subtitle file at `resolved` (an existing file), parsed; it is held to the
  /// template's size limit, since it is text parsed whole as the template is.
  func subtitles(_ resolved: String) throws(TemplateFileProblem) -> SubtitleParseResult {
    if let size = try? LocalFile.checkRegular(resolved) {
      do {
        try limits.checkTemplateSize(Int(size), of: "the subtitle file \(resolved)")
      } catch {
        throw TemplateFileProblem(message: error.description)
      }
    }
    do {
      return try SubtitleFile.load(path: resolved)
    } catch {
      throw TemplateFileProblem(message: error.description)
    }
  }

  /// The `.cube` lookup table `text` names, parsed; held to the template's size limit, since
  /// it is text parsed whole as the template is. Messages name the file as written and the
  /// line: `looks/teal.cube line 12: expected 3 numbers, found 2`.
  func cube(_ text: String) throws(TemplateFileProblem) -> ColorCube {
    let resolved = try existingFile(text)
    if let cached = cubes[resolved] { return cached }
    func read() throws(TemplateFileProblem) -> ColorCube { try readCube(text, resolved: resolved) }
    let cube: ColorCube
    if let shared { cube = try shared.cube(resolved, make: read) } else { cube = try read() }
    cubes[resolved] = cube
    return cube
  }

  private func readCube(_ text: String, resolved: String) throws(TemplateFileProblem)
    -> ColorCube
  {
    if let size = try? LocalFile.checkRegular(resolved) {
      do {
        try limits.checkTemplateSize(Int(size), of: "the .cube file \(text)")
      } catch {
        throw TemplateFileProblem(message: error.description)
      }
    }
    guard let data = FileManager.default.contents(atPath: resolved) else {
      throw TemplateFileProblem(message: "\(text) cannot be read")
    }
    guard data.count <= limits.maximumTemplateBytes else {
      throw TemplateFileProblem(
        message:
          "the .cube file \(text) grew beyond \(limits.maximumTemplateBytes) bytes while read")
    }
    guard let contents = String(data: data, encoding: .utf8) else {
      throw TemplateFileProblem(message: "\(text) is not a text file, so not a .cube lookup table")
    }
    do throws(CubeFileError) {
      return try CubeFile.parse(contents).cube
    } catch {
      throw TemplateFileProblem(
        message: "\(text)\(error.line > 0 ? " " : ": ")\(error.description)")
    }
  }

  /// Why the font file at `resolved` cannot be used (the text then falls back), or nil.
  func fontFileProblem(_ resolved: String) -> String? {
    FontLibrary.shared.problem(withFontFile: resolved).map { "\($0)" }
  }

  /// Whether a font family is installed.
  func isFamilyInstalled(_ family: String) -> Bool {
    FontLibrary.shared.isFamilyInstalled(family)
  }
}
