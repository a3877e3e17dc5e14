import Foundation
import ReelCore
import Testing

@testable import ReelFilters

@Suite(".cube files")
struct CubeFileTests {
  /// A 2³ table inverting colours, with the furniture real files carry.
  let inverting = """
    # Made by a test
    TITLE "Invert"

    LUT_3D_SIZE 2
    DOMAIN_MIN 0 0 0
    DOMAIN_MAX 1 1 1
    1 1 1
    0 1 1
    1 0 1\r
    0 0 1
    1 1 0   # a comment after the numbers
    0 1 0
    1 0 0
    0 0 0
    """

  @Test func aTableIsReadRedFastestWithItsTitleAndDomain() throws {
    let parsed = try CubeFile.parse(inverting)
    #expect(parsed.title == "Invert")
    #expect(parsed.cube.dimension == 2)
    #expect(Array(parsed.cube.texels[4..<8]) == [0, 1, 1, 1], "second texel is red = 1")
    let sampled = parsed.cube.sample(SIMD3(0.25, 0.5, 1))
    #expect(largestDifference(sampled.rgb, SIMD3(0.75, 0.5, 0)) < 1e-6)
  }

  @Test func aDomainMapsInputsOntoTheTable() throws {
    let text = inverting.replacingOccurrences(of: "DOMAIN_MAX 1 1 1", with: "DOMAIN_MAX 2 2 2")
    let cube = try CubeFile.parse(text).cube
    #expect(largestDifference(cube.sample(SIMD3(1, 1, 1)).rgb, SIMD3(0.5, 0.5, 0.5)) < 1e-6)
  }

  func problem(_ text: String) -> CubeFileError? {
    do {
      _ = try CubeFile.parse(text)
      return nil
    } catch {
      return error
    }
  }

