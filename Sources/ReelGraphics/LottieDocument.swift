import Foundation
import ReelCore

/// A Lottie (Bodymovin) animation's JSON, checked and made self-contained before rlottie sees
/// it: the text rlottie parses refers to no file, and its sizes are bounded.
///
/// rlottie is native code that trusts its input: it would read any file an image asset names,
/// recurse forever on a precomposition that contains itself, and spend unbounded time on a
/// repeater of a billion copies. So the JSON is parsed here first (Reel's own strict reader,
/// ``JSONValue``, within ``Limits/maximumBytes``, keys written twice refused) and walked:
/// - the root must say its frame rate (`fr`, 1…240), frames (`ip` < `op`, at most
///   ``Limits/maximumFrames``) and size (`w`, `h`, 1…``PixelLimits/maximumCanvasSide``);
/// - layers are counted with every use of a precomposition expanded (at most
///   ``Limits/maximumLayers``), and a precomposition that reaches itself is refused;
/// - repeaters make at most ``maximumRepeaterCopies`` copies, dashes are at least
///   ``minimumDashLength`` long, path vertex lists (`v`, `i`, `o`) have equal lengths;
/// - image assets are embedded: a `data:` URL stays (PNG or JPEG, its size within
///   ``Limits/maximumImagePixels``); a file name is read by the caller's `readFile` (Reel's
///   regular-file rule) and embedded the same way; rlottie is given an empty resource path.
/// The result is written back as JSON text (``json``), which is what rlottie parses, its
/// members in the order the file wrote them: rlottie's parser reads them in order and skips a
/// shape's members written before its `ty` (a rectangle's size, a fill's colour), so a writer that reorders keys (Foundation's
/// `JSONSerialization` writes a dictionary's order, which changes from run to run) would make
/// frames come out differently from one process to the next.
public struct LottieDocument: Sendable {
  /// Bounds on what one animation may ask for.
  public struct Limits: Sendable {
    /// The JSON's size in bytes.
    public var maximumBytes: Int
    /// Layers, with every use of a precomposition counted.
    public var maximumLayers: Int
    /// Frames of the animation's timeline (`op - ip`).
    public var maximumFrames: Int
    /// Pixels of one embedded image (width × height).
    public var maximumImagePixels: Int

    /// Makes limits.
    public init(maximumBytes: Int, maximumLayers: Int, maximumFrames: Int, maximumImagePixels: Int)
    {
      self.maximumBytes = maximumBytes
      self.maximumLayers = maximumLayers
      self.maximumFrames = maximumFrames
      self.maximumImagePixels = maximumImagePixels
    }
  }

  /// The most copies one repeater may make (After Effects' own slider stops at 100).
  public static let maximumRepeaterCopies = 1000
  /// The shortest dash or gap, in the animation's pixels (shorter ones make a path of
  /// millions of pieces).
  public static let minimumDashLength = 0.1
  /// The deepest nesting of precompositions.
  public static let maximumPrecompositionDepth = 32

  /// The checked, self-contained JSON text.
  public let json: String
  /// The animation's size, in its pixels.
  public let width: Int
  public let height: Int
  /// Frames per second of its timeline.
  public let frameRate: Double
  /// Its first frame (`ip`) and the frame after its last (`op`).
  public let inPoint: Double
  public let outPoint: Double

  /// The number of frames (`op - ip`, rounded down, at least 1).
  public var frameCount: Int { max(1, Int((outPoint - inPoint).rounded(.down))) }

