internal import ReelCore
internal import ReelFilters

/// The rectangle of input `index` a kernel reads to make the output rectangle (both in Core
/// Image's plane), as Core Image's `CIKernelROICallback`.
public typealias CIKernelROICallback = (Int32, CGRect) -> CGRect

/// A kernel written in Core Image Kernel Language (the GLSL dialect of `kernel vec4 f(…)`),
/// as Core Image's `CIKernel`: compiled by Reel's own parser and compiler (ReelFilters'
/// `KernelProgram`) and run on the CPU for every output pixel.
///
/// A general kernel takes `sampler` parameters and reads them with `sample(s, p)`,
/// `samplerCoord(s)`, `samplerTransform(s, p)`, `samplerExtent(s)`; sampler space is the
/// working space (an image's own coordinates). ``CIColorKernel`` takes `__sample`s,
/// ``CIWarpKernel`` returns where to read, ``CIBlendKernel`` blends two samples.
/// Bad source gives nil and a message with its line and column, as Apple returns nil and logs.
/// Metal kernels cannot run here: their initializers throw, naming themselves.
open class CIKernel: NSObject, @unchecked Sendable {
  let program: KernelProgram

  init(program: KernelProgram) {
    self.program = program
    super.init()
  }

  /// The first kernel of `string`, or nil (and a message with the line and column of the
  /// mistake) when the source does not compile or its first kernel is not of this class's
  /// kind (a ``CIColorKernel`` needs `__sample`s, a ``CIWarpKernel`` returns `vec2`).
  public convenience init?(source string: String) {
    guard let program = Self.firstProgram(of: string, for: Self.self) else { return nil }
    self.init(program: program)
  }

  /// Apple's older spelling of ``init(source:)``.
  public convenience init?(string: String) {
    self.init(source: string)
  }

  /// A Metal kernel: not supported (Reel runs no Metal). Always throws, naming the function.
  ///
  /// - Throws: ``CIKernelError`` naming `init(functionName:fromMetalLibraryData:)`.
  public convenience init(functionName name: String, fromMetalLibraryData data: Data) throws {
    throw CIKernelError.metal(name)
  }

  /// A Metal kernel with an output format: not supported (always throws, naming it).
  ///
  /// - Throws: ``CIKernelError`` naming
  ///   `init(functionName:fromMetalLibraryData:outputPixelFormat:)`.
  public convenience init(
    functionName name: String, fromMetalLibraryData data: Data, outputPixelFormat format: CIFormat
  ) throws {
    throw CIKernelError.metal(name)
  }

  /// The kernel's name in its source.
  open var name: String { program.name }

  /// Every kernel of `source`, each of the class its signature makes it (``CIColorKernel``,
  /// ``CIWarpKernel`` or ``CIKernel``), or nil (and a message with the line and column) when
  /// the source does not compile.
  open class func makeKernels(source: String) -> [CIKernel]? {
    let programs: [KernelProgram]
    do throws(KernelSourceError) {
      programs = try KernelProgram.compile(source)
    } catch {
      report(error, in: "CIKernel.makeKernels(source:)")
      return nil
    }
    return programs.map { program in
      switch program.kind {
      case .color: CIColorKernel(program: program)
      case .warp: CIWarpKernel(program: program)
      case .general: CIKernel(program: program)
      }
    }
  }

  /// Apple's older spelling of ``makeKernels(source:)``.
  open class func kernels(with string: String) -> [CIKernel]? { makeKernels(source: string) }

  /// ``makeKernels(source:)`` by another spelling.
  open class func kernels(withSource string: String) -> [CIKernel]? { makeKernels(source: string) }

  /// The names of the kernels in a Metal library: not supported (Reel runs no Metal); empty,
  /// with a warning naming it.
  open class func kernelNames(fromMetalLibraryData data: Data) -> [String] {
    CompatWarnings.warnOnce(
      key: "CIKernel.kernelNames",
      "CIKernel.kernelNames(fromMetalLibraryData:) is empty: Reel cannot load Metal libraries; write the kernel in Core Image Kernel Language (CIKernel(source:))"
    )
    return []
  }

