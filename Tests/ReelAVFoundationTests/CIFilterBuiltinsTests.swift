import AVFoundationCompat
import Foundation
import TestSupport
import Testing

@testable import ReelAVFoundation

/// The typed `CIFilterBuiltins` forms, generated from the filter catalog.
@Suite("CIFilterBuiltins")
struct CIFilterBuiltinsTests {
  static let repository = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test func theGeneratedFileIsCurrent() throws {
    let files = CIFilterBuiltinsGenerator.files
    for file in files {
      let written = try String(
        contentsOf: Self.repository.appendingPathComponent(file.relativePath), encoding: .utf8)
      #expect(written == file.source, "\(file.relativePath) is stale: run `make schema`")
      #expect(
        written.split(separator: "\n").count <= 700, "\(file.relativePath) is over 700 lines")
    }
    // No generated file the catalog no longer makes.
    let folder = Self.repository.appendingPathComponent(CIFilterBuiltinsGenerator.folder)
    let generated = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasPrefix(CIFilterBuiltinsGenerator.filePrefix) }
    #expect(
      Set(generated) == Set(files.map { URL(fileURLWithPath: $0.relativePath).lastPathComponent }))
  }

  @Test func everyParameterKeyHasItsCoreImageConstant() {
    #expect(CIFilterBuiltinsGenerator.keyConstantName("inputEV") == "kCIInputEVKey")
    #expect(CIFilterBuiltinsGenerator.keyConstantName("inputImage") == "kCIInputImageKey")
    for name in CIFilter.filterNames(inCategory: nil) {
      for key in CIFilter(name: name)?.inputKeys ?? [] {
        let declaration =
          "public let \(CIFilterBuiltinsGenerator.keyConstantName(key)) = \"\(key)\""
        #expect(CIFilterBuiltinsGenerator.keySource.contains(declaration), "\(name).\(key)")
      }
    }
    #expect(
      [kCIInputImageKey, kCIInputEVKey, kCIInputBackgroundImageKey, kCIInputTargetImageKey]
        == ["inputImage", "inputEV", "inputBackgroundImage", "inputTargetImage"])
  }

  @Test func aQRCodeWithoutAMessageHasNoImage() {
    let qr = CIFilter.qrCodeGenerator()
    #expect(qr.outputImage == nil)
    qr.message = Data()
    #expect(qr.outputImage == nil)
    qr.message = Data("reel".utf8)
    #expect(qr.outputImage != nil)
  }

  @Test func namesFollowSwiftsImportOfApplesHeaders() {
    func names(_ filter: String, _ key: String) -> String {
      CIFilterBuiltinsGenerator.names(filter: filter, key: key).map {
        "\($0.factory).\($0.property)"
      }
        ?? "missing"
    }
    #expect(names("CISepiaTone", "inputImage") == "sepiaTone.inputImage")
    #expect(names("CIExposureAdjust", "inputEV") == "exposureAdjust.ev")
    #expect(names("CIColorMatrix", "inputRVector") == "colorMatrix.rVector")
    #expect(
      names("CISourceOverCompositing", "inputBackgroundImage")
        == "sourceOverCompositing.backgroundImage")
    #expect(names("CIRadialGradient", "inputRadius0") == "radialGradient.radius0")
    #expect(names("CIQRCodeGenerator", "inputMessage") == "qrCodeGenerator.message")
  }

  @Test func aTypedSepiaToneRendersAsTheNamedOne() throws {
    let source = CIImage(
      cvPixelBuffer: try CoreImageTests.buffer(8, 6, blue: 192, green: 128, red: 64))
    let typed = CIFilter.sepiaTone()
    typed.inputImage = source
    typed.intensity = 0.5
    let named = try #require(CIFilter(name: "CISepiaTone"))
    named.setValue(source, forKey: kCIInputImageKey)
    named.setValue(0.5, forKey: kCIInputIntensityKey)
    #expect(typed.value(forKey: kCIInputIntensityKey) as? Float == 0.5)
    let first = try CVPixelBufferTests.make(8, 6, kCVPixelFormatType_32BGRA)
    let second = try CVPixelBufferTests.make(8, 6, kCVPixelFormatType_32BGRA)
    CIContext().render(try #require(typed.outputImage), to: first)
    CIContext().render(try #require(named.outputImage), to: second)
    for (x, y) in [(0, 0), (3, 2), (7, 5)] {
      let got = try CoreImageTests.pixel(first, x, y)
      #expect(got == (try CoreImageTests.pixel(second, x, y)))
      let want = CoreImageTests.sepia(64, 128, 192, intensity: 0.5)
      #expect(abs(got[2] - want[0]) <= 1 && abs(got[1] - want[1]) <= 1)
    }
  }

  @Test func geometricDefaultsAreApplesNumbersInApplesPlane() throws {
    // A white 300 × 300 picture under CIVignetteEffect's defaults: the centre (150, 150), the
    // radius 150. Core Image's (150, 150) is the buffer's middle; (10, 290) is near its top
    // left corner (row 10), outside the circle, so darkened.
    let source = CIImage(
      cvPixelBuffer: try CoreImageTests.buffer(300, 300, blue: 255, green: 255, red: 255))
    let vignette = CIFilter.vignetteEffect()
    vignette.inputImage = source
    let target = try CVPixelBufferTests.make(300, 300, kCVPixelFormatType_32BGRA)
    CIContext().render(try #require(vignette.outputImage), to: target)
    #expect(try CoreImageTests.pixel(target, 150, 150)[1] == 255)
    #expect(try CoreImageTests.pixel(target, 10, 10)[1] == 0)
    #expect(try CoreImageTests.pixel(target, 10, 290)[1] == 0)
    let swipe = try #require(CIFilter(name: "CISwipeTransition"))
    #expect(
      (swipe.value(forKey: kCIInputExtentKey) as? CIVector)?.cgRectValue
        == CGRect(x: 0, y: 0, width: 300, height: 300))
  }

  @Test func aTransitionsAngleIsCoreImagesCounterClockwiseFromX() throws {
    // Angle ½π is up the screen: the target comes in from the bottom rows.
    let red = CIImage(cvPixelBuffer: try CoreImageTests.buffer(20, 20, blue: 0, green: 0, red: 255))
    let blue = CIImage(
      cvPixelBuffer: try CoreImageTests.buffer(20, 20, blue: 255, green: 0, red: 0))
    let bars = CIFilter.barsSwipeTransition()
    bars.inputImage = red
    bars.targetImage = blue
    bars.angle = Float.pi / 2
    bars.width = 100
    bars.barOffset = 10
    bars.time = 0.3  // the edge 0.3 · (20 + 10) = 9 rows up from the bottom
    let target = try CVPixelBufferTests.make(20, 20, kCVPixelFormatType_32BGRA)
    CIContext().render(try #require(bars.outputImage), to: target)
    #expect(try CoreImageTests.pixel(target, 5, 19)[0] == 255, "bottom row: the target")
    #expect(try CoreImageTests.pixel(target, 5, 11)[0] == 255)
    #expect(try CoreImageTests.pixel(target, 5, 10)[2] == 255, "row 10: still the image")
    #expect(try CoreImageTests.pixel(target, 5, 0)[2] == 255, "top row: the image")
  }

  /// Snippets in the shapes Apple's documentation and apps write them.
  @Test func appleShapedSnippetsCompileAndRoundTrip() throws {
    let image = CIImage(color: .red).cropped(to: CGRect(x: 0, y: 0, width: 16, height: 16))

    let blur = CIFilter.gaussianBlur()
    blur.inputImage = image
    blur.radius = 4
    #expect(blur.radius == 4 && blur.outputImage != nil)

    let exposure = CIFilter.exposureAdjust()
    #expect(exposure.ev == 0)
    exposure.ev = 1

    let matrix = CIFilter.colorMatrix()
    matrix.rVector = CIVector(x: 0, y: 1, z: 0, w: 0)
    #expect(matrix.rVector.y == 1 && matrix.biasVector.count == 4)

    let vignette = CIFilter.vignetteEffect()
    #expect(vignette.center == CGPoint(x: 150, y: 150) && vignette.falloff == 0.5)
    vignette.center = CGPoint(x: 8, y: 8)
    vignette.inputImage = image
    #expect(vignette.center == CGPoint(x: 8, y: 8) && vignette.outputImage != nil)

    let swipe: CIFilter & CISwipeTransition = CIFilter.swipeTransition()
    swipe.inputImage = image
    swipe.targetImage = CIImage(color: .blue).cropped(to: image.extent)
    swipe.extent = image.extent
    swipe.color = CIColor(red: 1, green: 1, blue: 1)
    swipe.time = 0.5
    #expect(swipe.extent == image.extent && swipe.outputImage != nil)

    let qr = CIFilter.qrCodeGenerator()
    qr.message = Data("https://example.com".utf8)
    qr.correctionLevel = "H"
    let code = try #require(qr.outputImage)
    #expect(code.extent.origin == .zero && code.extent.width == code.extent.height)

    let transform = CIFilter.affineTransform()
    transform.transform = CGAffineTransform(scaleX: 2, y: 2)
    #expect(transform.transform.a == 2)

    let warmth = CIFilter.temperatureAndTint()
    warmth.neutral = CIVector(x: 9000, y: 0)
    #expect(warmth.neutral.x == 9000 && warmth.targetNeutral.x == 6500)

    let tint = CIFilter.falseColor()
    tint.color0 = CIColor(red: 0.2, green: 0, blue: 0)
    #expect(abs(tint.color0.red - 0.2) < 1e-6)

    let blend = CIFilter.softLightBlendMode()
    blend.inputImage = image
    blend.backgroundImage = image
    #expect(blend.outputImage != nil)

    let transitions: [CIFilter & CITransitionFilter] = [
      CIFilter.dissolveTransition(), CIFilter.barsSwipeTransition(), CIFilter.flashTransition(),
    ]
    for transition in transitions {
      transition.inputImage = image
      transition.targetImage = image
      transition.time = 0.25
      #expect(transition.outputImage != nil && transition.time == 0.25)
    }
    let over: CIFilter & CICompositeOperation = CIFilter.sourceOverCompositing()
    over.inputImage = image
    over.backgroundImage = image
    #expect(over.outputImage?.extent == image.extent)

    let noir: CIFilterProtocol = CIFilter.photoEffectNoir()
    #expect(noir.outputImage == nil, "no input image: no output")
  }
}
