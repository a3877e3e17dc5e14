import Foundation
import Reel

/// `reel probe FILE [--json]`: describes a media file.
enum ProbeCommand {
  static let help = """
    Usage: reel probe FILE [--json]

    Describes a media file: container, duration and every track (codec, size, display size
    and rotation, frame rate, pixel format and colour; sample rate and channels).

    Options:
      --verbose   Also show FFmpeg's own messages on stderr.
      --json      Print one JSON object instead of the readable summary:
                  {"path","format","duration","tracks":[{"index","kind","codec","width",
                  "height","displayWidth","displayHeight","rotation","frameRate",
                  "pixelFormat","sampleRate","channels"}]}
                  Times are seconds; rotation is clockwise degrees; fields that do not apply
                  to a track's kind are omitted.
      -h, --help  Show this help.
    """

  static func run(arguments: [String]) throws -> ExitStatus {
    let parsed = try Arguments(
      arguments, command: "probe", flags: ["--json", "--help"], options: [],
      aliases: ["-h": "--help"])
    if parsed.has("--help") {
      Console.document(help)
      return .ok
    }
    guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
      throw CommandFailure.usage(
        parsed.positionals.isEmpty
          ? "probe: missing FILE; usage: reel probe FILE [--json]"
          : "probe: expected one FILE, got \(parsed.positionals.count); usage: reel probe FILE [--json]"
      )
    }
    let asset = try Asset(path: path)
    if parsed.has("--json") {
      Console.document(ProbeReport(asset).jsonString())
    } else {
      Console.output(lines: ProbeReport(asset).summaryLines)
    }
    return .ok
  }
}

/// What `reel probe` prints about an asset: the readable summary and the JSON object.
struct ProbeReport {
  private let asset: Asset

  init(_ asset: Asset) {
    self.asset = asset
  }

  private var duration: Double { seconds(asset.duration) }

  /// The documented JSON object, keys in documented order, inapplicable fields omitted.
  var json: JSONValue {
    .object([
      ("path", .string(asset.path)),
      ("format", .string(asset.formatName)),
      ("duration", .number(duration)),
      ("tracks", .array(asset.tracks.map(ProbeReport.json(for:)))),
    ])
  }

  func jsonString() -> String { json.serialized() }

  private static func json(for track: TrackInfo) -> JSONValue {
    .object(omittingNils: [
      ("index", .number(Double(track.index))),
      ("kind", .string(track.kind.rawValue)),
      ("codec", .string(track.codec)),
      ("width", track.width.json),
      ("height", track.height.json),
      ("displayWidth", track.displayWidth.json),
      ("displayHeight", track.displayHeight.json),
      ("rotation", track.rotation.json),
      ("frameRate", track.frameRate.map(roundedRate).json),
      ("pixelFormat", track.pixelFormat.json),
      ("sampleRate", track.sampleRate.json),
      ("channels", track.channelCount.json),
    ])
  }

  /// The readable summary: one line per fact, one block per track.
  var summaryLines: [String] {
    var lines = [asset.path]
    lines.append("  format:   \(asset.formatLongName) (\(asset.formatName))")
    lines.append("  duration: \(formatSeconds(duration))")
    if let bitRate = asset.bitRate { lines.append("  bit rate: \(bitRate / 1000) kb/s") }
    if asset.tracks.isEmpty { lines.append("  no tracks") }
    for track in asset.tracks {
      lines.append("  #\(track.index) \(track.kind.rawValue): \(describe(track))")
      if track.kind == .video, let width = track.displayWidth, let height = track.displayHeight {
        let rotation = track.rotation ?? 0
        let turn = rotation == 0 ? "no rotation" : "rotated \(rotation)° clockwise to display"
        lines.append("      display \(width)×\(height), \(turn)")
      }
    }
    return lines
  }

  private func describe(_ track: TrackInfo) -> String {
    var text = track.codec
    if let profile = track.profile { text += " (\(profile))" }
    switch track.kind {
    case .video:
      if let width = track.width, let height = track.height { text += ", \(width)×\(height)" }
      if let rate = track.frameRate { text += ", \(formatRate(rate)) fps" }
      if let average = track.averageFrameRate, let rate = track.frameRate,
        abs(average - rate) > 0.01
      {
        text += " (average \(formatRate(average)))"
      }
      if let format = track.pixelFormat {
        text += ", \(format)"
        if let depth = track.bitDepth { text += " \(depth)-bit" }
        if let chroma = track.chromaSubsampling { text += " \(chroma)" }
      }
      if let color = track.color {
        let tags = [color.primaries, color.transfer, color.matrix]
        if tags.allSatisfy({ $0 == "unknown" }) && color.range == .unspecified {
          text += ", colour untagged"
        } else {
          text += ", colour \(tags.joined(separator: "/")) \(color.range.rawValue) range"
        }
        if let hdr = color.hdrTransfer { text += " (HDR \(hdr.rawValue.uppercased()))" }
      }
    case .audio:
      if let rate = track.sampleRate { text += ", \(rate) Hz" }
      if let layout = track.channelLayout {
        text += ", \(layout)"
      } else if let channels = track.channelCount {
        text += ", \(channels) channels"
      }
    default:
      break
    }
    if let duration = track.duration { text += ", \(formatSeconds(seconds(duration)))" }
    return text
  }
}

private func seconds(_ time: Time) -> Double {
  time.timescale > 0 ? Double(time.value) / Double(time.timescale) : 0
}

/// Frame rates are printed with at most three decimals (29.97, 23.976, 30).
private func roundedRate(_ rate: Double) -> Double {
  (rate * 1000).rounded() / 1000
}

private func formatRate(_ rate: Double) -> String { ReadableNumber.string(rate, decimals: 3) }

private func formatSeconds(_ value: Double) -> String {
  String(format: "%.3f s", value)
}