  /// Checks a Lottie JSON and embeds the images it names.
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - limits: Bounds on its size and content.
  ///   - readFile: Reads an image file an asset names (its `u` folder joined with its `p`
  ///     name, relative to the Lottie file's folder), or throws ``LottieError`` why not.
  /// - Throws: ``LottieError`` naming what is wrong and where.
  public init(
    data: Data, limits: Limits, readFile: (String) throws(LottieError) -> Data
  ) throws(LottieError) {
    guard data.count <= limits.maximumBytes else {
      throw .tooLarge(what: "the file", size: data.count, maximum: limits.maximumBytes)
    }
    // One parse, in the order written: the checks below see exactly what rlottie is given,
    // and rlottie reads members in order (a shape's members before its `ty` are skipped).
    var root: JSONValue
    do {
      root = try JSONValue(
        parsing: [UInt8](data), maximumDepth: LottieDocument.maximumNesting)
    } catch {
      throw .invalid(path: "", reason: "not JSON (\(error.description))")
    }
    guard root.isObject else {
      throw .invalid(path: "", reason: "the top level is not an object")
    }
    let frameRate = try Self.number(root, "fr", in: 1...240, at: "")
    let inPoint = try Self.number(root, "ip", in: -1e7...1e7, at: "")
    let outPoint = try Self.number(root, "op", in: -1e7...1e7, at: "")
    guard outPoint > inPoint else {
      throw .invalid(path: "op", reason: "the last frame (op) must come after the first (ip)")
    }
    guard outPoint - inPoint <= Double(limits.maximumFrames) else {
      throw .tooLarge(
        what: "the timeline (frames)", size: Int(outPoint - inPoint),
        maximum: limits.maximumFrames)
    }
    let side = Double(PixelLimits.maximumCanvasSide)
    let width = Int(try Self.number(root, "w", in: 1...side, at: ""))
    let height = Int(try Self.number(root, "h", in: 1...side, at: ""))

    var checker = Checker(limits: limits)
    // Assets: precompositions by id (checked with their layers), images embedded.
    if let assetsValue = root["assets"] {
      guard var assets = assetsValue.elements else {
        throw .invalid(path: "assets", reason: "not an array")
      }
      var precompositions: [String: [JSONValue]] = [:]
      for index in assets.indices {
        let path = "assets[\(index)]"
        let asset = assets[index]
        guard asset.isObject else { throw .invalid(path: path, reason: "not an object") }
        if let layers = asset["layers"] {
          guard let layers = layers.elements, let id = asset["id"]?.stringValue else {
            throw .invalid(path: path, reason: "a precomposition needs an id and a layers array")
          }
          guard precompositions[id] == nil else {
            throw .invalid(path: "\(path).id", reason: "a second precomposition \"\(id)\"")
          }
          precompositions[id] = layers
        } else if asset["p"] != nil {
          assets[index] = try checker.embedImage(asset, at: path, readFile: readFile)
        }
      }
      root = root.replacing("assets", with: .array(assets))
      checker.precompositions = precompositions
    }
    guard let layers = root["layers"]?.elements else {
      throw .invalid(path: "layers", reason: "missing, or not an array")
    }
    try checker.countLayers(layers, at: "layers", depth: 0, visiting: [])
    try checker.walk(root, at: "")

    self.json = root.serialized()
    self.width = width
    self.height = height
    self.frameRate = frameRate
    self.inPoint = inPoint
    self.outPoint = outPoint
  }

  /// The deepest nesting of JSON arrays and objects read (Bodymovin's files nest a few dozen
  /// levels; rlottie's parser recurses once per level).
  public static let maximumNesting = 256

  /// A number member within bounds.
  static func number(
    _ object: JSONValue, _ key: String, in range: ClosedRange<Double>, at path: String
  ) throws(LottieError) -> Double {
    let where_ = path.isEmpty ? key : "\(path).\(key)"
    guard let number = object[key]?.numberValue else {
      throw .invalid(path: where_, reason: "missing, or not a number")
    }
    guard number.isFinite, range.contains(number) else {
      throw .invalid(
        path: where_,
        reason:
          "\(ReadableNumber.string(number)) is outside \(ReadableNumber.string(range.lowerBound))…\(ReadableNumber.string(range.upperBound))"
      )
    }
    return number
  }
}

extension JSONValue {
  /// The object with member `key`'s value replaced in place (appended when missing); other
  /// values unchanged.
  fileprivate func replacing(_ key: String, with value: JSONValue) -> JSONValue {
    guard case .object(var members) = self else { return self }
    if let index = members.firstIndex(where: { $0.0 == key }) {
      members[index].1 = value
    } else {
      members.append((key, value))
    }
    return .object(members)
  }
}

