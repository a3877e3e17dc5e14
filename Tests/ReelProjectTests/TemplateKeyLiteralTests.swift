import Foundation
import Testing

@testable import ReelProject

/// No template key is spelled as a string literal outside the format's description
/// (`Sources/ReelProject/Format/`) and the key declarations of layer kinds' files: the decoder
/// reads members through `TemplateKey`, each declared once.
@Suite("Template keys are written once")
struct TemplateKeyLiteralTests {
  private static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

  /// Literals equal to a key name that are not template keys: (file, names, why).
  private static let allowed: [(file: String, names: Set<String>, reason: String)] = [
    (
      "ReelCLI/DemoMedia/DemoMedia+BirthdayCard.swift", [],
      "a template document (the demo card, kept equal to Examples/birthday-card.json), data written in the format, not code reading it"
    ),
    ("Reel/Export/ExportPreset+Names.swift", ["audio"], "an alias of the m4a export preset"),
    (
      "ReelCLI/LimitOptions.swift", ["frame"],
      "the `reel frame` command, one of those that take the budgets"
    ),
    (
      "Reel/Rendering/RenderError+Allocation.swift", ["frame"],
      "the name of the output picture in allocation errors"
    ),
    (
      "ReelAnimation/AnimatableProperty.swift", [],
      "Core Animation key paths naming the model's animatable properties"
    ),
    ("ReelAnimation/Drawing.swift", [], "render-list dump labels"),
    (
      "ReelGraphics/LottieDocument.swift", ["layers", "id"],
      "members of Lottie's own JSON (Bodymovin), which Reel checks before rlottie reads it"
    ),
    ("ReelMedia/ImageEncoder.swift", ["loop"], "FFmpeg's GIF muxer option (loop count)"),
    (
      "ReelMedia/PictureScaler.swift", ["source", "target"],
      "which rectangle a scaling message is about"
    ),
    (
      "ReelMedia/MediaWriter+Video.swift", ["loop"],
      "FFmpeg's GIF and WebP muxer option (loop count)"
    ),
    (
      "Reel/AudioMix/AudioDucking.swift", ["attack", "release"],
      "the Swift API's parameter names in its range messages"
    ),
    ("ReelAnimation/LayerContent.swift", [], "render-list dump labels"),
    (
      "ReelAnimation/Captions.swift", ["captions"],
      "the captions kind's name in render-list dumps and errors (`LayerContentKind.kindName`)"
    ),
    ("ReelAnimation/RenderItem.swift", ["mask"], "render-list dump labels"),
    ("ReelCLI/DemoCommand.swift", ["name"], "the demo card's variable, set from --name"),
    ("ReelCLI/DemoMedia/DemoMedia+Images.swift", ["frame"], "a layer name in the demo's drawings"),
    ("ReelCLI/FrameCommand.swift", ["frame"], "the `reel frame` command"),
    ("ReelCLI/ReelTool.swift", ["frame", "join"], "the `reel frame` and `reel join` commands"),
    ("ReelCLI/Chunks/JoinCommand.swift", ["join"], "the `reel join` command"),
    ("ReelCLI/Cluster/KubernetesJobs.swift", ["join"], "the `reel join` command the join Job runs"),
    (
      "ReelCLI/RenderCommand.swift", ["frame", "export", "alpha"],
      "the `reel frame` command; the help text naming the template's export keys"
    ),
    ("ReelCLI/ProgressReporter.swift", ["frame"], "a member of the --progress json lines"),
    ("ReelCLI/ProbeCommand.swift", [], "members of `reel probe --json` output"),
    ("ReelCore/PixelLimits.swift", ["padding"], "the name of a pixel range"),
    ("ReelPreview/PreviewJSON.swift", [], "members of the preview API's JSON (docs/preview.md)"),
    (
      "ReelPreview/PreviewServer+Routes.swift", ["frame", "width", "height"],
      "query parameters of the preview API"
    ),
    ("ReelGraphics/FontLibrary.swift", ["family", "file"], "fontconfig property names"),
    ("ReelMedia/ImageDecoder.swift", ["image"], "what a checked picture is called in messages"),
    (
      "ReelMedia/Internals/InputContainer.swift", ["dash", "file"],
      "FFmpeg demuxer and protocol names"
    ),
    ("ReelMedia/VideoCodecDescriptor+Codecs.swift", ["crf", "preset"], "x264/x265 option names"),
    (
      "ReelProject/Subtitles/SubtitleCueSettings+Parsing.swift", ["align", "position", "size"],
      "WebVTT cue setting names"
    ),
    (
      "ReelProject/Subtitles/SubtitleMarkup.swift", ["color", "font"],
      "subtitle markup tag and attribute names"
    ),
    (
      "ReelProject/Captions/WordTimingFile+JSON.swift",
      ["id", "text", "start", "end", "words", "segments", "duration"],
      "keys of Whisper's (and OpenAI's transcription) JSON and of the word-timing token list, not of the template"
    ),
  ]