  /// The image the kernel makes over `extent`, each input image read over the rectangle
  /// `callback` gives for it; nil (and a message) when the arguments do not match the
  /// kernel's parameters.
  ///
  /// - Parameters:
  ///   - extent: The output's extent (Core Image's plane).
  ///   - callback: (input number, output rectangle) → the rectangle of that input read.
  ///   - args: One per kernel parameter: `CIImage` for `sampler` / `__sample`, a number for
  ///     `float`, `CIVector` for `vec2`…`vec4`, `CIColor` for `__color`.
  open func apply(
    extent: CGRect, roiCallback callback: @escaping CIKernelROICallback, arguments args: [Any]
  ) -> CIImage? {
    guard let arguments = Self.kernelArguments(args, for: program) else { return nil }
    let region = ROICallbackBox(callback)
    let made: FilterImage
    do throws(KernelArgumentError) {
      made = try FilterImage.kernelOutput(
        program, arguments: arguments, extent: CoreImagePlane.engineRect(extent), flipsY: true,
        regionOfInterest: region.engineCallback)
    } catch {
      Self.report(error.message, in: "\(name).apply")
      return nil
    }
    return CIImage(recipe: made)
  }

  // MARK: Between Apple's values and the engine's

  static func firstProgram(of source: String, for kind: CIKernel.Type) -> KernelProgram? {
    let programs: [KernelProgram]
    do throws(KernelSourceError) {
      programs = try KernelProgram.compile(source)
    } catch {
      report(error, in: "\(kind)(source:)")
      return nil
    }
    guard let first = programs.first else { return nil }
    let fits: Bool
    let wanted: String
    switch kind {
    case is CIWarpKernel.Type:
      fits = first.kind == .warp
      wanted = "a warp kernel returns vec2 ('kernel vec2 \(first.name)(…)')"
    case is CIBlendKernel.Type:
      fits = first.kind == .color && first.imageCount == 2 && first.parameters.count == 2
      wanted = "a blend kernel takes two __sample parameters (source, destination)"
    case is CIColorKernel.Type:
      fits = first.kind == .color
      wanted = "a colour kernel returns vec4 and takes __sample (not sampler) parameters"
    default:
      fits = first.kind != .warp
      wanted = "a CIKernel returns vec4 (use CIWarpKernel for a vec2 kernel)"
    }
    guard fits else {
      report("\(kind)(source:) is nil: \(first.name) does not fit: \(wanted)", in: "\(kind)")
      return nil
    }
    return first
  }

  static func report(_ error: KernelSourceError, in what: String) {
    report("\(what) is nil: \(error)", in: what)
  }

  /// Logs a kernel failure (Apple logs and returns nil); each message once.
  static func report(_ message: String, in what: String) {
    CompatWarnings.warnOnce(key: "CIKernel|\(message)", message)
  }

  /// `args` as the engine's arguments, or nil (and a message) when one is of a kind no
  /// parameter takes.
  static func kernelArguments(_ args: [Any], for program: KernelProgram) -> [KernelArgument]? {
    var arguments: [KernelArgument] = []
    for (index, value) in args.enumerated() {
      switch value {
      case let image as CIImage: arguments.append(.image(image.recipe))
      case let vector as CIVector: arguments.append(.vector(vector.doubles))
      case let color as CIColor: arguments.append(.color(color.linear))
      case let point as CGPoint: arguments.append(.vector([Double(point.x), Double(point.y)]))
      case let flag as Bool: arguments.append(.number(flag ? 1 : 0))
      default:
        guard let number = AttributeDictionary.number(value) else {
          report(
            "\(program.name).apply is nil: argument \(index + 1) is a \(type(of: value)); kernels take CIImage, numbers, CIVector and CIColor",
            in: program.name)
          return nil
        }
        arguments.append(.number(number))
      }
    }
    return arguments
  }
}

