import Foundation
import ReelProject
import Synchronization
import TestSupport
import Testing

@testable import Reel
@testable import ReelGraphics

/// The `lottie` layer type: the frame shown is the one the movie time maps to (speed, loop,
/// segment, the layer's start), drawn as rlottie draws it; images beside the file are read
/// by Reel and embedded; hostile files are refused before rlottie sees them.
@Suite("Template Lottie layers")
struct TemplateLottieTests {
  /// A 160×120 animation of 60 frames at 30 fps: an orange square moving from x = 20 to
  /// x = 140 and growing from 20 to 50 pixels, so that every frame differs.
  static func animation(images: String = "", imageLayer: String = "") -> String {
    """
    {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 160, "h": 120, "nm": "test", "ddd": 0,
     "assets": [\(images)],
     "layers": [\(imageLayer)
      {"ddd": 0, "ind": 1, "ty": 4, "nm": "box", "sr": 1, "ao": 0, "ip": 0, "op": 60, "st": 0,
       "bm": 0,
       "ks": {"o": {"a": 0, "k": 100}, "r": {"a": 0, "k": 0}, "a": {"a": 0, "k": [0, 0, 0]},
              "s": {"a": 0, "k": [100, 100, 100]},
              "p": {"a": 1, "k": [
                {"t": 0, "s": [20, 60, 0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
                {"t": 59, "s": [140, 60, 0]}]}},
       "shapes": [{"ty": "gr", "nm": "g", "it": [
         {"ty": "rc", "d": 1, "p": {"a": 0, "k": [0, 0]}, "r": {"a": 0, "k": 0},
          "s": {"a": 1, "k": [
            {"t": 0, "s": [20, 20], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
            {"t": 59, "s": [50, 50]}]}},
         {"ty": "fl", "c": {"a": 0, "k": [1, 0.5, 0, 1]}, "o": {"a": 0, "k": 100}, "r": 1},
         {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]},
          "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}]}
     ]}
    """
  }

  static func template(_ layer: String, frameRate: Int = 30) -> String {
    """
    {"version": 1, "size": [160, 120], "frameRate": \(frameRate), "duration": 4,
     "background": "black", "layers": [\(layer)]}
    """
  }

  /// A folder with `anim.json` (and what `extra` writes).
  static func folder(animation: String = animation(), extra: (URL) throws -> Void = { _ in })
    throws -> URL
  {
    let folder = try TestSupport.makeTemporaryDirectory("reel-lottie")
    try Data(animation.utf8).write(to: folder.appendingPathComponent("anim.json"))
    try extra(folder)
    return folder
  }

  /// The mean absolute difference of the colour channels of two images of one size.
  static func meanDifference(_ a: Image, _ b: Image) -> Double {
    var total = 0
    for y in 0..<a.height {
      for x in 0..<a.width {
        let p = a[x: x, y: y]
        let q = b[x: x, y: y]
        total +=
          abs(Int(p.red) - Int(q.red)) + abs(Int(p.green) - Int(q.green))
          + abs(Int(p.blue) - Int(q.blue))
      }
    }
    return Double(total) / Double(a.width * a.height * 3)
  }

  /// rlottie's own drawing of `frame` at the movie's size, over black: the author's JSON text
  /// as written handed straight to rlottie (not through ``LottieDocument``, whose output is
  /// what is under test), one animation object drawing every frame.
  static let reference: [Image] = {
    guard let handle = LottieAnimationHandle(json: animation()) else { return [] }
    return (0..<handle.frameCount).compactMap { frame in
      guard var image = try? Image.allocating(width: 160, height: 120) else { return nil }
      handle.render(frame: frame, into: &image)
      // Over opaque black: premultiplied colours stay, alpha becomes opaque.
      for y in 0..<image.height {
        for x in 0..<image.width { image[x: x, y: y].alpha = 255 }
      }
      return image
    }
  }()

