import ReelCore

/// What a kernel does with its output pixel, from its signature.
public enum KernelKind: Sendable, Equatable {
  /// `kernel vec4 f(__sample s, …)`: each output pixel from the input pixels at the same
  /// place (`CIColorKernel`; a blend kernel is a colour kernel of two samples).
  case color
  /// `kernel vec4 f(sampler s, …)`: each output pixel from samples read anywhere (`CIKernel`).
  case general
  /// `kernel vec2 f(…)`: where in its one image each output pixel is read from
  /// (`CIWarpKernel`).
  case warp
}

/// One parameter of a kernel: its name and type.
public struct KernelParameter: Sendable, Equatable {
  public let name: String
  public let type: KernelType
}

/// One `kernel` function of Core Image Kernel Language source, parsed, type-checked and
/// compiled to Swift closures: ready to apply to images.
///
///     let programs = try KernelProgram.compile("""
///       kernel vec4 tint(__sample s, float amount) { return vec4(s.rgb * amount, s.a); }
///       """)
public struct KernelProgram: Sendable {
  /// The kernel's name in the source.
  public let name: String
  public let kind: KernelKind
  public let parameters: [KernelParameter]
  let slotCount: Int
  let body: [CompiledStatement]
  /// Each parameter's slot (nil for samplers).
  let parameterSlots: [Int?]

  /// Every `kernel` function of `source`, in order (helper functions compiled into them).
  ///
  /// - Throws: ``KernelSourceError`` with the line and column of the first mistake: a token
  ///   that does not fit the grammar, an undeclared name, mismatched types, an unknown
  ///   function, a kernel whose signature is none of colour, general or warp, or source with
  ///   no kernel at all.
  public static func compile(_ source: String) throws(KernelSourceError) -> [KernelProgram] {
    let functions = try KernelParser.functions(of: source)
    var compiler = KernelCompiler()
    let entries = try compiler.compile(functions)
    guard !entries.isEmpty else {
      throw KernelSourceError(
        at: functions.first?.place ?? SourcePlace(line: 1, column: 1),
        "the source has no kernel function (write 'kernel vec4 name(__sample s) { … }')")
    }
    var programs: [KernelProgram] = []
    for (function, entry) in entries {
      let kind = try Self.kind(of: function)
      programs.append(
        KernelProgram(
          name: function.name, kind: kind,
          parameters: function.parameters.map { KernelParameter(name: $0.name, type: $0.type) },
          slotCount: compiler.slotCount, body: entry.body, parameterSlots: entry.parameterSlots))
    }
    return programs
  }

  private static func kind(of function: KernelFunction) throws(KernelSourceError) -> KernelKind {
    let samples = function.parameters.filter { $0.type == .sample }
    let samplers = function.parameters.filter { $0.type == .sampler }
    switch function.returnType {
    case .vec2:
      if let image = samples.first ?? samplers.first {
        throw KernelSourceError(
          at: image.place,
          "a warp kernel (returning vec2) takes no image parameter: its image is given to apply(extent:roiCallback:image:arguments:)"
        )
      }
      return .warp
    case .vec4:
      if let sample = samples.first, !samplers.isEmpty {
        throw KernelSourceError(
          at: sample.place,
          "a kernel takes either __sample parameters (a colour kernel) or sampler parameters (a general kernel), not both"
        )
      }
      return samplers.isEmpty ? .color : .general
    default:
      throw KernelSourceError(
        at: function.place,
        "a kernel returns vec4 (a colour or general kernel) or vec2 (a warp kernel), not \(function.returnType)"
      )
    }
  }

  /// The number of image parameters (samples or samplers).
  public var imageCount: Int {
    parameters.filter { $0.type == .sample || $0.type == .sampler }.count
  }
}

/// A value for one kernel parameter.
public enum KernelArgument: Sendable {
  /// For a `__sample` or `sampler` parameter.
  case image(FilterImage)
  /// For a `float` (or `int`, `bool`) parameter.
  case number(Double)
  /// For a `vec2`, `vec3` or `vec4` parameter (as many values as it has components).
  case vector([Double])
  /// For a `__color` parameter: linear, not premultiplied.
  case color(LinearColor)
}

