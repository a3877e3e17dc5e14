import Foundation
import ReelCore
import Testing

@testable import ReelFilters

/// Core Image Kernel Language: parsed, type-checked, compiled to closures and run per pixel.
@Suite("Kernel language")
struct KernelLanguageTests {
  static let rect = PixelRect(x: 0, y: 0, width: 12, height: 8)

  /// A small float picture: red across, green down, blue fixed, alpha 1 (linear values).
  static func source() -> FilterImage {
    var colors: [SIMD3<Float>] = []
    for y in 0..<rect.height {
      for x in 0..<rect.width {
        colors.append(SIMD3(Float(x) / 11, Float(y) / 7, 0.5))
      }
    }
    return FilterImage(encodedColors: colors, width: rect.width, origin: .zero)
  }

  static func only(_ source: String) throws -> KernelProgram {
    let programs = try KernelProgram.compile(source)
    try #require(programs.count == 1)
    return programs[0]
  }

  static func error(_ source: String) -> KernelSourceError? {
    do {
      _ = try KernelProgram.compile(source)
      return nil
    } catch {
      return error
    }
  }

  @Test func aColorKernelRunsItsMathsOnEachPixel() throws {
    let program = try Self.only(
      """
      // Swap red and green, scale by an argument, keep alpha.
      kernel vec4 swapAndScale(__sample s, float gain, vec2 unused) {
        vec3 c = s.grb * gain;
        return vec4(clamp(c, 0.0, 1.0), s.a);
      }
      """)
    #expect(program.kind == .color)
    #expect(program.parameters.map(\.type) == [.sample, .float, .vec2])
    let input = Self.source()
    let output = try FilterImage.kernelOutput(
      program, arguments: [.image(input), .number(0.5), .vector([1, 2])], extent: input.extent,
      flipsY: false)
    let before = FilterRenderer().render(input, in: Self.rect)
    let after = FilterRenderer().render(output, in: Self.rect)
    for (a, b) in zip(before.pixels, after.pixels) {
      let expected = SIMD4(min(a.y * 0.5, 1), min(a.x * 0.5, 1), a.z * 0.5, a.w)
      #expect(largestDifference(b, expected) < 1e-6)
    }
  }

  @Test func controlFlowHelpersAndSwizzleAssignmentsWork() throws {
    let program = try Self.only(
      """
      float luma(vec3 c) { return dot(c, vec3(0.2126, 0.7152, 0.0722)); }
      vec3 steps(vec3 c, float n) {
        vec3 result = c;
        for (int i = 0; i < 3; i++) {
          if (float(i) >= n) { break; }
          result = result * 0.5 + 0.25;
        }
        return result;
      }
      kernel vec4 k(__sample s) {
        vec4 result = s;
        result.rb = vec2(luma(s.rgb), 1.0 - s.r);
        result.g = s.g > 0.5 ? smoothstep(0.5, 1.0, s.g) : -s.g;
        result.g += steps(s.rgb, 2.0).z;
        result.a *= 1.0;
        return result;
      }
      """)
    let input = Self.source()
    let output = try FilterImage.kernelOutput(
      program, arguments: [.image(input)], extent: input.extent, flipsY: false)
    let before = FilterRenderer().render(input, in: Self.rect)
    let after = FilterRenderer().render(output, in: Self.rect)
    for (a, b) in zip(before.pixels, after.pixels) {
      let luma = 0.2126 * a.x + 0.7152 * a.y + 0.0722 * a.z
      let t = min(max((a.y - 0.5) / 0.5, 0), 1)
      var green = a.y > 0.5 ? t * t * (3 - 2 * t) : -a.y
      var blue = a.z
      for _ in 0..<2 { blue = blue * 0.5 + 0.25 }
      green += blue
      let expected = SIMD4(luma, green, 1 - a.x, a.w)
      #expect(largestDifference(b, expected) < 1e-5, "\(a) → \(b), expected \(expected)")
    }
  }

  @Test func aGeneralKernelSamplesElsewhereThroughItsRegionOfInterest() throws {
    // Each pixel takes its right-hand neighbour's colour: a shift left by one pixel.
    let program = try Self.only(
      """
      kernel vec4 shift(sampler image, float dx) {
        vec2 p = samplerCoord(image) + vec2(dx, 0.0);
        return sample(image, samplerTransform(image, p));
      }
      """)
    #expect(program.kind == .general)
    let input = Self.source()
    let output = try FilterImage.kernelOutput(
      program, arguments: [.image(input), .number(1)], extent: input.extent, flipsY: false,
      regionOfInterest: { _, rect in rect.insetBy(dx: -1, dy: 0) })
    let before = FilterRenderer().render(input, in: Self.rect)
    let after = FilterRenderer().render(output, in: Self.rect)
    for y in 0..<Self.rect.height {
      for x in 0..<(Self.rect.width - 1) {
        #expect(largestDifference(after[x: x, y: y], before[x: x + 1, y: y]) < 1e-6)
      }
      // Beyond the image's right edge the sample is clear.
      #expect(after[x: Self.rect.width - 1, y: y] == .zero)
    }
  }

