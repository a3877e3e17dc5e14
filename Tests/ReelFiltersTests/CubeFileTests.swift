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
    #expect(problem("LUT_1D_SIZE 1024\n")?.reason.contains("1D lookup table") == true)
    #expect(problem("hello world\n")?.line == 1)
    #expect(problem("0 0 0\n")?.reason.contains("before LUT_3D_SIZE") == true)
    #expect(problem("LUT_3D_SIZE 4096\n")?.reason.contains("2…128") == true)
    #expect(problem("LUT_3D_SIZE 2\n0 0 nan\n")?.reason.contains("not a finite number") == true)
    #expect(problem("")?.reason.contains("no LUT_3D_SIZE") == true)
    let inverted = inverting.replacingOccurrences(of: "DOMAIN_MAX 1 1 1", with: "DOMAIN_MAX 0 1 1")
    #expect(problem(inverted)?.reason.contains("DOMAIN_MIN must be below") == true)
  }

  @Test func hostileTextNeverCrashes() {
    var generator = SystemRandomNumberGenerator()
    let pieces = ["LUT_3D_SIZE", " ", "2", "\n", "-", "1e99", "#", "\"", "TITLE", "0.5", "\t", "."]
    for _ in 0..<300 {
      let text = (0..<40).map { _ in pieces.randomElement(using: &generator)! }.joined()
      _ = problem(text)
    }
    _ = problem(String(repeating: "\n", count: 10_000))
    _ = problem("LUT_3D_SIZE 9223372036854775807\n")
    _ = problem("LUT_3D_SIZE -3\n")
  }
}
