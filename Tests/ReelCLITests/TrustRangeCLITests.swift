import Foundation
import TestSupport
import Testing

/// The issue's reproductions through the `reel` tool: numbers out of their pixel range and
/// sizes the export cannot encode exit 3 from `validate`, `render` and `frame` alike (render
/// and frame validate first), with the JSON path; generous sizes inside the ranges render.
@Suite("Trust: pixel ranges and export checks through reel")
struct TrustRangeCLITests {
  /// `validate`, `render` and `frame` of `template`: each exit status and stderr.
  private func runAll(_ template: String) throws -> [(String, Int32, String)] {
    let url = try CLITestSupport.writeTemplate(template)
    let folder = url.deletingLastPathComponent()
    let commands: [(String, [String])] = [
      ("validate", ["validate", url.path]),
      (
        "render",
        ["render", url.path, "-o", folder.appendingPathComponent("out.mp4").path, "--quiet"]
      ),
      (
        "frame",
        ["frame", url.path, "--time", "0", "-o", folder.appendingPathComponent("out.png").path]
      ),
    ]
    return try commands.map { name, arguments in
      let result = try TestSupport.reel(arguments)
      return (name, result.status, result.stderr)
    }
  }

  @Test func aLayerWider1e308IsExit3EverywhereNotACrash() throws {
    let outcomes = try runAll(
      #"{"version":1,"size":[64,64],"duration":1,"layers":[{"type":"color","color":"red","frame":[0,0,1e308,10]}]}"#
    )
    for (command, status, stderr) in outcomes {
      #expect(status == 3, "\(command): \(stderr)")
      #expect(
        stderr.contains("layers[0].frame[2]: a layer size must be from 0 to 32768 pixels"),
        "\(command): \(stderr)")
    }
  }

  @Test func aSizeTheEncoderRefusesIsExit3FromValidateAndRender() throws {
    let outcomes = try runAll(#"{"version": 1, "size": [16384, 16384], "duration": 1}"#)
    for (command, status, stderr) in outcomes where command != "frame" {
      #expect(status == 3, "\(command): \(stderr)")
      #expect(stderr.contains("exceeds H.264 level 6.2"), "\(command): \(stderr)")
    }
  }

  @Test func layersLargerThanTheCanvasLimitRender() throws {
    // 40000 px was refused at render time ("cannot draw at 40000×10"); 32768 is the most a
    // layer side may be, and it renders, drawn where it is visible.
    let outcomes = try runAll(
      """
      {"version": 1, "size": [64, 64], "duration": 0.1, "layers": [
        {"type": "color", "color": "red", "frame": [-16000, 0, 32768, 32768], "border": {"width": 4096}},
        {"type": "shape", "path": "M -1000000 0 L 1000000 60", "stroke": {"width": 4096, "color": "blue"}}]}
      """)
    for (command, status, stderr) in outcomes {
      #expect(status == 0, "\(command): \(stderr)")
    }
  }

  /// Found by random templates at the edges of the ranges: each passed validation and then
  /// failed with "cannot draw at …" (a shadow of a text layer, a shrunk shape whose visible
  /// part was huge, shadows of large video layers); each now renders.
  @Test(arguments: [
    #"{"type":"text","text":"Hi","frame":[0,0,32768,40],"border":{"width":1,"color":"white"},"shadow":{"radius":1,"offset":[100,5]}}"#,
    #"{"type":"shape","path":"M 0 0 C 1000000 0 -1000000 1000 30 30","stroke":{"width":1,"color":"white","miterLimit":1000000},"scale":0.0001}"#,
    #"{"type":"video","frame":[0,0,32768,32768],"rotationY":-89,"perspective":1,"shadow":{"radius":256,"offset":[1048576,5]}}"#,
    #"{"type":"video","frame":[-32700,-16000,32768,32768],"rotationY":60,"perspective":2000,"shadow":{"radius":4,"offset":[3,3]}}"#,
  ])
  func edgeCombinationsRender(layer: String) throws {
    let outcomes = try runAll(
      #"{"version":1,"size":[64,48],"duration":0.2,"layers":[{"type":"video"},"# + layer + "]}")
    for (command, status, stderr) in outcomes {
      #expect(status == 0, "\(command): \(stderr)")
    }
  }

  @Test func aLargeLayerTiltedAcrossTheHorizonRenders() throws {
    // Turned 60° about y with a perspective, the plane of this layer crosses the horizon
    // inside the output, so its visible part is unbounded: it was drawn whole (32768 px,
    // "cannot draw at 32768×32768", exit 1); now whole at a reduced scale.
    let outcomes = try runAll(
      """
      {"version": 1, "size": [64, 64], "duration": 0.1, "layers": [
        {"type": "color", "color": "red", "frame": [-32700, -16000, 32768, 32768],
         "rotationY": 60, "perspective": 2000, "masksToBounds": true, "cornerRadius": 5,
         "layers": [{"type": "gradient", "gradient": {"colors": ["red", "blue"]},
                     "frame": [0, 0, 32768, 32768]}]}]}
      """)
    for (command, status, stderr) in outcomes {
      #expect(status == 0, "\(command): \(stderr)")
    }
  }
}
