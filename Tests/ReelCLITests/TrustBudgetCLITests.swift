import Foundation
import TestSupport
import Testing

/// The budgets seen from the `reel` tool (issue 10): peak memory of the real binary, run as
/// a child and measured by the kernel (`ru_maxrss`), stays bounded whatever the
/// number of layers or the size of the template; limits are exit 3 naming their flag; a
/// failed allocation is exit 4 with nothing left behind.
@Suite("Trust: budgets from the command line", .serialized)
struct TrustBudgetCLITests {
  /// How a child ended and the most memory it held.
  struct Measured {
    /// The exit status, or nil when a signal ended it.
    var status: Int32?
    /// The signal that ended it, if any.
    var signal: Int32?
    /// Peak resident memory in bytes.
    var peakBytes: Int
    var stderr: String
  }

  /// Runs `reel` with `arguments` (behind `prlimit --as=` when `addressSpace` is given)
  /// and measures it.
  ///
  /// The peak comes from the kernel's `ru_maxrss` of the child, read by a small Python
  /// parent (`RUSAGE_CHILDREN`), not by this test process: when a process spawns a child
  /// (vfork + exec) the child's `ru_maxrss` starts at the parent's own peak, so a test
  /// process that has grown would be measured instead of `reel`.
  static func measure(_ arguments: [String], addressSpace: Int? = nil) throws -> Measured {
    let reel = try TestSupport.reelExecutable().path
    var command = [reel] + arguments
    if let addressSpace { command = ["/usr/bin/prlimit", "--as=\(addressSpace)", "--"] + command }
    let script = """
      import resource, subprocess, sys
      child = subprocess.run(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
      print(child.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
      """
    let run = try TestSupport.run("python3", ["-c", script] + command)
    let fields = String(decoding: run.stdout, as: UTF8.self).split(separator: " ")
    guard fields.count == 2, let code = Int32(fields[0]),
      let kilobytes = Int(fields[1].trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw MeasureError(output: run.stderr) }
    return Measured(
      status: code >= 0 ? code : nil, signal: code < 0 ? -code : nil, peakBytes: kilobytes * 1024,
      stderr: run.stderr)
  }

  struct MeasureError: Error {
    var output: String
  }

  static let gigabyte = 1 << 30

  /// `count` full-frame colour layers at 640×360 (the top one pure green), `frames` frames
  /// at 10 fps.
  static func fullFrameLayers(_ count: Int, frames: Int) -> String {
    let layers = (0..<count).map { index in
      index == count - 1
        ? ##"{"type":"color","color":"#00FF00"}"##
        : ##"{"type":"color","color":"#\##(String(format: "%02X", index % 256))0040"}"##
    }
    return
      ##"{"version":1,"size":[640,360],"duration":\##(Double(frames) / 10),"frameRate":10,"layers":["##
      + layers.joined(separator: ",") + "]}"
  }