/// Arguments that do not fit a kernel's parameters.
public struct KernelArgumentError: Error, Sendable, CustomStringConvertible {
  public let message: String
  public var description: String { message }
}

extension FilterImage {
  /// The image a colour or general kernel makes over `extent`.
  ///
  /// - Parameters:
  ///   - program: A ``KernelKind/color`` or ``KernelKind/general`` kernel.
  ///   - arguments: One per parameter, in order.
  ///   - extent: The output's extent (in this plane); clear outside it.
  ///   - flipsY: Whether the kernel's coordinates have y up (Core Image's: a kernel point
  ///     (x, y) is this plane's (x, −y)).
  ///   - regionOfInterest: For a general kernel: (image number, output rectangle) → the
  ///     rectangle of that image its samples read (nil: the output rectangle).
  /// - Throws: ``KernelArgumentError`` when the arguments do not match the parameters.
  public static func kernelOutput(
    _ program: KernelProgram, arguments: [KernelArgument], extent: Rect, flipsY: Bool,
    regionOfInterest: (@Sendable (Int, Rect) -> Rect)? = nil
  ) throws(KernelArgumentError) -> FilterImage {
    guard program.kind != .warp else {
      throw KernelArgumentError(
        message:
          "\(program.name) is a warp kernel: apply it with an image (apply(extent:roiCallback:image:arguments:))"
      )
    }
    let bound = try KernelBinding(program: program, arguments: arguments)
    return FilterImage(
      step: .spatial(
        KernelApplication(
          program: program, binding: bound, flipsY: flipsY, warped: nil,
          regionOfInterest: regionOfInterest)),
      extent: extent)
  }

  /// This image seen through a warp kernel: each output pixel over `extent` is this image's
  /// bilinear sample where the kernel says.
  ///
  /// - Parameters: as ``kernelOutput(_:arguments:extent:flipsY:regionOfInterest:)``; the
  ///   region of interest is asked with image number 0.
  /// - Throws: ``KernelArgumentError`` when `program` is not a warp kernel or the arguments
  ///   do not match its parameters.
  public func warped(
    by program: KernelProgram, arguments: [KernelArgument], extent: Rect, flipsY: Bool,
    regionOfInterest: (@Sendable (Int, Rect) -> Rect)? = nil
  ) throws(KernelArgumentError) -> FilterImage {
    guard program.kind == .warp else {
      throw KernelArgumentError(
        message:
          "\(program.name) is not a warp kernel (it returns vec4): apply it with apply(extent:roiCallback:arguments:)"
      )
    }
    let bound = try KernelBinding(program: program, arguments: arguments)
    return FilterImage(
      step: .spatial(
        KernelApplication(
          program: program, binding: bound, flipsY: flipsY, warped: self,
          regionOfInterest: regionOfInterest)),
      extent: extent)
  }
}

/// A kernel's arguments checked against its parameters: the constants' slots and values and
/// the images in order.
struct KernelBinding: Sendable {
  var constants: [(slot: Int, value: SIMD4<Float>)] = []
  var images: [FilterImage] = []
  /// For each image: the slot its pixel goes to (a colour kernel's sample), or nil (sampler).
  var imageSlots: [Int?] = []

