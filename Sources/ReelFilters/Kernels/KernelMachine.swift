import ReelCore

/// The state one evaluation of a compiled kernel works on: its variables, the output pixel's
/// place and the images it reads. One machine per band of a render (never shared between
/// threads).
final class KernelMachine {
  /// Every variable and parameter of the kernel and its helpers, one slot each (a value is up
  /// to four floats; unused lanes are zero).
  let slots: UnsafeMutablePointer<SIMD4<Float>>
  let slotCount: Int
  /// The value the last `return` gave.
  var returned: SIMD4<Float> = .zero
  /// The output pixel's centre in the kernel's coordinates (`destCoord()`).
  var destination: SIMD2<Float> = .zero
  /// The images a general or warp kernel samples, by sampler number.
  let samplers: [KernelSampler]

  init(slotCount: Int, samplers: [KernelSampler]) {
    self.slotCount = max(slotCount, 1)
    slots = .allocate(capacity: self.slotCount)
    slots.initialize(repeating: .zero, count: self.slotCount)
    self.samplers = samplers
  }

  deinit { slots.deallocate() }
}

/// An image a kernel samples anywhere (a `sampler` parameter, or a warp kernel's image).
struct KernelSampler {
  let sampler: SpatialSampling.Sampler
  /// The image's extent in the kernel's coordinates: x, y, width, height.
  let extent: SIMD4<Float>
  let flipsY: Bool

  /// The bilinear sample at the kernel's point `point`.
  func sample(_ point: SIMD2<Float>) -> SIMD4<Float> {
    sampler.sample(x: Double(point.x), y: Double(flipsY ? -point.y : point.y))
  }
}

/// What a compiled statement tells the statements after it.
enum KernelFlow {
  case next, returned, broke, continued
}

/// A compiled expression: its type and how to compute it (or, for a sampler, which one).
struct CompiledExpression {
  let type: KernelType
  let run: @Sendable (KernelMachine) -> SIMD4<Float>
  /// For a `sampler` value: its number among the kernel's samplers.
  var sampler: Int? = nil

  /// The type used in arithmetic: samples and colours are vec4.
  var valueType: KernelType {
    switch type {
    case .sample, .color: .vec4
    default: type
    }
  }
}

typealias CompiledStatement = @Sendable (KernelMachine) -> KernelFlow
