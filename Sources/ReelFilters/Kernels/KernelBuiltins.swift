import Foundation
import ReelCore

/// The built-in functions of the kernel language: GLSL's maths, vector constructors and Core
/// Image's own (`premultiply`, `compare`, `destCoord`, `sample`, `samplerCoord`, …).
enum KernelBuiltins {
  typealias Run = @Sendable (KernelMachine) -> SIMD4<Float>

  private static let unary: [String: @Sendable (Float) -> Float] = [
    "abs": { abs($0) }, "sign": { $0 > 0 ? 1 : ($0 < 0 ? -1 : 0) },
    "floor": { $0.rounded(.down) }, "ceil": { $0.rounded(.up) },
    "fract": { $0 - $0.rounded(.down) }, "round": { $0.rounded() },
    "trunc": { $0.rounded(.towardZero) }, "sqrt": { sqrtf($0) },
    "inversesqrt": { 1 / sqrtf($0) }, "exp": { expf($0) }, "exp2": { exp2f($0) },
    "log": { logf($0) }, "log2": { log2f($0) }, "sin": { sinf($0) }, "cos": { cosf($0) },
    "tan": { tanf($0) }, "sin_": { sinf($0) }, "cos_": { cosf($0) }, "tan_": { tanf($0) },
    "asin": { asinf($0) }, "acos": { acosf($0) }, "atan": { atanf($0) },
    "radians": { $0 * .pi / 180 }, "degrees": { $0 * 180 / .pi },
  ]

  private static let pairwise: [String: @Sendable (Float, Float) -> Float] = [
    "pow": { powf($0, $1) }, "min": { Swift.min($0, $1) }, "max": { Swift.max($0, $1) },
    "mod": { $0 - $1 * ($0 / $1).rounded(.down) }, "atan": { atan2f($0, $1) },
    "step": { $1 < $0 ? 0 : 1 },
  ]

  /// The names the language knows, for "did you mean" hints.
  static var names: [String] {
    (Array(unary.keys) + Array(pairwise.keys) + [
      "clamp", "mix", "smoothstep", "length", "distance", "dot", "normalize", "cross",
      "premultiply", "unpremultiply", "compare", "sincos", "cossin", "vec2", "vec3", "vec4",
      "float", "int", "bool", "destCoord", "sample", "samplerCoord", "samplerTransform",
      "samplerExtent", "samplerOrigin", "samplerSize",
    ]).sorted()
  }

