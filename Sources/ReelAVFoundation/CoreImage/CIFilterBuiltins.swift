internal import ReelCore
internal import ReelFilters

/// What every filter has (Core Image's `CIFilter` protocol, class-bound as an Objective-C
/// protocol is, so a `let` filter's typed properties can be set): its output.
public protocol CIFilterProtocol: AnyObject {
  /// The filtered image, or nil when an input it needs is missing.
  var outputImage: CIImage? { get }
}

extension CIFilter: CIFilterProtocol {}

/// What every transition has (Core Image's `CITransitionFilter`): the two images and the time.
public protocol CITransitionFilter: CIFilterProtocol {
  /// The image at time 0.
  var inputImage: CIImage? { get set }
  /// The image at time 1.
  var targetImage: CIImage? { get set }
  /// 0 is the input image, 1 the target.
  var time: Float { get set }
}

/// What every compositing filter has (Core Image's `CICompositeOperation`): the two images.
public protocol CICompositeOperation: CIFilterProtocol {
  /// The image on top.
  var inputImage: CIImage? { get set }
  /// The image underneath.
  var backgroundImage: CIImage? { get set }
}

// The typed `CIFilterBuiltins` forms (`CIFilter.sepiaTone()`, `.intensity`) are generated
// from the catalog into the CIFilterBuiltins+Generated+… files; these are the accessors their
// properties read through, so that a typed property and `value(forKey:)` are one path.
extension CIFilter {
  /// The catalog's filter of this Core Image name, for the generated typed forms.
  static func builtInDescriptor(_ name: String) -> FilterDescriptor {
    guard let descriptor = FilterCatalog.filter(coreImageName: name) else {
      // Only a stale generated file can name a filter the catalog lacks (a test fails then).
      preconditionFailure(
        "\(name) is not in Reel's filter catalog: regenerate the CIFilterBuiltins+Generated+… files with `make schema`"
      )
    }
    return descriptor
  }

  func builtInFloat(_ key: String) -> Float {
    value(forKey: key).flatMap(AttributeDictionary.number).map { Float($0) } ?? 0
  }

  func builtInVector(_ key: String) -> CIVector {
    switch value(forKey: key) {
    case let vector as CIVector: vector
    case let point as CGPoint: CIVector(x: point.x, y: point.y)
    case let rect as CGRect: CIVector(cgRect: rect)
    default: CIVector(values: [])
    }
  }

  func builtInPoint(_ key: String) -> CGPoint {
    switch value(forKey: key) {
    case let point as CGPoint: point
    case let vector as CIVector: CGPoint(x: vector.x, y: vector.y)
    default: .zero
    }
  }

  func builtInRect(_ key: String) -> CGRect {
    switch value(forKey: key) {
    case let rect as CGRect: rect
    case let vector as CIVector: vector.cgRectValue
    default: .zero
    }
  }

  func builtInColor(_ key: String) -> CIColor {
    switch value(forKey: key) {
    case let color as CIColor: color
    case let vector as CIVector:
      CIColor(
        red: vector.x, green: vector.y, blue: vector.z, alpha: vector.count > 3 ? vector.w : 1)
    default: CIColor(red: 0, green: 0, blue: 0, alpha: 0)
    }
  }

  func builtInImage(_ key: String) -> CIImage? { value(forKey: key) as? CIImage }

  func builtInTransform(_ key: String) -> CGAffineTransform {
    switch value(forKey: key) {
    case let transform as CGAffineTransform: transform
    case let boxed as NSValue: boxed.affineTransformIfAny ?? .identity
    default: .identity
    }
  }

  func builtInData(_ key: String) -> Data {
    switch value(forKey: key) {
    case let data as Data: data
    case let data as NSData: Data(data)
    case let bytes as [UInt8]: Data(bytes)
    case let floats as [Float]: floats.withUnsafeBytes { Data($0) }
    default: Data()
    }
  }

  func builtInColorSpace(_ key: String) -> CGColorSpace? { value(forKey: key) as? CGColorSpace }

  func builtInString(_ key: String) -> String { value(forKey: key) as? String ?? "" }

}