  /// Apple's API over Reel: its literals are Apple's spellings (raw values, Core Animation key
  /// paths, media type codes), and the module cannot see the template format.
  private static let appleNames = "ReelAVFoundation/"

  /// `"name"` as a whole string literal (not an escaped quote inside a longer string).
  static func literals(in line: String, names: Set<String>) -> [String] {
    var found: [String] = []
    let scalars = Array(line.unicodeScalars)
    var index = 0
    var inString = false
    var start = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if inString, scalar == "\\" {
        index += 2
        continue
      }
      if scalar == "\"" {
        if inString {
          let text = String(String.UnicodeScalarView(scalars[start..<index]))
          if names.contains(text) { found.append(text) }
        } else {
          start = index + 1
        }
        inString.toggle()
      }
      index += 1
    }
    return found
  }

  @Test func theScannerFindsWholeLiteralsOnly() {
    let names: Set<String> = ["media", "image"]
    #expect(Self.literals(in: #"x["media"] + y("image")"#, names: names) == ["media", "image"])
    #expect(
      Self.literals(in: #""give either \"media\" or \"image\", not both""#, names: names) == [])
    #expect(Self.literals(in: #""media file""#, names: names) == [])
  }

  /// A key's declaration: `static let name = TemplateKey("name")`.
  private static var declaration: Regex<(Substring, Substring, Substring)> {
    #/static let `?(\w+)`? = TemplateKey\("([^"]*)"\)/#
  }

  /// Every key declaration in the sources: (file, line, Swift name, key name).
  static func declarations() throws -> [(file: String, line: Int, name: String, key: String)] {
    var found: [(file: String, line: Int, name: String, key: String)] = []
    for file in try swiftFiles() where file.hasPrefix("ReelProject/") {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        guard !line.trimmingCharacters(in: .whitespaces).hasPrefix("//"),
          let match = line.firstMatch(of: declaration)
        else { continue }
        found.append((file, number + 1, String(match.1), String(match.2)))
      }
    }
    return found
  }

  private static func swiftFiles() throws -> [String] {
    FileManager.default.enumerator(atPath: sources.path)?
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted() ?? []
  }

  /// A key is declared once, under its own name, in `Format/TemplateKey.swift` (the shared
  /// keys) or in a layer kind's file in `Layers/` (the keys only that kind has).
  @Test func eachKeyIsDeclaredOnceUnderItsOwnName() throws {
    let declarations = try Self.declarations()
    #expect(declarations.count > 100)
    var seen: [String: String] = [:]
    for declaration in declarations {
      let place = "Sources/\(declaration.file):\(declaration.line)"
      #expect(
        declaration.file == "ReelProject/Format/TemplateKey.swift"
          || declaration.file.hasPrefix("ReelProject/Layers/"),
        "\(place): keys are declared in Format/TemplateKey.swift or a layer kind's file")
      let expected = declaration.key == "$schema" ? "schema" : declaration.key
      #expect(
        declaration.name == expected,
        "\(place): \(declaration.name) declares \"\(declaration.key)\"")
      if let earlier = seen[declaration.key] {
        Issue.record("\(place): \"\(declaration.key)\" is declared again (first at \(earlier))")
      }
      seen[declaration.key] = place
    }
  }

  @Test func noKeyIsALiteralOutsideTheFormatDescription() throws {
    let names = Set(try Self.declarations().map(\.key))
    let files = try Self.swiftFiles()
    #expect(files.count > 100)
    var found: [String] = []
    for file in files
    where !file.hasPrefix("ReelProject/Format/") && !file.hasPrefix(Self.appleNames) {
      let allowance = Self.allowed.first { $0.file == file }
      let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        guard !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { continue }
        // A layer kind's own key, declared in its file.
        if file.hasPrefix("ReelProject/Layers/"), line.firstMatch(of: Self.declaration) != nil {
          continue
        }
        for name in Self.literals(in: String(line), names: names) {
          if let allowance, allowance.names.isEmpty || allowance.names.contains(name) { continue }
          found.append("Sources/\(file):\(number + 1): \"\(name)\"")
        }
      }
    }
    #expect(
      found == [],
      "use TemplateKey (Sources/ReelProject/Format/) instead:\n\(found.joined(separator: "\n"))")
  }
}