  @Test("rlottie's reference frames move: frames 7 apart differ, every frame is drawn")
  func referenceIsSound() throws {
    let frames = Self.reference
    try #require(frames.count == 60)
    for frame in 0..<60 {
      // The orange square (at least 20 × 20 pixels) is drawn.
      var orange = 0
      for y in 0..<120 {
        for x in 0..<160 where frames[frame][x: x, y: y].red > 200 { orange += 1 }
      }
      #expect(orange >= 19 * 19, "frame \(frame): \(orange) orange pixels")
      #expect(
        Self.meanDifference(frames[frame], frames[(frame + 7) % 60]) > 1,
        "frames \(frame) and \((frame + 7) % 60) look alike")
    }
  }

  /// Checks movie frames against rlottie's drawing of the frame each one maps to.
  static func checkFrames(
    _ layer: String, movieFrames: [Int], frameRate: Int = 30, expected: (Int) -> Int
  ) throws {
    let references = Self.reference
    try #require(references.count == 60, "rlottie parses the test animation")
    let loaded = try loadTemplate(template(layer, frameRate: frameRate), folder: try folder())
    let tree = try #require(loaded.movie.layers)
    let renderer = try LayerRenderer(tree: tree)
    for k in movieFrames {
      let frame = try renderer.render(at: Time(value: Int64(k), timescale: Int32(frameRate)))
      let difference = meanDifference(frame, references[expected(k)])
      #expect(difference <= 1, "movie frame \(k): mean |Δ| \(difference) from frame \(expected(k))")
      // A frame 7 away is far off: the check can fail.
      let wrong = meanDifference(frame, references[(expected(k) + 7) % 60])
      #expect(wrong > 1, "movie frame \(k) matches a frame 7 away too")
    }
  }

  @Test("Speed ≠ 1 plays faster; without loop the last frame holds")
  func speed() throws {
    // 1.5× at 30 fps: movie frame k shows animation frame ⌊1.5 k⌋, then holds frame 59.
    try Self.checkFrames(
      #"{"type": "lottie", "file": "anim.json", "speed": 1.5}"#,
      movieFrames: [0, 1, 7, 20, 39, 45, 90]
    ) { k in min(k * 3 / 2, 59) }
  }

  @Test("A looping segment starts again; the layer's start delays it")
  func loopingSegment() throws {
    // Frames 10…50 (40 frames) looping at 0.5× from 1 s: frame 10 + ⌊(k - 30) / 2⌋ mod 40.
    try Self.checkFrames(
      #"{"type": "lottie", "file": "anim.json", "speed": 0.5, "loop": true, "segment": [10, 50], "start": 1}"#,
      movieFrames: [30, 31, 45, 60, 109, 110, 111]
    ) { k in 10 + ((k - 30) / 2) % 40 }
  }

  @Test("A movie at another frame rate maps times, not frame numbers")
  func frameRates() throws {
    // 24 fps movie, 30 fps animation, looping: frame ⌊k × 30 / 24⌋ mod 60.
    try Self.checkFrames(
      #"{"type": "lottie", "file": "anim.json", "loop": true}"#, movieFrames: [0, 5, 47, 49, 60],
      frameRate: 24
    ) { k in (k * 30 / 24) % 60 }
  }

  @Test("Equal animation frames share one raster")
  func cachedPerFrame() throws {
    let loaded = try loadTemplate(
      Self.template(#"{"type": "lottie", "file": "anim.json", "speed": 0.25}"#),
      folder: try Self.folder())
    let tree = try #require(loaded.movie.layers)
    // At 0.25×, movie frames 0…3 show animation frame 0: one drawing.
    let drawings = (0..<4).compactMap { k in
      tree.renderList(at: Time(value: Int64(k), timescale: 30)).items.first?.drawing
    }
    #expect(drawings.count == 4 && Set(drawings).count == 1)
    let next = tree.renderList(at: Time(value: 4, timescale: 30)).items.first?.drawing
    #expect(next != drawings.first)
  }

  @Test("An image beside the file is read by Reel and drawn")
  func imageBeside() throws {
    let images = #"{"id": "dot", "w": 16, "h": 16, "u": "images/", "p": "dot.png", "e": 0}"#
    let imageLayer = """
      {"ddd": 0, "ind": 2, "ty": 2, "nm": "dot", "refId": "dot", "sr": 1, "ao": 0, "ip": 0,
       "op": 60, "st": 0, "bm": 0,
       "ks": {"o": {"a": 0, "k": 100}, "r": {"a": 0, "k": 0}, "p": {"a": 0, "k": [0, 0, 0]},
              "a": {"a": 0, "k": [0, 0, 0]}, "s": {"a": 0, "k": [100, 100, 100]}}},
      """
    let folder = try Self.folder(
      animation: Self.animation(images: images, imageLayer: imageLayer)
    ) { folder in
      let directory = folder.appendingPathComponent("images")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try TestSupport.ffmpeg([
        "-f", "lavfi", "-i", "color=c=0x00FF00:size=16x16,format=rgba", "-frames:v", "1",
        directory.appendingPathComponent("dot.png").path,
      ])
    }
    let loaded = try loadTemplate(
      Self.template(#"{"type": "lottie", "file": "anim.json"}"#), folder: folder)
    let frame = try LayerRenderer(tree: try #require(loaded.movie.layers)).render(at: .zero)
    let pixel = frame[x: 8, y: 8]
    #expect(pixel.green > 240 && pixel.red < 10 && pixel.blue < 10, "\(pixel)")
  }

  @Test("The JSON rlottie is given keeps the file's member order (each run the same)")
  func memberOrder() throws {
    // rlottie skips a shape's members written before its "ty": a writer that reorders keys
    // loses the rectangle's size or the fill's colour, differently from run to run.
    let text = Self.animation()
    let document = try LottieDocument(
      data: Data(text.utf8),
      limits: .init(
        maximumBytes: 1 << 20, maximumLayers: 10, maximumFrames: 100, maximumImagePixels: 1),
      readFile: { name throws(LottieError) in
        throw .unreadableImage(name: name, reason: "none")
      })
    let compact = text.filter { !$0.isWhitespace }
    #expect(document.json == compact)
    // A key written twice is refused: rlottie and the checks could read different ones.
    let twice = text.replacingOccurrences(of: #""nm": "test","#, with: #""nm": "a", "nm": "b","#)
    #expect(throws: LottieError.self) {
      try LottieDocument(
        data: Data(twice.utf8),
        limits: .init(
          maximumBytes: 1 << 20, maximumLayers: 10, maximumFrames: 100, maximumImagePixels: 1),
        readFile: { name throws(LottieError) in
          throw .unreadableImage(name: name, reason: "none")
        })
    }
  }

  @Test("Renders at once (two exports' renderers, one shared animation) equal serial ones")
  func concurrentRenders() throws {
    let folder = try Self.folder()
    let layer = #"{"type": "lottie", "file": "anim.json", "loop": true, "speed": 1.5}"#
    let first = try #require(try loadTemplate(Self.template(layer), folder: folder).movie.layers)
    let second = try #require(try loadTemplate(Self.template(layer), folder: folder).movie.layers)
    let frames = Array(stride(from: 0, to: 120, by: 3))
    @Sendable func render(_ tree: LayerTree) throws -> [Image] {
      let renderer = try LayerRenderer(tree: tree)
      return try frames.map { k in try renderer.render(at: Time(value: Int64(k), timescale: 30)) }
    }
    let serial = try render(first)
    // Three renderers at once: the second template's own animation, and two sharing the
    // first's (rlottie draws one frame at a time per animation object).
    let trees = [first, second, first]
    let results = Mutex<[Int: [Image]]>([:])
    DispatchQueue.concurrentPerform(iterations: trees.count) { index in
      let images = (try? render(trees[index])) ?? []
      results.withLock { $0[index] = images }
    }
    for index in trees.indices {
      let images = try #require(results.withLock { $0[index] })
      try #require(images.count == serial.count)
      for (position, k) in frames.enumerated() {
        #expect(images[position] == serial[position], "renderer \(index), movie frame \(k)")
      }
    }
  }

  @Test("Hostile files are refused before rlottie reads them")
  func hostile() throws {
    let layer = Self.template(#"{"type": "lottie", "file": "anim.json"}"#)
    func problems(_ animation: String, extra: (URL) throws -> Void = { _ in }) throws -> String {
      try templateProblems(layer, folder: try Self.folder(animation: animation, extra: extra))
        .joined(separator: "\n")
    }
    // Another file named by an image asset: absolute, or a FIFO beside it.
    let absolute = Self.animation(images: #"{"id": "x", "u": "/etc/", "p": "passwd"}"#)
    #expect(try problems(absolute).contains("only files beside the animation"))
    let fifo = Self.animation(images: #"{"id": "x", "u": "", "p": "pipe"}"#)
    let fifoProblems = try problems(fifo) { folder in
      #expect(mkfifo(folder.appendingPathComponent("pipe").path, 0o600) == 0)
    }
    #expect(fifoProblems.contains("FIFO"), "\(fifoProblems)")
    // A precomposition that contains itself.
    let cycle = Self.animation(
      images: #"{"id": "p", "layers": [{"ty": 0, "refId": "p", "ind": 1, "ip": 0, "op": 60}]}"#,
      imageLayer: #"{"ty": 0, "refId": "p", "ind": 3, "ip": 0, "op": 60},"#)
    #expect(try problems(cycle).contains("contains itself"))
    // A repeater of a billion copies.
    let repeater = Self.animation().replacingOccurrences(
      of: #"{"ty": "fl""#,
      with: #"{"ty": "rp", "c": {"a": 0, "k": 1000000000}, "o": {"a": 0, "k": 0}}, {"ty": "fl""#)
    #expect(try problems(repeater).contains("copies"))
    // Not JSON, and a timeline of no frames.
    #expect(try problems("{\"v\": ").contains("not JSON"))
    let empty = Self.animation().replacingOccurrences(of: #""op": 60, "w""#, with: #""op": 0, "w""#)
    #expect(try problems(empty).contains("op"))
  }

  @Test("Bad values of the layer's keys are problems")
  func keyProblems() throws {
    let folder = try Self.folder()
    let reversed = try templateProblems(
      Self.template(#"{"type": "lottie", "file": "anim.json", "segment": [30, 10]}"#),
      folder: folder)
    #expect(reversed.contains { $0.contains("layers[0].segment") && $0.contains("before") })
    let speed = try templateProblems(
      Self.template(#"{"type": "lottie", "file": "anim.json", "speed": 0}"#), folder: folder)
    #expect(speed.contains { $0.contains("layers[0].speed") })
  }
}