/// The walk over a Lottie JSON's content (``LottieDocument``'s checks).
private struct Checker {
  let limits: LottieDocument.Limits
  var precompositions: [String: [JSONValue]] = [:]
  var layerCount = 0

  init(limits: LottieDocument.Limits) { self.limits = limits }

  /// Counts `layers` with every precomposition use expanded; refuses cycles and deep nesting.
  mutating func countLayers(
    _ layers: [JSONValue], at path: String, depth: Int, visiting: Set<String>
  ) throws(LottieError) {
    guard depth <= LottieDocument.maximumPrecompositionDepth else {
      throw .invalid(
        path: path,
        reason:
          "precompositions nest deeper than \(LottieDocument.maximumPrecompositionDepth) levels")
    }
    for (index, layer) in layers.enumerated() {
      let layerPath = "\(path)[\(index)]"
      guard layer.isObject else {
        throw .invalid(path: layerPath, reason: "a layer is not an object")
      }
      layerCount += 1
      guard layerCount <= limits.maximumLayers else {
        throw .tooLarge(
          what: "the layers (every precomposition use counted)", size: layerCount,
          maximum: limits.maximumLayers)
      }
      guard let reference = layer["refId"]?.stringValue, let inner = precompositions[reference]
      else { continue }
      guard !visiting.contains(reference) else {
        throw .invalid(
          path: "\(layerPath).refId", reason: "precomposition \"\(reference)\" contains itself")
      }
      try countLayers(
        inner, at: "precomposition \"\(reference)\" layers", depth: depth + 1,
        visiting: visiting.union([reference]))
    }
  }

  /// Checks every object: repeater copies, dash lengths, path vertex lists.
  func walk(_ value: JSONValue, at path: String) throws(LottieError) {
    if let array = value.elements {
      for (index, element) in array.enumerated() { try walk(element, at: "\(path)[\(index)]") }
      return
    }
    guard value.isObject else { return }
    let type = value["ty"]?.stringValue
    if type == "rp", let copies = value["c"], copies.isObject {
      for number in Self.numbers(in: copies["k"])
      where !(number.isFinite && abs(number) <= Double(LottieDocument.maximumRepeaterCopies)) {
        throw .invalid(
          path: "\(path).c",
          reason:
            "a repeater makes \(ReadableNumber.string(number)) copies; at most \(LottieDocument.maximumRepeaterCopies)"
        )
      }
    }
    if let dashes = value["d"]?.elements, type == "st" {
      for (index, dash) in dashes.enumerated() {
        guard let length = dash["v"], length.isObject, dash["n"]?.stringValue != "o" else {
          continue
        }
        for number in Self.numbers(in: length["k"])
        where !(number.isFinite && number >= LottieDocument.minimumDashLength) {
          throw .invalid(
            path: "\(path).d[\(index)]",
            reason:
              "a dash or gap of \(ReadableNumber.string(number)) px; at least \(ReadableNumber.string(LottieDocument.minimumDashLength))"
          )
        }
      }
    }
    if let vertices = value["v"]?.elements, let ins = value["i"]?.elements,
      let outs = value["o"]?.elements
    {
      guard vertices.count == ins.count, ins.count == outs.count else {
        throw .invalid(
          path: path,
          reason:
            "a path has \(vertices.count) vertices, \(ins.count) in-tangents and \(outs.count) out-tangents (they must be equal)"
        )
      }
      for point in vertices + ins + outs {
        guard let coordinates = point.elements, coordinates.count >= 2,
          coordinates.allSatisfy({ $0.numberValue != nil })
        else {
          throw .invalid(path: path, reason: "a path point is not two finite numbers")
        }
      }
    }
    for (key, member) in value.members {
      try walk(member, at: path.isEmpty ? key : "\(path).\(key)")
    }
  }

  /// Every number in a Lottie value (a number, an array of them, or keyframes holding them).
  static func numbers(in value: JSONValue?) -> [Double] {
    guard let value else { return [] }
    if let number = value.numberValue { return [number] }
    if let array = value.elements { return array.flatMap { numbers(in: $0) } }
    if value.isObject { return numbers(in: value["s"]) + numbers(in: value["e"]) }
    return []
  }