/// A kernel that makes each pixel from the input pixels at the same place
/// (`kernel vec4 f(__sample s, …)`), as Core Image's `CIColorKernel`.
open class CIColorKernel: CIKernel, @unchecked Sendable {
  /// The image the kernel makes over `extent`; nil (and a message) when the arguments do not
  /// match the kernel's parameters.
  ///
  /// - Parameter args: One per parameter, as for ``CIKernel/apply(extent:roiCallback:arguments:)``.
  open func apply(extent: CGRect, arguments args: [Any]) -> CIImage? {
    apply(extent: extent, roiCallback: { _, rect in rect }, arguments: args)
  }
}

/// A colour kernel of two samples, source (foreground) and destination (background)
/// (`kernel vec4 f(__sample s, __sample d)`), as Core Image's `CIBlendKernel`.
open class CIBlendKernel: CIColorKernel, @unchecked Sendable {
  /// The blend of `foreground` over `background`, over the union of their extents.
  open func apply(foreground: CIImage, background: CIImage) -> CIImage? {
    apply(
      extent: foreground.extent.union(background.extent), arguments: [foreground, background])
  }

  /// The blend; `colorSpace` is accepted (Reel blends in its linear working space).
  open func apply(foreground: CIImage, background: CIImage, colorSpace: CGColorSpace) -> CIImage? {
    apply(foreground: foreground, background: background)
  }
}

/// A kernel that says where in its image each output pixel is read
/// (`kernel vec2 f(…)`, using `destCoord()`), as Core Image's `CIWarpKernel`.
open class CIWarpKernel: CIKernel, @unchecked Sendable {
  /// `image` warped over `extent`: each output pixel is the bilinear sample of `image` at the
  /// point the kernel returns; nil (and a message) when the arguments do not match.
  ///
  /// - Parameters:
  ///   - callback: (0, output rectangle) → the rectangle of `image` read.
  ///   - args: One per kernel parameter (the image is not one of them).
  open func apply(
    extent: CGRect, roiCallback callback: @escaping CIKernelROICallback, image: CIImage,
    arguments args: [Any]
  ) -> CIImage? {
    guard let arguments = Self.kernelArguments(args, for: program) else { return nil }
    let region = ROICallbackBox(callback)
    do throws(KernelArgumentError) {
      return CIImage(
        recipe: try image.recipe.warped(
          by: program, arguments: arguments, extent: CoreImagePlane.engineRect(extent),
          flipsY: true, regionOfInterest: region.engineCallback))
    } catch {
      Self.report(error.message, in: "\(name).apply")
      return nil
    }
  }

  /// A warp kernel is applied with an image: nil, with a message saying so.
  open override func apply(
    extent: CGRect, roiCallback callback: @escaping CIKernelROICallback, arguments args: [Any]
  ) -> CIImage? {
    Self.report(
      "\(name) is a warp kernel: apply it with apply(extent:roiCallback:image:arguments:)",
      in: name)
    return nil
  }
}

/// Why a kernel cannot be made.
public enum CIKernelError: Error, CustomStringConvertible {
  /// A Metal kernel: Reel runs no Metal.
  case metal(String)

  public var description: String {
    switch self {
    case .metal(let name):
      "CIKernel(functionName: \"\(name)\", fromMetalLibraryData:) is not supported: Reel cannot run Metal kernels on Linux; write the kernel in Core Image Kernel Language and make it with CIKernel(source:) (docs/avfoundation.md)"
    }
  }
}

/// An app's region-of-interest callback, called from render threads. Thread rule: Core
/// Image calls it from its own threads too; the callback must not touch shared state.
private final class ROICallbackBox: @unchecked Sendable {
  let callback: CIKernelROICallback

  init(_ callback: @escaping CIKernelROICallback) { self.callback = callback }

  /// The callback in the engine's plane.
  var engineCallback: @Sendable (Int, Rect) -> Rect {
    { [self] index, rect in
      let asked = CoreImagePlane.coreImageRect(rect)
      return CoreImagePlane.engineRect(callback(Int32(clamping: index), asked))
    }
  }
}