  @Test func aWarpKernelSaysWhereEachPixelIsReadFrom() throws {
    // A mirror about x = 6 (the picture's middle), in kernel coordinates with y up.
    let program = try Self.only(
      """
      kernel vec2 mirror(float middle) {
        vec2 d = destCoord();
        return vec2(2.0 * middle - d.x, d.y);
      }
      """)
    #expect(program.kind == .warp)
    let input = Self.source()
    let output = try input.warped(
      by: program, arguments: [.number(6)], extent: input.extent, flipsY: true,
      regionOfInterest: { _, _ in input.extent })
    let before = FilterRenderer().render(input, in: Self.rect)
    let after = FilterRenderer().render(output, in: Self.rect)
    for y in 0..<Self.rect.height {
      for x in 0..<Self.rect.width {
        #expect(largestDifference(after[x: x, y: y], before[x: 11 - x, y: y]) < 1e-6)
      }
    }
  }

  @Test func destCoordIsThePixelCentreWithYUpWhenFlipped() throws {
    let program = try Self.only(
      "kernel vec4 where(__sample s) { vec2 d = destCoord(); return vec4(d.x, d.y, 0.0, 1.0); }")
    let input = Self.source()
    let flipped = try FilterImage.kernelOutput(
      program, arguments: [.image(input)], extent: input.extent, flipsY: true)
    let tile = FilterRenderer().render(flipped, in: Self.rect)
    #expect(tile[x: 3, y: 2] == SIMD4(3.5, -2.5, 0, 1))
  }

  @Test func mistakesAreReportedWithTheirLineAndColumn() {
    let cases: [(String, Int, Int, String)] = [
      ("kernel vec4 k(__sample s) {\n  return s.rgbx;\n}", 2, 12, "not a swizzle"),
      ("kernel vec4 k(__sample s) {\n  vec3 c = s.rgb\n  return s;\n}", 3, 3, "expected ';'"),
      (
        "kernel vec4 k(__sample s) {\n  return vec4(s.rgb, missing);\n}", 2, 22,
        "'missing' is not declared"
      ),
      (
        "kernel vec4 k(__sample s) {\n  return smoothstp(0.0, 1.0, s);\n}", 2, 10,
        "did you mean smoothstep?"
      ),
      (
        "kernel vec4 k(__sample s) {\n  vec3 c = s;\n  return s;\n}", 2, 8,
        "is a vec3, but the value is a vec4"
      ),
      ("kernel vec4 k(__sample s) {\n  return s.rgb + s.rg;\n}", 2, 16, "sizes must match"),
      ("kernel vec4 k(__sample s) {\n  s.r = 1.0;\n}", 1, 1, "must end with a return"),
      (
        "kernel vec4 k(__sample s) {\n  return sample(s, destCoord());\n}", 2, 10, "needs a sampler"
      ),
      ("kernel float k(__sample s) { return 1.0; }", 1, 1, "returns vec4"),
      ("kernel vec4 k(__sample s) { return s; } /* open", 1, 41, "not closed"),
      ("vec4 helper(vec4 c) { return c; }", 1, 6, "no kernel function"),
      ("kernel vec4 k(__sample s) {\n  mat3 m;\n  return s;\n}", 2, 3, "matrices"),
      ("kernel vec4 k(__sample s) { return s @ s; }", 1, 38, "unexpected character '@'"),
    ]
    for (source, line, column, text) in cases {
      let found = Self.error(source)
      #expect(
        found?.line == line && found?.column == column, "\(source): \(String(describing: found))")
      #expect(found?.message.contains(text) == true, "\(source): \(String(describing: found))")
    }
  }

  @Test func argumentsThatDoNotFitTheParametersAreRefusedByName() throws {
    let program = try Self.only(
      "kernel vec4 k(__sample s, vec3 tint) { return vec4(s.rgb * tint, s.a); }")
    let input = Self.source()
    #expect(throws: KernelArgumentError.self) {
      _ = try FilterImage.kernelOutput(
        program, arguments: [.image(input)], extent: input.extent, flipsY: false)
    }
    do {
      _ = try FilterImage.kernelOutput(
        program, arguments: [.image(input), .vector([1, 2])], extent: input.extent, flipsY: false)
      Issue.record("a vec2 for a vec3 parameter is refused")
    } catch {
      #expect(error.message.contains("argument 2 (vec3 tint) was given a vector of 2"))
    }
  }

  @Test func aLoopThatNeverEndsStopsAtItsLimit() throws {
    let program = try Self.only(
      "kernel vec4 k(__sample s) { float n = 0.0; while (true) { n += 1.0; } return vec4(n); }")
    let input = Self.source().cropped(to: Rect(x: 0, y: 0, width: 1, height: 1))
    let output = try FilterImage.kernelOutput(
      program, arguments: [.image(input)], extent: input.extent, flipsY: false)
    let tile = FilterRenderer().render(output, in: PixelRect(x: 0, y: 0, width: 1, height: 1))
    #expect(tile.pixels[0].x == Float(KernelCompiler.loopLimit))
  }
}