  static func call(_ name: String, _ arguments: [CompiledExpression], at place: SourcePlace)
    throws(KernelSourceError) -> CompiledExpression
  {
    let types = arguments.map(\.valueType)
    let runs = arguments.map(\.run)
    func fail(_ wanted: String) -> KernelSourceError {
      KernelSourceError(
        at: place,
        "\(name) takes \(wanted), not (\(types.map(\.description).joined(separator: ", ")))")
    }
    func numeric(_ count: Int) throws(KernelSourceError) {
      guard arguments.count == count, types.allSatisfy({ $0.isNumeric }) else {
        throw fail("\(count) float or vector argument\(count == 1 ? "" : "s")")
      }
    }
    /// Spreads a float argument over `width` lanes.
    func spread(_ index: Int, _ width: Int) -> Run {
      let run = runs[index]
      if types[index] == .float, width > 1 { return { m in SIMD4(repeating: run(m).x) } }
      return run
    }
    /// The width shared by `indices`' arguments, floats spreading to it.
    func sharedWidth(_ indices: [Int], spreadable: Set<Int>) throws(KernelSourceError) -> Int {
      let width = indices.map { types[$0].width }.max() ?? 1
      for index in indices where types[index].width != width {
        guard types[index] == .float, spreadable.contains(index) else {
          throw fail("arguments of one size (or a float where GLSL allows one)")
        }
      }
      return width
    }
    func sampler(_ index: Int) throws(KernelSourceError) -> Int {
      guard arguments.indices.contains(index), let sampler = arguments[index].sampler else {
        throw KernelSourceError(
          at: place,
          "\(name) needs a sampler as argument \(index + 1); a colour kernel's __sample is already the pixel (use a general CIKernel with a sampler to read elsewhere)"
        )
      }
      return sampler
    }

    if let function = unary[name], arguments.count == 1 {
      try numeric(1)
      let (run, width) = (runs[0], types[0].width)
      return CompiledExpression(type: types[0]) { m in
        let v = run(m)
        return KernelCompiler.masked(
          SIMD4(function(v.x), function(v.y), function(v.z), function(v.w)), width: width)
      }
    }
    if let function = pairwise[name], arguments.count == 2 {
      try numeric(2)
      // step(edge, x) spreads a float edge; min, max and mod a float second argument.
      let width = try sharedWidth([0, 1], spreadable: name == "step" ? [0] : [1])
      let (a, b) = (spread(0, width), spread(1, width))
      return CompiledExpression(type: .vector(width)) { m in
        let (x, y) = (a(m), b(m))
        return KernelCompiler.masked(
          SIMD4(function(x.x, y.x), function(x.y, y.y), function(x.z, y.z), function(x.w, y.w)),
          width: width)
      }
    }
    switch name {
    case "vec2", "vec3", "vec4", "float", "int", "bool":
      let width =
        switch name {
        case "vec2": 2
        case "vec3": 3
        case "vec4": 4
        default: 1
        }
      let given = types.map(\.width).reduce(0, +)
      guard !arguments.isEmpty, types.allSatisfy({ $0.width > 0 }),
        given == width || (arguments.count == 1 && types[0].width >= width)
          || (arguments.count == 1 && types[0].width == 1)
      else {
        throw fail("\(width) component\(width == 1 ? "" : "s") in all (or one float)")
      }
      let type: KernelType = name == "bool" ? .bool : .vector(width)
      if arguments.count == 1 {
        let run = runs[0]
        if types[0].width == 1 && width > 1 {
          return CompiledExpression(type: type) { m in
            KernelCompiler.masked(SIMD4(repeating: run(m).x), width: width)
          }
        }
        if name == "int" {
          return CompiledExpression(type: type) { m in SIMD4(run(m).x.rounded(.towardZero), 0, 0, 0)
          }
        }
        if name == "bool" {
          return CompiledExpression(type: type) { m in SIMD4(run(m).x != 0 ? 1 : 0, 0, 0, 0) }
        }
        return CompiledExpression(type: type) { m in KernelCompiler.masked(run(m), width: width) }
      }
      let widths = types.map(\.width)
      return CompiledExpression(type: type) { m in
        var result = SIMD4<Float>.zero
        var lane = 0
        for (run, count) in zip(runs, widths) {
          let value = run(m)
          for index in 0..<count {
            result[lane] = value[index]
            lane += 1
          }
        }
        return result
      }
    case "clamp":
      try numeric(3)
      let width = try sharedWidth([0, 1, 2], spreadable: [1, 2])
      let (x, low, high) = (runs[0], spread(1, width), spread(2, width))
      return CompiledExpression(type: .vector(width)) { m in
        KernelCompiler.masked(pointwiseMin(pointwiseMax(x(m), low(m)), high(m)), width: width)
      }
    case "mix":
      try numeric(3)
      let width = try sharedWidth([0, 1, 2], spreadable: [2])
      let (a, b, t) = (runs[0], runs[1], spread(2, width))
      return CompiledExpression(type: .vector(width)) { m in
        let (x, y, f) = (a(m), b(m), t(m))
        return x + (y - x) * f
      }
    case "smoothstep":
      try numeric(3)
      let width = try sharedWidth([0, 1, 2], spreadable: [0, 1])
      let (e0, e1, v) = (spread(0, width), spread(1, width), runs[2])
      return CompiledExpression(type: .vector(width)) { m in
        let (low, high, x) = (e0(m), e1(m), v(m))
        let t = pointwiseMin(pointwiseMax((x - low) / (high - low), .zero), SIMD4(repeating: 1))
        return KernelCompiler.masked(t * t * (3 - 2 * t), width: width)
      }
    case "length":
      try numeric(1)
      let run = runs[0]
      return CompiledExpression(type: .float) { m in
        let v = run(m)
        return SIMD4(sqrtf((v * v).sum()), 0, 0, 0)
      }
    case "distance":
      try numeric(2)
      _ = try sharedWidth([0, 1], spreadable: [])
      let (a, b) = (runs[0], runs[1])
      return CompiledExpression(type: .float) { m in
        let v = a(m) - b(m)
        return SIMD4(sqrtf((v * v).sum()), 0, 0, 0)
      }
    case "dot":
      try numeric(2)
      _ = try sharedWidth([0, 1], spreadable: [])
      let (a, b) = (runs[0], runs[1])
      return CompiledExpression(type: .float) { m in SIMD4((a(m) * b(m)).sum(), 0, 0, 0) }
    case "normalize":
      try numeric(1)
      let run = runs[0]
      return CompiledExpression(type: types[0]) { m in
        let v = run(m)
        return v / sqrtf((v * v).sum())
      }
    case "cross":
      guard types == [.vec3, .vec3] else { throw fail("(vec3, vec3)") }
      let (a, b) = (runs[0], runs[1])
      return CompiledExpression(type: .vec3) { m in
        let (u, v) = (a(m), b(m))
        return SIMD4(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x, 0)
      }
    case "premultiply":
      guard types == [.vec4] else { throw fail("(vec4)") }
      let run = runs[0]
      return CompiledExpression(type: .vec4) { m in
        let v = run(m)
        return SIMD4(v.x * v.w, v.y * v.w, v.z * v.w, v.w)
      }
    case "unpremultiply":
      guard types == [.vec4] else { throw fail("(vec4)") }
      let run = runs[0]
      return CompiledExpression(type: .vec4) { m in
        let v = run(m)
        guard v.w > 0 else { return SIMD4(0, 0, 0, v.w) }
        return SIMD4(v.x / v.w, v.y / v.w, v.z / v.w, v.w)
      }
    case "compare":
      try numeric(3)
      let width = try sharedWidth([0, 1, 2], spreadable: [])
      let (x, y, z) = (runs[0], runs[1], runs[2])
      return CompiledExpression(type: .vector(width)) { m in
        z(m).replacing(with: y(m), where: x(m) .< .zero)
      }
    case "sincos", "cossin":
      guard types == [.float] else { throw fail("(float)") }
      let run = runs[0]
      let sineFirst = name == "sincos"
      return CompiledExpression(type: .vec2) { m in
        let angle = run(m).x
        return sineFirst
          ? SIMD4(sinf(angle), cosf(angle), 0, 0) : SIMD4(cosf(angle), sinf(angle), 0, 0)
      }
    case "destCoord":
      guard arguments.isEmpty else { throw fail("no arguments") }
      return CompiledExpression(type: .vec2) { m in SIMD4(m.destination.x, m.destination.y, 0, 0) }
    case "samplerCoord":
      // Sampler space is the working space here (an image's own coordinates).
      _ = try sampler(0)
      guard arguments.count == 1 else { throw fail("(sampler)") }
      return CompiledExpression(type: .vec2) { m in SIMD4(m.destination.x, m.destination.y, 0, 0) }
    case "samplerTransform":
      _ = try sampler(0)
      guard arguments.count == 2, types[1] == .vec2 else { throw fail("(sampler, vec2)") }
      return CompiledExpression(type: .vec2, run: runs[1])
    case "sample":
      let index = try sampler(0)
      guard arguments.count == 2, types[1] == .vec2 else { throw fail("(sampler, vec2)") }
      let point = runs[1]
      return CompiledExpression(type: .vec4) { m in
        let p = point(m)
        return m.samplers[index].sample(SIMD2(p.x, p.y))
      }
    case "samplerExtent":
      let index = try sampler(0)
      return CompiledExpression(type: .vec4) { m in m.samplers[index].extent }
    case "samplerOrigin":
      let index = try sampler(0)
      return CompiledExpression(type: .vec2) { m in
        let e = m.samplers[index].extent
        return SIMD4(e.x, e.y, 0, 0)
      }
    case "samplerSize":
      let index = try sampler(0)
      return CompiledExpression(type: .vec2) { m in
        let e = m.samplers[index].extent
        return SIMD4(e.z, e.w, 0, 0)
      }
    default:
      if unary[name] != nil || pairwise[name] != nil {
        throw fail(unary[name] != nil ? "1 argument" : "2 arguments")
      }
      let hint = Suggestion.nearest(to: name, among: names).map { " (did you mean \($0)?)" } ?? ""
      throw KernelSourceError(
        at: place, "'\(name)' is not a function Reel's kernel language knows\(hint)")
    }
  }
}
