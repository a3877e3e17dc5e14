internal import ReelCore
internal import ReelFilters

/// A filter by name, as Core Image's `CIFilter`: parameters set by key, the output read as
/// ``outputImage``. The filters and their parameters are Reel's filter catalog
/// (docs/filters.md); a name Reel lacks gives nil, as on Apple for an unknown name, and a
/// warning naming it.
///
/// Open as on Apple: a subclass declares its own input properties and overrides
/// ``outputImage`` (usually applying a ``CIKernel``). Linux Swift has no Key-Value Coding:
/// ``setValue(_:forKey:)`` on a subclass cannot reach its stored properties, so it keeps the
/// value for ``value(forKey:)`` and warns; set the properties directly, or override
/// `setValue(_:forKey:)` (docs/avfoundation.md).
open class CIFilter: NSObject, @unchecked Sendable {
  /// The catalog entry of a built-in filter; nil for a subclass of the app's own.
  let descriptor: FilterDescriptor?
  private var values: [String: Any] = [:]

  /// A filter of the app's own: a subclass that overrides ``outputImage``.
  public override init() {
    descriptor = nil
    super.init()
  }

  /// Decoding a filter from an archive is not supported (Reel has no archives of filters):
  /// nil, as Apple's decoder gives for an archive it cannot read. Subclasses call it from
  /// their own `required init?(coder:)`.
  public required init?(coder: NSCoder) {
    CompatWarnings.warnOnce(
      key: "CIFilter.coder",
      "CIFilter(coder:) is nil: Reel does not decode filters from archives; make the filter with its initializer"
    )
    return nil
  }

  /// The filter Core Image calls `name` with its default parameters, or nil (and a warning)
  /// when Reel has no filter of that name.
  public init?(name: String) {
    guard let descriptor = FilterCatalog.filter(coreImageName: name) else {
      let known = FilterCatalog.all.map(\.coreImageName)
      let hint = Suggestion.nearest(to: name, among: known).map { " (did you mean \($0)?)" } ?? ""
      CompatWarnings.warnOnce(
        key: "CIFilter.\(name)",
        "CIFilter(name: \"\(name)\") is nil: Reel has no filter of that name\(hint); CIFilter.filterNames(inCategory: nil) lists the \(known.count) it has (docs/filters.md)"
      )
      return nil
    }
    self.descriptor = descriptor
    super.init()
  }

  /// The filter a catalog entry describes, with its default parameters.
  init(descriptor: FilterDescriptor) {
    self.descriptor = descriptor
    super.init()
  }

  /// The filter `name` with `parameters` set.
  public convenience init?(name: String, parameters: [String: Any]?) {
    self.init(name: name)
    for (key, value) in parameters ?? [:] { setValue(value, forKey: key) }
  }

  /// The filter `name` with `params` set (the older spelling).
  public convenience init?(name: String, withInputParameters params: [String: Any]?) {
    self.init(name: name, parameters: params)
  }

  /// Core Image's name of the filter (`CISepiaTone`); a subclass's class name.
  open var name: String { descriptor?.coreImageName ?? String(describing: type(of: self)) }

  /// The parameter keys (`inputImage`, `inputIntensity`, …); for a subclass, its stored
  /// properties whose names start with `input`.
  open var inputKeys: [String] {
    if let descriptor { return descriptor.parameters.map(\.key) }
    return ownProperties.map(\.key).filter { $0.hasPrefix("input") }
  }

  /// A subclass's stored properties, read by reflection (`Mirror`), its own class's last.
  private var ownProperties: [(key: String, value: Any)] {
    var mirrors: [Mirror] = []
    var mirror: Mirror? = Mirror(reflecting: self)
    while let current = mirror, current.subjectType != CIFilter.self {
      mirrors.insert(current, at: 0)
      mirror = current.superclassMirror
    }
    return mirrors.flatMap { mirror in
      mirror.children.compactMap { child in child.label.map { (key: $0, value: child.value) } }
    }
  }

  /// `["outputImage"]`.
  open var outputKeys: [String] { [kCIOutputImageKey] }

