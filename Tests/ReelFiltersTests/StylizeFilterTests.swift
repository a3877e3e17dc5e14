import Foundation
import ReelCore
import Testing

@testable import ReelFilters

@Suite("Stylize filters")
struct StylizeFilterTests {
  let harness = SpatialFilterHarness(
    picture: FilterTestSupport.gradientPicture(width: 40, height: 32))

  @Test func pixellateColoursEachSquareByThePictureAtItsCentre() throws {
    // Centred on a pixel centre, every square's centre is a pixel centre: its colour is that
    // pixel's exactly (Core Image samples the centre rather than averaging the square).
    let size = 8
    let out = try harness.render(
      "CIPixellate", ["inputCenter": .vector([4.5, 4.5]), "inputScale": .number(Double(size))])
    var worst = 0
    for y in 0..<out.height {
      for x in 0..<out.width {
        let cellX = 4 + Int((Double(x - 4) / Double(size)).rounded()) * size
        let cellY = 4 + Int((Double(y - 4) / Double(size)).rounded()) * size
        let want = harness.picture[
          x: min(max(cellX, 0), out.width - 1), y: min(max(cellY, 0), out.height - 1)]
        let got = out[x: x, y: y]
        worst = max(
          worst, abs(Int(got.red) - Int(want.red)), abs(Int(got.green) - Int(want.green)),
          abs(Int(got.blue) - Int(want.blue)))
      }
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
    #expect(try harness.output("CIPixellate").extent == harness.bounds.rect)
  }

  @Test func hexagonalPixellateGivesEveryPixelOfAHexagonOneColour() throws {
    let origin = Point(x: 20.5, y: 16.5)
    let size = 10.0
    let out = try harness.render(
      "CIHexagonalPixellate",
      ["inputCenter": .vector([origin.x, origin.y]), "inputScale": .number(size)])
    var colours: [String: BGRA] = [:]
    var mismatches = 0
    for y in 0..<out.height {
      for x in 0..<out.width {
        let centre = CellSampling.hexagonCenter(
          of: Point(x: Double(x) + 0.5, y: Double(y) + 0.5), origin: origin, size: size)
        // Every pixel is nearer its own centre than any other lattice point (a hexagon).
        let distance = hypot(centre.x - Double(x) - 0.5, centre.y - Double(y) - 0.5)
        #expect(distance <= size / 3.0.squareRoot() + 1e-9)
        let key = "\(centre.x),\(centre.y)"
        if let seen = colours[key] {
          if seen != out[x: x, y: y] { mismatches += 1 }
        } else {
          colours[key] = out[x: x, y: y]
        }
      }
    }
    #expect(mismatches == 0)
    #expect(colours.count > 10)
    #expect(out[x: 20, y: 16] == harness.picture[x: 20, y: 16])
  }

  @Test func bloomScreensTheImageWithItsBlur() throws {
    let sigma = 2.0
    let intensity = 0.7
    let out = try harness.render(
      "CIBloom", ["inputRadius": .number(sigma), "inputIntensity": .number(intensity)])
    let worst = SpatialFilterHarness.worstDifference(out, margin: 6) { x, y in
      let c = harness.linear(x, y)
      let glow = harness.gaussian(x, y, sigma: sigma) * intensity
      return c + glow - c * glow
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
  }

  @Test func gloomMultipliesTheImageTowardsItsBlur() throws {
    let sigma = 2.0
    let intensity = 0.7
    let out = try harness.render(
      "CIGloom", ["inputRadius": .number(sigma), "inputIntensity": .number(intensity)])
    let worst = SpatialFilterHarness.worstDifference(out, margin: 6) { x, y in
      harness.linear(x, y) * (1 - intensity + intensity * harness.gaussian(x, y, sigma: sigma))
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
  }

  @Test func edgesAreTheSobelGradientTimesTheIntensity() throws {
    // Black left of x = 8, white from it: Sobel's Gx is 4 on the two columns beside the step.
    var step = Image(width: 16, height: 8)
    for y in 0..<8 {
      for x in 0..<16 {
        let level: UInt8 = x < 8 ? 0 : 255
        step.setPixel(x: x, y: y, BGRA(blue: level, green: level, red: level, alpha: 255))
      }
    }
    let out = try SpatialFilterHarness(picture: step).render(
      "CIEdges", ["inputIntensity": .number(0.1)])
    let edge = FilterTestSupport.level(FilterTestSupport.encoded(0.4))
    for y in 1..<7 {
      #expect(Int(out[x: 7, y: y].red) == edge)
      #expect(Int(out[x: 8, y: y].green) == edge)
      #expect(out[x: 4, y: y].blue == 0)
      #expect(out[x: 12, y: y].red == 0)
      #expect(out[x: 12, y: y].alpha == 255)
    }
  }
}

@Suite("Cell stylize filters")
struct CellStylizeFilterTests {
  let harness = SpatialFilterHarness(
    picture: FilterTestSupport.gradientPicture(width: 40, height: 32))

  @Test func crystallizeColoursEachPixelByItsNearestSite() throws {
    let origin = Point(x: 0, y: 0)
    let radius = 6.0
    let out = try harness.render(
      "CICrystallize", ["inputRadius": .number(radius), "inputCenter": .vector([0, 0])])
    var sites: Set<String> = []
    var worst = 0
    for y in 0..<out.height {
      for x in 0..<out.width {
        let site = CellStylizeFilters.nearestSite(
          to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5), origin: origin, size: radius)
        sites.insert("\(site.x),\(site.y)")
        // Brute force over many cells: no site is nearer than the one chosen.
        let chosen = hypot(site.x - Double(x) - 0.5, site.y - Double(y) - 0.5)
        for j in -3...8 {
          for i in -3...10 {
            let other = CellStylizeFilters.site(i, j, origin: origin, size: radius)
            #expect(hypot(other.x - Double(x) - 0.5, other.y - Double(y) - 0.5) >= chosen - 1e-9)
          }
        }
        let want = harness.bilinear(
          min(max(site.x, 0.5), 39.5), min(max(site.y, 0.5), 31.5))
        let got = out[x: x, y: y]
        let levels = [want.x, want.y, want.z].map {
          FilterTestSupport.level(FilterTestSupport.encoded($0))
        }
        worst = max(
          worst, abs(Int(got.red) - levels[0]), abs(Int(got.green) - levels[1]),
          abs(Int(got.blue) - levels[2]))
      }
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
    #expect(sites.count > 20)
  }

  @Test func pointillizeLeavesTheGapsBetweenDotsClear() throws {
    let radius = 4.0
    let out = try harness.render(
      "CIPointillize", ["inputRadius": .number(radius), "inputCenter": .vector([0, 0])])
    var clear = 0
    var painted = 0
    for y in 0..<out.height {
      for x in 0..<out.width {
        let point = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
        let site = CellStylizeFilters.nearestSite(
          to: point, origin: .zero, size: 2 * radius)
        let inside = hypot(site.x - point.x, site.y - point.y) <= radius
        if inside {
          painted += 1
          #expect(out[x: x, y: y].alpha == 255)
        } else {
          clear += 1
          #expect(out[x: x, y: y].alpha == 0)
        }
      }
    }
    #expect(clear > 0 && painted > clear)
  }

  @Test func edgeWorkDrawsBlackOnTheDarkSideOfAnEdgeAndWhiteElsewhere() throws {
    var step = Image(width: 24, height: 8)
    for y in 0..<8 {
      for x in 0..<24 {
        let level: UInt8 = x < 12 ? 30 : 220
        step.setPixel(x: x, y: y, BGRA(blue: level, green: level, red: level, alpha: 255))
      }
    }
    let out = try SpatialFilterHarness(picture: step).render(
      "CIEdgeWork", ["inputRadius": .number(2)])
    #expect(out[x: 11, y: 4].red == 0)
    #expect(out[x: 3, y: 4].red == 255)
    #expect(out[x: 13, y: 4].red == 255)
    #expect(out[x: 20, y: 4].red == 255)
  }
}

@Suite("Tone stylize filters")
struct ToneStylizeFilterTests {
  let harness = SpatialFilterHarness(
    picture: FilterTestSupport.gradientPicture(width: 40, height: 32))

  @Test func highlightShadowAdjustFollowsItsFormulaAndItsDefaultsChangeNothing() throws {
    let unchanged = try harness.render("CIHighlightShadowAdjust")
    #expect(
      SpatialFilterHarness.worstDifference(unchanged, margin: 0) { harness.linear($0, $1) } <= 1)
    let shadow = 0.8
    let highlight = 0.3
    let out = try harness.render(
      "CIHighlightShadowAdjust",
      ["inputShadowAmount": .number(shadow), "inputHighlightAmount": .number(highlight)])
    let worst = SpatialFilterHarness.worstDifference(out, margin: 0) { x, y in
      let c = harness.linear(x, y)
      let l = c.luminance
      guard l > 0 else { return c }
      let lifted = l + shadow * (1 - l) * (1 - l) * (l.squareRoot() - l)
      let tamed = lifted - (1 - highlight) * l * l * (lifted - lifted * lifted)
      return c * (tamed / l)
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
  }

  @Test func comicEffectInksEdgesBlackAndFlattensColours() throws {
    var step = Image(width: 24, height: 8)
    for y in 0..<8 {
      for x in 0..<24 {
        let level: UInt8 = x < 12 ? 40 : 200
        step.setPixel(x: x, y: y, BGRA(blue: level, green: level, red: level, alpha: 255))
      }
    }
    let out = try SpatialFilterHarness(picture: step).render("CIComicEffect")
    #expect(out[x: 11, y: 4].red == 0 && out[x: 12, y: 4].red == 0)
    // 40/255 and 200/255 flatten to the nearest of 0, 1/3, 2/3, 1: 0 and 2/3 (level 170).
    #expect(out[x: 4, y: 4].red == 0)
    #expect(out[x: 20, y: 4].red == 170)
  }

  @Test func comicEffectScreensFlatColoursIntoHalftoneDots() throws {
    // A flat grey 500 × 500 picture: no outlines, one flat colour (level 60 → 1/3 → 85), and
    // cells of 500 / 100 = 5 pixels turned 45° from the corner, dots of 0.35 · 5 · √(2/3).
    var grey = Image(width: 500, height: 500)
    for y in 0..<500 {
      for x in 0..<500 { grey.setPixel(x: x, y: y, BGRA(blue: 60, green: 60, red: 60, alpha: 255)) }
    }
    let area = PixelRect(x: 200, y: 230, width: 40, height: 40)
    let out = try SpatialFilterHarness(picture: grey).render("CIComicEffect", in: area)
    let flat = FilterTestSupport.linear(1.0 / 3)
    let cell = 5.0
    let radius = 0.35 * cell * (2.0 / 3).squareRoot()
    var worst = 0
    var darkest = 255
    var lightest = 0
    for row in 0..<area.height {
      for column in 0..<area.width {
        let (x, y) = (Double(area.x + column) + 0.5, Double(area.y + row) + 0.5)
        let u = (x + y) / (2.0.squareRoot() * cell)
        let v = (y - x) / (2.0.squareRoot() * cell)
        let distance = hypot(u - u.rounded(), v - v.rounded()) * cell
        let coverage = min(max(radius - distance + 0.5, 0), 1)
        let expected = FilterTestSupport.level(
          FilterTestSupport.encoded(flat * (1 - 0.5 * coverage)))
        let found = Int(out[x: column, y: row].red)
        worst = max(worst, abs(found - expected))
        darkest = min(darkest, found)
        lightest = max(lightest, found)
      }
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
    #expect(lightest == 85 && darkest < 70, "dots darker than the flat colour between them")
  }
}
