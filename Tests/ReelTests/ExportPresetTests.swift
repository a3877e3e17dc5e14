import Reel
import ReelMedia
import Testing

@Suite("Export presets")
struct ExportPresetTests {
  private func size(_ preset: ExportPreset, _ width: Double, _ height: Double) -> [Int]? {
    preset.outputSize(for: Size(width: width, height: height)).map { [$0.width, $0.height] }
  }

  @Test func observedQualityPresetSizesFor1080p() {
    #expect(size(.mediumQuality, 1920, 1080) == [568, 320])
    #expect(size(.lowQuality, 1920, 1080) == [224, 128])
    #expect(size(.highestQuality, 1920, 1080) == [1920, 1080])
  }

  @Test func sizedPresetsFitWithoutUpscaling() {
    #expect(size(.preset1280x720, 1920, 1080) == [1280, 720])
    #expect(size(.preset1280x720, 640, 360) == [640, 360])
    #expect(size(.preset640x480, 1920, 1080) == [640, 360])
    #expect(size(.hevc1920x1080, 3840, 2160) == [1920, 1080])
    // Portrait stays portrait: 1080×1920 into the 720×1280 box.
    #expect(size(.preset1280x720, 1080, 1920) == [720, 1280])
    // 4:3 into 16:9: limited by height, 960×720.
    #expect(size(.preset1280x720, 1440, 1080) == [960, 720])
    // Odd sizes come out even and never larger than the source.
    #expect(size(.preset1920x1080, 161, 121) == [160, 120])
    #expect(size(.mediumQuality, 640, 360) == [568, 320])
  }

  @Test func audioOnlyAndPassthrough() {
    #expect(size(.appleM4A, 1920, 1080) == nil)
    #expect(ExportPreset.appleM4A.videoCodec == .none)
    #expect(ExportPreset.passthrough.reencodes == false)
    #expect(ExportPreset.hevc3840x2160.videoCodec == .hevc)
    #expect(ExportPreset.preset960x540.videoCodec == .h264)
  }

  @Test func presetsParseFromNames() throws {
    #expect(try ExportPreset(name: "1280x720") == .preset1280x720)
    #expect(try ExportPreset(name: "medium") == .mediumQuality)
    #expect(try ExportPreset(name: "hevc-1920x1080") == .hevc1920x1080)
    #expect(try ExportPreset(name: "passthrough") == .passthrough)
    #expect(try ExportPreset(name: "m4a") == .appleM4A)
    #expect(try ExportPreset(name: "AVAssetExportPresetHighestQuality") == .highestQuality)
    for preset in ExportPreset.allCases {
      #expect(try ExportPreset(name: preset.name) == preset)
      #expect(try ExportPreset(name: preset.rawValue) == preset)
    }
  }

  /// One alpha preset per codec whose pixel format carries alpha, named by the codec: it
  /// keeps alpha, encodes with that codec at the render size.
  @Test func alphaPresetsAreTheCodecsWithAlpha() throws {
    let alphaCodecs = VideoCodec.allCases.filter {
      $0.descriptor.pixelFormat.carriesAlpha && !$0.descriptor.preferredContainer.isAnimatedImage
    }
    #expect(ExportPreset.allCases.compactMap(\.alphaCodec) == alphaCodecs)
    #expect(try ExportPreset(name: "prores4444") == .prores4444)
    #expect(try ExportPreset(name: "VP9-alpha") == .vp9alpha)
    for preset in [ExportPreset.prores4444, .vp9alpha] {
      #expect(preset.keepsAlpha)
      #expect(preset.name == preset.videoCodec?.rawValue)
      #expect(size(preset, 1921, 1080) == [1920, 1080])
      #expect(ExportSettings(preset: preset).exportsAlpha)
    }
    #expect(!ExportPreset.highestQuality.keepsAlpha && !ExportSettings().exportsAlpha)
    // The preset chooses the codec with alpha; .mov and .webm as the codec says.
    #expect(ExportSettings(preset: .prores4444).encodedVideoCodec(in: .mov) == .prores4444)
    #expect(ExportSettings(preset: .vp9alpha).encodedVideoCodec(in: .webm) == .vp9alpha)
    #expect(ExportSettings(preset: .vp9alpha).impliedFileExtension == "webm")
  }

  @Test func unknownNamesSuggestTheClosest() {
    #expect(throws: ExportPresetError(name: "1280x72", suggestion: "1280x720")) {
      try ExportPreset(name: "1280x72")
    }
    #expect(throws: ExportPresetError(name: "meduim", suggestion: "medium")) {
      try ExportPreset(name: "meduim")
    }
    #expect(throws: ExportPresetError(name: "wxyz-9999", suggestion: nil)) {
      try ExportPreset(name: "wxyz-9999")
    }
    #expect(
      ExportPresetError(name: "meduim", suggestion: "medium").description
        == "unknown export preset 'meduim': did you mean 'medium'? (known: low, medium, highest, 640x480, 960x540, 1280x720, 1920x1080, 3840x2160, hevc-1920x1080, hevc-3840x2160, hevc-highest, prores4444, vp9alpha, m4a, passthrough)"
    )
  }
}
