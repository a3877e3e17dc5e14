import Reel

/// The budget options of `render`, `frame` and `validate` (`--max-layers`, …): the one place
/// that names them, documents them, turns them into ``ResourceLimits`` and adds them to the
/// library's limit messages (which name only the ``ResourceLimits`` property).
enum LimitOptions {
  /// The `reel` option that sets `limit`.
  static func flag(_ limit: ResourceLimits.Limit) -> String {
    switch limit {
    case .rasterCache: return "--raster-cache"
    case .layerCount: return "--max-layers"
    case .templateSize: return "--max-template-size"
    case .imagePixels: return "--max-image-pixels"
    case .outputPixels: return "--max-work"
    }
  }

  /// The option with its value's name: `--max-layers N`, `--raster-cache BYTES`.
  static func usage(_ limit: ResourceLimits.Limit) -> String {
    "\(flag(limit)) \(limit.isBytes ? "BYTES" : "N")"
  }

  /// The commands that take `limit`'s option: `render` and `frame` take every one;
  /// `validate` takes those that are refusals (``ResourceLimits/Limit/isRefusal``), not the
  /// raster cache, a bound on what is kept.
  static func commands(taking limit: ResourceLimits.Limit) -> [String] {
    limit.isRefusal ? ["render", "frame", "validate"] : ["render", "frame"]
  }

  /// The limits `command` takes.
  static func budgets(for command: String) -> [ResourceLimits.Limit] {
    ResourceLimits.Limit.allCases.filter { commands(taking: $0).contains(command) }
  }

  /// `others` and the budget option names of `command`, for ``Arguments``.
  static func options(for command: String, adding others: Set<String>) -> Set<String> {
    others.union(budgets(for: command).map(flag))
  }

  /// The CLI cell of the budgets table in `docs/security.md` (`make schema`):
  /// `` `--max-layers N` (render, frame, validate) ``.
  static func documentation(_ limit: ResourceLimits.Limit) -> String {
    "`\(usage(limit))` (\(commands(taking: limit).joined(separator: ", ")))"
  }

  /// `line` (a message from the library) with the option that raises each limit it names
  /// (by ``ResourceLimits/Limit/qualifiedProperty``) added: `…; raise
  /// ResourceLimits.maximumLayerCount if this is intended (reel: --max-layers N)`.
  static func naming(_ line: String) -> String {
    let named = ResourceLimits.Limit.allCases.filter { line.contains($0.qualifiedProperty) }
    guard !named.isEmpty else { return line }
    return line + " (reel: " + named.map(usage).joined(separator: ", ") + ")"
  }

  /// The help lines of `command`'s budget options.
  static func help(for command: String) -> String {
    let defaults = ResourceLimits.default
    let lines = budgets(for: command).map { limit -> String in
      let value = describe(defaults[limit])
      let what: String
      switch limit {
      case .rasterCache: what = "Layer rasters kept between frames (\(value))"
      case .layerCount: what = "Layers at every depth, subtitle cues included (\(value))"
      case .templateSize: what = "Largest template file (\(value))"
      case .imagePixels: what = "Decoded image pixels, frames × width × height (\(value))"
      case .outputPixels: what = "Output pixels, frames × width × height (\(value): 10 min of 4K60)"
      }
      let option = usage(limit)
      return "  " + option + String(repeating: " ", count: max(1, 27 - option.count)) + what
    }
    return """
      Budgets (defaults in parentheses; K, M, G, T multiply by 1024; see docs/security.md):
      \(lines.joined(separator: "\n"))
      """
  }

  /// The limits given on the command line over the defaults.
  ///
  /// - Throws: ``CommandFailure/usage(_:)`` for a value that is not a whole number ≥ 0
  ///   (≥ 1 for counts), optionally with a K/M/G/T suffix.
  static func parse(_ parsed: Arguments, command: String) throws(CommandFailure) -> ResourceLimits {
    var limits = ResourceLimits.default
    for limit in budgets(for: command) {
      guard let text = parsed.value(flag(limit)) else { continue }
      guard let value = quantity(text), value >= limit.minimum else {
        throw .usage(
          "\(command): \(flag(limit)) needs a whole number such as \(describe(ResourceLimits.default[limit])) (K, M, G, T multiply by 1024; got '\(text)')"
        )
      }
      limits[limit] = value
    }
    return limits
  }

  /// `16M` → 16,777,216; nil for anything but digits with an optional K/M/G/T suffix, or a
  /// value that does not fit in an `Int`.
  static func quantity(_ text: String) -> Int? {
    var digits = Substring(text)
    var shift = 0
    // Only ASCII letters are suffixes (`"ß".uppercased()` is two characters).
    if let last = digits.last, last.isASCII,
      let index = "KMGT".firstIndex(of: Character(last.uppercased()))
    {
      shift = 10 * ("KMGT".distance(from: "KMGT".startIndex, to: index) + 1)
      digits = digits.dropLast()
    }
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let value = Int(digits), value >= 0
    else { return nil }
    let (result, overflow) = value.multipliedReportingOverflow(by: 1 << shift)
    return overflow ? nil : result
  }

  /// A default for help text: `512M` for small whole multiples, else the plain number.
  private static func describe(_ value: Int) -> String {
    for (suffix, shift) in [("G", 30), ("M", 20), ("K", 10)]
    where value >= 1 << shift && value % (1 << shift) == 0 && value >> shift < 10_000 {
      return "\(value >> shift)\(suffix)"
    }
    return String(value)
  }
}