  /// An image asset with its picture as a `data:` URL (read through `readFile` when it names
  /// a file), its size checked.
  func embedImage(
    _ asset: JSONValue, at path: String, readFile: (String) throws(LottieError) -> Data
  ) throws(LottieError) -> JSONValue {
    guard let name = asset["p"]?.stringValue else {
      throw .invalid(path: "\(path).p", reason: "an image asset's p is not a string")
    }
    let bytes: Data
    if name.hasPrefix("data:") {
      guard let comma = name.firstIndex(of: ","), name[..<comma].hasSuffix(";base64"),
        let decoded = Data(base64Encoded: String(name[name.index(after: comma)...]))
      else {
        throw .invalid(path: "\(path).p", reason: "an embedded image is not a base64 data URL")
      }
      bytes = decoded
    } else {
      let folder = asset["u"]?.stringValue ?? ""
      bytes = try readFile(folder + name)
    }
    guard let size = ImageHeader.size(of: bytes) else {
      throw .invalid(path: "\(path).p", reason: "an image that is not PNG or JPEG")
    }
    let pixels = size.width.multipliedReportingOverflow(by: size.height)
    guard !pixels.overflow, pixels.partialValue <= limits.maximumImagePixels else {
      throw .tooLarge(
        what: "an image (\(size.width)×\(size.height) pixels)",
        size: pixels.overflow ? Int.max : pixels.partialValue, maximum: limits.maximumImagePixels)
    }
    let type = size.isPNG ? "png" : "jpeg"
    return
      asset
      .replacing("p", with: .string("data:image/\(type);base64," + bytes.base64EncodedString()))
      .replacing("u", with: .string("")).replacing("e", with: .number(1))
  }
}

/// The size a PNG or JPEG says it has, read from its header.
enum ImageHeader {
  static func size(of data: Data) -> (width: Int, height: Int, isPNG: Bool)? {
    let bytes = [UInt8](data.prefix(1 << 20))
    func big(_ at: Int, _ count: Int) -> Int? {
      guard at >= 0, at + count <= bytes.count else { return nil }
      return bytes[at..<at + count].reduce(0) { $0 << 8 | Int($1) }
    }
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
      let width = big(16, 4), let height = big(20, 4)
    {
      return (width, height, true)
    }
    guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
    var index = 2
    // Segments until a start-of-frame marker (C0…CF but C4, C8, CC), which holds the size.
    while index + 4 <= bytes.count {
      guard bytes[index] == 0xFF else { return nil }
      let marker = bytes[index + 1]
      if marker == 0xFF {
        index += 1
        continue
      }
      guard let length = big(index + 2, 2), length >= 2 else { return nil }
      if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
        guard let height = big(index + 5, 2), let width = big(index + 7, 2) else { return nil }
        return (width, height, false)
      }
      index += 2 + length
    }
    return nil
  }
}

/// Why a Lottie animation cannot be used.
public enum LottieError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The JSON is not a Lottie animation Reel accepts: where (a JSON path) and why.
  case invalid(path: String, reason: String)
  /// Something is larger than its limit.
  case tooLarge(what: String, size: Int, maximum: Int)
  /// An image file an asset names cannot be read.
  case unreadableImage(name: String, reason: String)
  /// The animation's own file cannot be read (the reason names it).
  case unreadable(reason: String)
  /// rlottie could not parse the checked JSON.
  case notParsed

  public var description: String {
    switch self {
    case .invalid(let path, let reason):
      path.isEmpty ? "not a Lottie animation Reel can play: \(reason)" : "\(path): \(reason)"
    case .tooLarge(let what, let size, let maximum):
      "\(what) is too large: \(size), at most \(maximum)"
    case .unreadableImage(let name, let reason):
      "the image \"\(name)\" cannot be read: \(reason)"
    case .unreadable(let reason): reason
    case .notParsed:
      "rlottie cannot read the animation (a shape or property it does not know?); export it again from Bodymovin"
    }
  }
}