  @Test func eachMistakeIsNamedWithItsLine() {
    let short = inverting.replacingOccurrences(of: "0 1 0\n", with: "0 1\n")
    #expect(problem(short) == CubeFileError(line: 12, "expected 3 numbers, found 2"))
    #expect(problem(short)?.description == "line 12: expected 3 numbers, found 2")
    let missing = inverting.replacingOccurrences(of: "1 0 0\n0 0 0", with: "1 0 0")
    #expect(problem(missing)?.reason.contains("needs 2³ = 8") == true)
    #expect(
      problem("LUT_1D_SIZE 3\n0 0 0\n1 1 1")?.reason
        == "the table has 2 lines; LUT_1D_SIZE 3 needs 3")
    #expect(problem("LUT_1D_SIZE 70000\n")?.reason.contains("2…65536") == true)
    #expect(
      problem("LUT_1D_SIZE 2\nLUT_3D_SIZE 2\n")
        == CubeFileError(line: 2, "LUT_3D_SIZE after LUT_1D_SIZE: a file holds one table, 1D or 3D")
    )
    #expect(
      problem("LUT_1D_SIZE 2\n0 0 0\n1 1\n")
        == CubeFileError(line: 3, "expected 3 numbers, found 2"))
    #expect(problem("hello world\n")?.line == 1)
    #expect(problem("0 0 0\n")?.reason.contains("before LUT_3D_SIZE") == true)
    #expect(problem("LUT_3D_SIZE 4096\n")?.reason.contains("2…128") == true)
    #expect(problem("LUT_3D_SIZE 2\n0 0 nan\n")?.reason.contains("not a finite number") == true)
    #expect(problem("")?.reason.contains("no LUT_3D_SIZE or LUT_1D_SIZE") == true)
    let inverted = inverting.replacingOccurrences(of: "DOMAIN_MAX 1 1 1", with: "DOMAIN_MAX 0 1 1")
    #expect(problem(inverted)?.reason.contains("DOMAIN_MIN must be below") == true)
  }

  /// A 1D table: each channel its own curve, linearly interpolated between entries.
  @Test func aOneDimensionalTableInterpolatesEachChannelLinearly() throws {
    let text = """
      TITLE "Curves"
      LUT_1D_SIZE 5
      0 1 0
      0.5 0.75 0.0625
      0.6 0.5 0.25
      0.9 0.25 0.5625
      1 0 1
      """
    let parsed = try CubeFile.parse(text)
    #expect(parsed.title == "Curves")
    let curves = try #require(parsed.cube.curves)
    #expect(curves.values.count == 5)
    // Each channel between its two entries around it: red 0.3 lies 0.2 of the way from
    // entry 1 (0.5) to entry 2 (0.6); green 0.9 lies 0.6 from entry 3 (0.25) to 4 (0);
    // blue 0.55 lies 0.2 from entry 2 (0.25) to 3 (0.5625).
    let expected = SIMD3<Float>(0.5 + 0.2 * 0.1, 0.25 - 0.6 * 0.25, 0.25 + 0.2 * 0.3125)
    let sampled = parsed.cube.sample(SIMD3(0.3, 0.9, 0.55))
    #expect(largestDifference(sampled.rgb, expected) < 1e-5)
    #expect(sampled.w == 1)
    // Entries are hit exactly, inputs beyond the domain clamp to the end entries.
    #expect(
      largestDifference(parsed.cube.sample(SIMD3(0.25, 0.5, 0.75)).rgb, SIMD3(0.5, 0.5, 0.5625))
        < 1e-6)
    #expect(largestDifference(parsed.cube.sample(SIMD3(-1, 2, 5)).rgb, SIMD3(0, 0, 1)) < 1e-6)
    // The 3D texels kept for readers of `texels` sample the same function.
    let side = parsed.cube.dimension
    #expect(parsed.cube.texels.count == side * side * side * 4)
    #expect(Array(parsed.cube.texels[0..<4]) == [0, 1, 0, 1])
  }

  /// A 1D table applied to a picture as templates apply `lut` (on sRGB-encoded values): each
  /// channel's 8-bit level is the linear interpolation of its column, within 1 level.
  @Test func aOneDimensionalTableLooksPicturesUpByLinearInterpolation() throws {
    let columns: [[Float]] = [
      [0, 0.4, 0.7, 0.9, 1], [1, 0.8, 0.5, 0.2, 0], [0, 0.1, 0.2, 0.6, 1],
    ]
    let rows = (0..<5).map { "\(columns[0][$0]) \(columns[1][$0]) \(columns[2][$0])" }
    let cube = try CubeFile.parse("LUT_1D_SIZE 5\n" + rows.joined(separator: "\n")).cube
    let picture = FilterTestSupport.gradientPicture()
    let looked = FilterImage(picture: picture).applying(.colorCube(cube, space: .encoded))
    let rendered = try FilterRenderer().renderPicture(
      looked, in: PixelRect(x: 0, y: 0, width: picture.width, height: picture.height))
    func interpolated(_ level: UInt8, _ column: [Float]) -> Int {
      let position = Double(level) / 255 * 4
      let below = min(Int(position), 3)
      let fraction = position - Double(below)
      let value =
        Double(column[below]) + (Double(column[below + 1]) - Double(column[below])) * fraction
      return FilterTestSupport.level(value)
    }
    let worst = FilterTestSupport.maximumDifference(rendered) { x, y in
      let pixel = picture[x: x, y: y]
      return (
        interpolated(pixel.red, columns[0]), interpolated(pixel.green, columns[1]),
        interpolated(pixel.blue, columns[2])
      )
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
  }

  @Test func aOneDimensionalInputRangeScalesTheDomain() throws {
    let text = "LUT_1D_SIZE 2\nLUT_1D_INPUT_RANGE 0 2\n0 0 0\n1 1 1\n"
    let cube = try CubeFile.parse(text).cube
    #expect(largestDifference(cube.sample(SIMD3(1, 0.5, 2)).rgb, SIMD3(0.5, 0.25, 1)) < 1e-6)
  }

  @Test func hostileTextNeverCrashes() {
    var generator = SystemRandomNumberGenerator()
    let pieces = [
      "LUT_3D_SIZE", "LUT_1D_SIZE", " ", "2", "\n", "-", "1e99", "#", "\"", "TITLE", "0.5", "\t",
      ".",
    ]
    for _ in 0..<300 {
      let text = (0..<40).map { _ in pieces.randomElement(using: &generator)! }.joined()
      _ = problem(text)
    }
    _ = problem(String(repeating: "\n", count: 10_000))
    _ = problem("LUT_3D_SIZE 9223372036854775807\n")
    _ = problem("LUT_3D_SIZE -3\n")
  }
}