  init(program: KernelProgram, arguments: [KernelArgument]) throws(KernelArgumentError) {
    guard arguments.count == program.parameters.count else {
      let list = program.parameters.map { "\($0.type) \($0.name)" }.joined(separator: ", ")
      throw KernelArgumentError(
        message:
          "\(program.name) takes \(program.parameters.count) argument\(program.parameters.count == 1 ? "" : "s") (\(list)), not \(arguments.count)"
      )
    }
    for (index, (parameter, argument)) in zip(program.parameters, arguments).enumerated() {
      let slot = program.parameterSlots[index]
      func wrong(_ given: String) -> KernelArgumentError {
        KernelArgumentError(
          message:
            "\(program.name)'s argument \(index + 1) (\(parameter.type) \(parameter.name)) was given \(given)"
        )
      }
      switch (parameter.type, argument) {
      case (.sample, .image(let image)), (.sampler, .image(let image)):
        images.append(image)
        imageSlots.append(parameter.type == .sample ? slot : nil)
      case (.float, .number(let value)), (.bool, .number(let value)):
        constants.append((slot ?? 0, SIMD4(Float(value), 0, 0, 0)))
      case (.float, .vector(let values)) where values.count == 1:
        constants.append((slot ?? 0, SIMD4(Float(values[0]), 0, 0, 0)))
      case (.vec2, .vector(let values)), (.vec3, .vector(let values)), (.vec4, .vector(let values)):
        guard values.count == parameter.type.width else {
          throw wrong("a vector of \(values.count)")
        }
        var value = SIMD4<Float>.zero
        for (lane, number) in values.enumerated() { value[lane] = Float(number) }
        constants.append((slot ?? 0, value))
      case (.color, .color(let color)), (.vec4, .color(let color)):
        constants.append((slot ?? 0, color.components))
      case (.color, .vector(let values)) where values.count == 4:
        constants.append((slot ?? 0, SIMD4(values.map(Float.init))))
      case (_, .image): throw wrong("an image")
      case (_, .number): throw wrong("a number")
      case (_, .vector(let values)): throw wrong("a vector of \(values.count)")
      case (_, .color): throw wrong("a colour")
      }
    }
  }
}

/// A kernel applied: the spatial step that runs it for every output pixel.
struct KernelApplication: SpatialOperation {
  let program: KernelProgram
  let binding: KernelBinding
  let flipsY: Bool
  /// A warp kernel's image.
  let warped: FilterImage?
  let regionOfInterest: (@Sendable (Int, Rect) -> Rect)?

  var inputs: [FilterImage] { warped.map { [$0] } ?? binding.images }

  func render(in rect: PixelRect, evaluation: FilterEvaluation) -> LinearTile {
    // Samplers: each image read through the region of interest of this rectangle.
    var samplers: [KernelSampler] = []
    var sampleTiles: [(slot: Int, tile: LinearTile)] = []
    for (number, image) in inputs.enumerated() {
      let slot = warped == nil ? binding.imageSlots[number] : nil
      if let slot {
        sampleTiles.append((slot, evaluation.tile(of: image, in: rect)))
        continue
      }
      let wanted = regionOfInterest.map { $0(number, rect.rect) }
      let wantedPixels =
        wanted.map { $0.isInfinite ? nil : PixelRect(covering: $0) } ?? rect
      let extent = image.extent.isInfinite ? Rect.infinite : image.extent
      let kernelExtent = SIMD4<Float>(
        Float(extent.minX), Float(flipsY ? -extent.maxY : extent.minY), Float(extent.width),
        Float(extent.height))
      samplers.append(
        KernelSampler(
          sampler: SpatialSampling.Sampler(
            input: image, wanted: wantedPixels, for: rect, evaluation: evaluation),
          extent: kernelExtent, flipsY: flipsY))
    }
    let machine = KernelMachine(slotCount: program.slotCount, samplers: samplers)
    for (slot, value) in binding.constants { machine.slots[slot] = value }
    let body = program.body
    let isWarp = warped != nil
    return LinearTile(rect: rect) { pixels in
      var index = 0
      for y in rect.y..<rect.maxY {
        let centreY = Float(Double(y) + 0.5)
        machine.destination.y = flipsY ? -centreY : centreY
        for x in rect.x..<rect.maxX {
          machine.destination.x = Float(Double(x) + 0.5)
          for (slot, tile) in sampleTiles { machine.slots[slot] = tile.pixels[index] }
          machine.returned = .zero
          _ = KernelCompiler.run(body, machine)
          if isWarp {
            let point = machine.returned
            pixels[index] = samplers[0].sample(SIMD2(point.x, point.y))
          } else {
            pixels[index] = machine.returned
          }
          index += 1
        }
      }
    }
  }
}
