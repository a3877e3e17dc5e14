import Foundation
import ReelCore
import Testing

@testable import ReelFilters

/// The renderer's direct 8-bit paths for a blurred picture and the pictures it takes again
/// between renders, against the general path and the value semantics of its results.
@Suite("Filter direct paths")
struct FilterDirectPathTests {
  /// A blurred picture with its edges extended, as a template's blur makes it.
  static func blurredRecipe(_ picture: Image, sigma: Double) -> FilterImage {
    FilterImage(picture: picture).clampedToExtent().blurred(sigma: sigma).cropped(
      to: Rect(x: 0, y: 0, width: Double(picture.width), height: Double(picture.height)))
  }

  @Test func aBlurredPictureGoesStraightFrom8BitTo8BitWithinOneLevelOfTheGeneralPath() throws {
    let picture = FilterFastPathTests.stripes(width: 320, height: 240)
    let recipe = Self.blurredRecipe(picture, sigma: 12)
    let whole = PixelRect(x: 0, y: 0, width: 320, height: 240)
    #expect(DirectBlur(recipe, over: whole, buffers: GridBuffers()) != nil)
    let direct = try FilterRenderer().renderPicture(recipe, in: whole)
    // The general path: the recipe's tile in linear light, encoded.
    let tile = FilterEvaluation(root: recipe, shared: SharedRenderState(area: 0)).tile(
      of: recipe, in: whole)
    var worst = 0
    for y in 0..<240 {
      for x in 0..<320 {
        let general = FilterRenderer.encodedPremultiplied(tile.pixels[y * 320 + x])
        let pixel = direct[x: x, y: y]
        worst = max(
          worst, abs(Int(pixel.red) - Int(general.red)),
          abs(Int(pixel.green) - Int(general.green)), abs(Int(pixel.blue) - Int(general.blue)),
          abs(Int(pixel.alpha) - Int(general.alpha)))
      }
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
  }

  @Test func aDirectBlurOfSomeRowsIsTheSameAsTheseRowsOfTheWholeRender() throws {
    let picture = FilterFastPathTests.stripes(width: 320, height: 240)
    let recipe = Self.blurredRecipe(picture, sigma: 20)
    let renderer = FilterRenderer()
    let whole = try renderer.renderPicture(
      recipe, in: PixelRect(x: 0, y: 0, width: 320, height: 240))
    for y in [0, 1, 77, 128, 239] {
      let row = try renderer.renderPicture(recipe, in: PixelRect(x: 0, y: y, width: 320, height: 1))
      for x in 0..<320 where row[x: x, y: 0] != whole[x: x, y: y] {
        Issue.record("pixel (\(x), \(y)): \(whole[x: x, y: y]) whole, \(row[x: x, y: 0]) alone")
        return
      }
    }
  }

  @Test func aPictureTheRendererGaveIsNeverWrittenAgainWhileItIsHeld() throws {
    let picture = FilterFastPathTests.stripes(width: 320, height: 240)
    let whole = PixelRect(x: 0, y: 0, width: 320, height: 240)
    let renderer = FilterRenderer()
    let first = try renderer.renderPicture(Self.blurredRecipe(picture, sigma: 8), in: whole)
    let before = (0..<240).map { first[x: 160, y: $0] }
    // Two more renders of other blurs while `first` is held: neither may write into it.
    let second = try renderer.renderPicture(Self.blurredRecipe(picture, sigma: 30), in: whole)
    let third = try renderer.renderPicture(Self.blurredRecipe(picture, sigma: 30), in: whole)
    #expect((0..<240).map { first[x: 160, y: $0] } == before)
    #expect(FilterKeptWorkTests.largestDifference(second, third) == 0)
    #expect(FilterKeptWorkTests.largestDifference(first, second) > 10)
  }

  @Test func aPictureLetGoIsTakenAgainByTheNextRender() throws {
    let picture = FilterFastPathTests.stripes(width: 320, height: 240)
    let whole = PixelRect(x: 0, y: 0, width: 320, height: 240)
    let renderer = FilterRenderer()
    func address(_ image: Image) -> UnsafeRawPointer? { image.withUnsafeBytes { $0.baseAddress } }
    var first: Image? = try renderer.renderPicture(
      Self.blurredRecipe(picture, sigma: 8), in: whole)
    let firstAddress = first.flatMap(address)
    let held = try renderer.renderPicture(Self.blurredRecipe(picture, sigma: 8), in: whole)
    #expect(address(held) != firstAddress, "a picture still held is not taken")
    first = nil
    let next = try renderer.renderPicture(Self.blurredRecipe(picture, sigma: 8), in: whole)
    #expect(address(next) == firstAddress, "the picture let go is taken again")
    #expect(FilterKeptWorkTests.largestDifference(next, held) == 0)
  }
}