  @Test func theMeasuredPeakIsTheChildsNotThisProcesss() throws {
    // 600 MB resident in this process while a small validate runs.
    let ballast = UnsafeMutableRawPointer.allocate(byteCount: 600 << 20, alignment: 64)
    defer { ballast.deallocate() }
    ballast.initializeMemory(as: UInt8.self, repeating: 1, count: 600 << 20)
    let template = try CLITestSupport.writeTemplate(CLITestSupport.smallTemplate())
    let run = try Self.measure(["validate", template.path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.peakBytes > 1 << 20 && run.peakBytes < 300 << 20, "peak \(run.peakBytes)")
    #expect(ballast.load(fromByteOffset: 599 << 20, as: UInt8.self) == 1)
  }

  @Test func tenThousandFullFrameLayersPeakUnderOneGigabyte() throws {
    // Before the raster budget every layer's 921,600-byte raster was kept: 9.2 GB here
    // (5,000 layers peaked at 4.5 GB). Two frames: the second draws from the cache.
    let template = try CLITestSupport.writeTemplate(Self.fullFrameLayers(10_000, frames: 2))
    let output = template.deletingLastPathComponent().appendingPathComponent("out.mp4")
    let run = try Self.measure(["render", template.path, "-o", output.path, "--quiet"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.peakBytes <= Self.gigabyte, "peak \(run.peakBytes / 1_048_576) MB")
    let frame = try CLITestSupport.frame(output.path, index: 1, width: 640, height: 360)
    let centre = frame.mean(300, 160, size: 16)
    #expect(centre.g > 200 && centre.r < 40 && centre.b < 40, "\(centre)")
  }

  @Test func rastersOverAVideoStayWithinTheRasterBudget() throws {
    // Over a video, frames take the Y′CbCr path, which holds every raster of a frame until
    // it composites them: 2,000 full-frame gradients (921,600 bytes each) once peaked at
    // 1.9 GB with a 64 MiB budget; beyond the budget such frames now take the RGB path,
    // which draws one raster at a time.
    let folder = try TestSupport.makeTemporaryDirectory("reel-budget-yuv")
    defer { try? FileManager.default.removeItem(at: folder) }
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=10:duration=0.3", "-c:v", "libx264",
      "-preset", "ultrafast", "-pix_fmt", "yuv420p",
      folder.appendingPathComponent("clip.mp4").path,
    ])
    let gradient =
      ##"{"type":"gradient","gradient":{"kind":"axial","colors":["#FF000010","#0000FF10"]}}"##
    let template = folder.appendingPathComponent("gradients.json")
    try Data(
      (#"{"version":1,"size":[640,360],"clips":[{"media":"clip.mp4"}],"layers":[{"type":"video"},"#
        + Array(repeating: gradient, count: 2_000).joined(separator: ",") + "]}").utf8
    ).write(to: template)
    let output = folder.appendingPathComponent("out.mp4")
    let run = try Self.measure([
      "render", template.path, "-o", output.path, "--quiet", "--raster-cache", "64M",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.peakBytes <= 512 << 20, "peak \(run.peakBytes / 1_048_576) MB")
  }

  @Test func twelveThousandLayersOverARotatedVideoAreALimitOrRenderWithinBudget() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-budget-rotated")
    let plain = folder.appendingPathComponent("plain.mp4").path
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "testsrc=size=640x360:rate=30:duration=0.5", "-c:v", "libx264",
      "-pix_fmt", "yuv420p", plain,
    ])
    try TestSupport.ffmpeg([
      "-i", plain, "-c", "copy", "-metadata:s:v:0", "rotate=90",
      folder.appendingPathComponent("rotated.mp4").path,
    ])
    let layers =
      [##"{"type":"video"}"##]
      + (1..<12_000).map { index in
        ##"{"type":"color","color":"#\##(String(format: "%02X", index % 256))008010","frame":[0,0,360,640]}"##
      }
    let template = folder.appendingPathComponent("t.json")
    try Data(
      (##"{"version":1,"clips":[{"media":"rotated.mp4"}],"layers":["##
        + layers.joined(separator: ",") + "]}").utf8
    ).write(to: template)
    let output = folder.appendingPathComponent("out.mp4").path
    // Before: `Fatal error: failed to allocate 921600 bytes` (SIGABRT).
    let refused = try Self.measure(["render", template.path, "-o", output, "--to", "0.0333"])
    #expect(refused.status == 3)
    #expect(refused.stderr.contains("12000 layers") && refused.stderr.contains("--max-layers"))
    #expect(!FileManager.default.fileExists(atPath: output))
    let raised = try Self.measure([
      "render", template.path, "-o", output, "--to", "0.0333", "--max-layers", "12000", "--quiet",
    ])
    #expect(raised.status == 0, "\(raised.stderr)")
    #expect(raised.peakBytes <= Self.gigabyte, "peak \(raised.peakBytes / 1_048_576) MB")
  }

  @Test func validateOfASixteenMegabyteTemplatePeaksUnder512Megabytes() throws {
    // The worst shape found: 8 million one-character values (before: 750 MB; a 700 MB
    // template held 4 GB). It is refused for its unknown key, after being read whole.
    let size = 16 << 20
    let head = ##"{"version":1,"size":[64,64],"duration":1,"junk":["##
    let count = (size - head.utf8.count - 2) / 2
    var text = head
    text.reserveCapacity(size)
    text += String(repeating: "0,", count: count - 1) + "0]}"
    #expect(text.utf8.count <= size)
    let template = try CLITestSupport.writeTemplate(text)
    text = ""
    let run = try Self.measure(["validate", template.path])
    #expect(run.status == 3)
    #expect(run.stderr.contains("junk: unknown key"))
    #expect(run.peakBytes <= 512 << 20, "peak \(run.peakBytes / 1_048_576) MB")
  }

  @Test func aTemplateAboveTheSizeLimitIsRefusedWithoutBeingRead() throws {
    // A 1 GB (sparse) file: refused from its size; the peak shows it was not read.
    let folder = try TestSupport.makeTemporaryDirectory("reel-budget-size")
    let template = folder.appendingPathComponent("huge.json")
    #expect(FileManager.default.createFile(atPath: template.path, contents: Data("{".utf8)))
    let handle = try FileHandle(forWritingTo: template)
    try handle.truncate(atOffset: 1 << 30)
    try handle.close()
    for command in ["validate", "frame", "render"] {
      var arguments = [command, template.path]
      if command == "frame" { arguments += ["--time", "0", "-o", folder.path + "/f.png"] }
      if command == "render" { arguments += ["-o", folder.path + "/o.mp4"] }
      let run = try Self.measure(arguments)
      #expect(run.status == 3, "\(command): \(run.stderr)")
      #expect(run.stderr.contains("1073741824 bytes"))
      #expect(run.stderr.contains("--max-template-size"))
      #expect(run.peakBytes < 200 << 20, "\(command) peak \(run.peakBytes / 1_048_576) MB")
    }
    #expect(try CLITestSupport.contents(of: folder) == ["huge.json"])
    // The flag moves the limit both ways.
    let small = try CLITestSupport.writeTemplate(CLITestSupport.smallTemplate())
    let lowered = try TestSupport.reel(["validate", small.path, "--max-template-size", "100"])
    #expect(lowered.status == 3 && lowered.stderr.contains("--max-template-size"))
    #expect(
      try TestSupport.reel(["validate", small.path, "--max-template-size", "1K"]).status == 0)
  }

  @Test func theWorkBudgetIsExit3InValidateAndRenderAndItsFlagRaisesIt() throws {
    let template = try CLITestSupport.writeTemplate(CLITestSupport.smallTemplate(seconds: 1))
    let folder = template.deletingLastPathComponent()
    let output = folder.appendingPathComponent("out.mp4").path
    // 30 frames of 320×240 = 2,304,000 output pixels.
    let validate = try TestSupport.reel(["validate", template.path, "--max-work", "2303999"])
    #expect(validate.status == 3)
    #expect(validate.stderr.contains("30 frames of 320×240"))
    #expect(validate.stderr.contains("--max-work"))
    let render = try TestSupport.reel(["render", template.path, "-o", output, "--max-work", "2M"])
    #expect(render.status == 3 && render.stderr.contains("--max-work"))
    #expect(try CLITestSupport.contents(of: folder) == ["template.json"])
    let allowed = try TestSupport.reel([
      "render", template.path, "-o", output, "--max-work", "2304000", "--quiet",
    ])
    #expect(allowed.status == 0, "\(allowed.stderr)")
  }

  @Test func budgetFlagsTakeWholeNumbersWithBinarySuffixes() throws {
    let template = try CLITestSupport.writeTemplate(CLITestSupport.smallTemplate(seconds: 0.1))
    let folder = template.deletingLastPathComponent()
    for bad in ["abc", "-1", "1.5M", "", "99999999999T"] {
      let run = try TestSupport.reel(["validate", template.path, "--max-layers", bad])
      #expect(run.status == 2, "--max-layers '\(bad)'")
      #expect(run.stderr.contains("--max-layers needs a whole number"))
    }
    #expect(try TestSupport.reel(["validate", template.path, "--max-layers", "1K"]).status == 0)
    #expect(try TestSupport.reel(["validate", template.path, "--max-layers", "0"]).status == 2)
    #expect(try TestSupport.reel(["validate", template.path, "--raster-cache", "1M"]).status == 2)
    // No cache at all still draws every frame right.
    let output = folder.appendingPathComponent("out.mp4").path
    let run = try TestSupport.reel([
      "render", template.path, "-o", output, "--raster-cache", "0", "--quiet",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let frame = try CLITestSupport.frame(output, index: 0, width: 320, height: 240)
    let square = frame.mean(152, 112, size: 16)
    #expect(square.r > 230 && square.g > 230 && square.b > 230, "\(square)")
    let help = try TestSupport.reel(["render", "--help"])
    for flag in ["--raster-cache", "--max-layers", "--max-template-size", "--max-image-pixels"] {
      #expect(String(decoding: help.stdout, as: UTF8.self).contains(flag))
    }
  }

  @Test func aPixelBufferThatCannotBeAllocatedIsExit4WithNothingLeft() throws {
    // A 20000×20000 layer needs a 1.6 GB raster; under a 1.5 GB address-space limit the
    // allocation fails. Before: Swift's allocator stopped the process (SIGABRT).
    let template = try CLITestSupport.writeTemplate(
      ##"{"version":1,"size":[640,360],"duration":0.1,"frameRate":10,"layers":[{"type":"color","color":"red"},{"type":"color","color":"#00FF0080","frame":[0,0,20000,20000]}]}"##
    )
    let folder = template.deletingLastPathComponent()
    for command in ["render", "frame"] {
      let output = folder.appendingPathComponent(command == "render" ? "out.mp4" : "out.png")
      var arguments = [command, template.path, "-o", output.path]
      if command == "frame" { arguments += ["--time", "0"] }
      let run = try Self.measure(arguments, addressSpace: 1500 << 20)
      #expect(run.signal == nil, "\(command) ended by signal \(run.signal ?? 0): \(run.stderr)")
      // A renderer that draws only the visible part may draw it (0); otherwise it is 4.
      #expect(run.status == 0 || run.status == 4, "\(command): \(run.stderr)")
      if run.status == 4 {
        #expect(run.stderr.contains("out of memory"))
        #expect(try CLITestSupport.contents(of: folder) == ["template.json"])
      } else {
        try? FileManager.default.removeItem(at: output)
      }
    }
  }
}