  /// Apple's attribute dictionary: the name, the categories and, per parameter, its class,
  /// default, slider minimum and maximum.
  open var attributes: [String: Any] {
    var attributes: [String: Any] = [
      kCIAttributeFilterName: name, kCIAttributeFilterDisplayName: name,
      kCIAttributeFilterCategories: descriptor?.categories.map(\.rawValue) ?? [],
    ]
    guard let descriptor else { return attributes }
    for parameter in descriptor.parameters {
      var entry: [String: Any] = [kCIAttributeDescription: parameter.summary]
      switch parameter.kind {
      case .number(let value, let range):
        entry[kCIAttributeClass] = "NSNumber"
        entry[kCIAttributeDefault] = NSNumber(value: value)
        entry[kCIAttributeSliderMin] = NSNumber(value: range.lowerBound)
        entry[kCIAttributeSliderMax] = NSNumber(value: range.upperBound)
      case .image: entry[kCIAttributeClass] = "CIImage"
      case .color: entry[kCIAttributeClass] = "CIColor"
      case .transform: entry[kCIAttributeClass] = "NSAffineTransform"
      case .vector, .point, .rectangle: entry[kCIAttributeClass] = "CIVector"
      case .data: entry[kCIAttributeClass] = "NSData"
      case .choice: entry[kCIAttributeClass] = "NSString"
      case .floatData: entry[kCIAttributeClass] = "NSData"
      case .colorSpace: entry[kCIAttributeClass] = "NSObject"
      }
      if let value = defaultValue(for: parameter) { entry[kCIAttributeDefault] = value }
      attributes[parameter.key] = entry
    }
    return attributes
  }

  /// Sets the parameter `key` (Apple's `inputIntensity`, or `kCIInputIntensityKey`); a key
  /// the filter lacks is ignored with a warning (Apple raises an exception).
  open func setValue(_ value: Any?, forKey key: String) {
    guard let descriptor else {
      // A subclass: Linux has no Key-Value Coding to reach a stored property by its name.
      if ownProperties.contains(where: { $0.key == key }) {
        CompatWarnings.warnOnce(
          key: "CIFilter.\(name).\(key).kvc",
          "\(name).setValue(_:forKey: \"\(key)\") cannot set the stored property \(key) on Linux (Swift has no Key-Value Coding here): set filter.\(key) directly, or override setValue(_:forKey:) in \(name); the value is kept for value(forKey:)"
        )
      }
      values[key] = value
      return
    }
    guard descriptor.parameter(forKey: key) != nil else {
      CompatWarnings.warnOnce(
        key: "CIFilter.\(name).\(key)",
        "\(name) has no parameter '\(key)' (its parameters: \(inputKeys.joined(separator: ", "))); the value is ignored"
      )
      return
    }
    values[key] = value
  }

  /// The parameter `key`'s value (its default when not set), or ``outputImage`` for
  /// `"outputImage"`.
  open func value(forKey key: String) -> Any? {
    if key == kCIOutputImageKey { return outputImage }
    if let value = values[key] { return value }
    guard let descriptor else {
      // A subclass's stored property of that name, read by reflection (nil when unset).
      guard let found = ownProperties.first(where: { $0.key == key })?.value else { return nil }
      let mirror = Mirror(reflecting: found)
      if mirror.displayStyle == .optional { return mirror.children.first?.value }
      return found
    }
    return descriptor.parameter(forKey: key).flatMap(defaultValue(for:))
  }

  /// Forgets every value set, so each parameter has its default.
  open func setDefaults() { values = [:] }

  /// The filtered image, or nil when an input image is missing or a value is of the wrong
  /// kind (with a warning naming it).
  open var outputImage: CIImage? {
    guard let descriptor else {
      CompatWarnings.warnOnce(
        key: "CIFilter.\(name).outputImage",
        "\(name) is a CIFilter subclass that does not override outputImage: no output (override it to apply your kernel or filters)"
      )
      return nil
    }
    var engineValues: [String: FilterValue] = [:]
    // Geometric defaults are Apple's numbers in Apple's plane (a centre at (150, 150) is 150
    // above the bottom): the unset ones go through the same flip as set ones.
    var given = values
    for parameter in descriptor.parameters where given[parameter.key] == nil {
      switch parameter.kind {
      case .point, .rectangle: given[parameter.key] = defaultValue(for: parameter)
      default: break
      }
    }
    for (key, value) in given {
      guard let parameter = descriptor.parameter(forKey: key) else { continue }
      guard let converted = Self.engineValue(value, for: parameter) else {
        CompatWarnings.warnOnce(
          key: "CIFilter.\(name).\(key).kind",
          "\(name).\(key) was given a \(type(of: value)); it takes \(Self.kindDescription(parameter.kind)): no output"
        )
        return nil
      }
      engineValues[key] = converted
    }
    do throws(FilterError) {
      return try descriptor.outputImage(engineValues).map { CIImage(recipe: $0) }
    } catch {
      CompatWarnings.warnOnce(key: "CIFilter.\(name).error", "\(error): no output")
      return nil
    }
  }

  /// Names of the filters in `category` (all of them for nil), sorted.
  open class func filterNames(inCategory category: String?) -> [String] {
    filterNames(inCategories: category.map { [$0] })
  }

  /// Names of the filters in every one of `categories` (all of them for nil or empty).
  open class func filterNames(inCategories categories: [String]?) -> [String] {
    let known = (categories ?? []).compactMap(FilterCategory.init(rawValue:))
    if let categories, known.count < categories.count { return [] }
    return FilterCatalog.coreImageNames(inCategories: known)
  }

  // MARK: Values between Apple's types and the engine's

  private func defaultValue(for parameter: FilterParameter) -> Any? {
    switch parameter.kind {
    case .number(let value, _): return NSNumber(value: value)
    case .vector(let values): return CIVector(values: values.map { CGFloat($0) })
    // The catalog's geometric defaults are Apple's numbers, taken as they are in Apple's plane.
    case .point(let point): return CIVector(x: CGFloat(point.x), y: CGFloat(point.y))
    case .rectangle(let rect):
      return CIVector(
        x: CGFloat(rect.minX), y: CGFloat(rect.minY), z: CGFloat(rect.width),
        w: CGFloat(rect.height))
    case .color(let color): return CIColor(reelColor: color.encoded)
    case .transform(let t): return NSValue(cgAffineTransform: CoreImagePlane.coreImageTransform(t))
    case .image, .data, .floatData, .colorSpace: return nil
    case .choice(let value, _): return value
    }
  }

  static func engineValue(_ value: Any, for parameter: FilterParameter) -> FilterValue? {
    switch parameter.kind {
    case .image:
      return (value as? CIImage).map { .image($0.recipe) }
    case .number:
      return AttributeDictionary.number(value).map { .number($0) }
    case .vector:
      if let vector = value as? CIVector { return .vector(vector.doubles) }
      return AttributeDictionary.number(value).map { .vector([$0]) }
    case .point:
      if let vector = value as? CIVector {
        let point = CoreImagePlane.enginePoint(x: Double(vector.x), y: Double(vector.y))
        return .vector([point.x, point.y])
      }
      if let point = value as? CGPoint {
        return .vector([Double(point.x), -Double(point.y)])
      }
      return nil
    case .rectangle:
      let rect: CGRect? = (value as? CIVector)?.cgRectValue ?? (value as? CGRect)
      guard let rect else { return nil }
      let engine = CoreImagePlane.engineRect(rect)
      return .vector([engine.minX, engine.minY, engine.width, engine.height])
    case .color:
      if let color = value as? CIColor { return .color(color.linear) }
      if let color = value as? UIColor { return .color(CIColor(color: color).linear) }
      if let vector = value as? CIVector, vector.count >= 3 {
        return .color(
          CIColor(
            red: vector.x, green: vector.y, blue: vector.z, alpha: vector.count > 3 ? vector.w : 1
          )
          .linear)
      }
      return nil
    case .transform:
      if let t = value as? CGAffineTransform {
        return .transform(CoreImagePlane.engineTransform(t))
      }
      if let boxed = value as? NSValue, let t = boxed.affineTransformIfAny {
        return .transform(CoreImagePlane.engineTransform(t))
      }
      return nil
    case .data:
      if let data = value as? Data { return .data([UInt8](data)) }
      if let bytes = value as? [UInt8] { return .data(bytes) }
      return nil
    case .choice:
      return (value as? String).map { .text($0) }
    case .floatData:
      if let data = value as? Data { return floats(of: data).map { .floatData($0) } }
      if let data = value as? NSData { return floats(of: Data(data)).map { .floatData($0) } }
      if let floats = value as? [Float] { return .floatData(floats) }
      return nil
    case .colorSpace:
      guard let space = value as? CGColorSpace else { return nil }
      switch space.kind {
      case .sRGB: return .colorSpace(.sRGB)
      case .linearSRGB: return .colorSpace(.linearSRGB)
      case .gray: return nil
      }
    }
  }

  /// The 32-bit floats of `data` (native byte order, as Core Image reads `inputCubeData`), or
  /// nil when its length is not a whole number of floats.
  private static func floats(of data: Data) -> [Float]? {
    let size = MemoryLayout<Float>.size
    guard data.count % size == 0 else { return nil }
    var floats = [Float](repeating: 0, count: data.count / size)
    floats.withUnsafeMutableBytes { destination in
      _ = data.copyBytes(to: destination)
    }
    return floats
  }

  private static func kindDescription(_ kind: FilterValueKind) -> String {
    switch kind {
    case .number: "a number (NSNumber, Double, Float or CGFloat)"
    case .vector: "a CIVector"
    case .point: "a CIVector point"
    case .rectangle: "a CIVector rectangle"
    case .color: "a CIColor"
    case .image: "a CIImage"
    case .transform: "a CGAffineTransform (or an NSValue of one)"
    case .data: "Data"
    case .choice(_, let choices): "a String, one of \(choices.joined(separator: ", "))"
    case .floatData: "Data (or NSData) of 32-bit floats"
    case .colorSpace: "a CGColorSpace (sRGB or linear sRGB)"
    }
  }
}
