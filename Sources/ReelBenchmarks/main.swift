// Compositing benchmarks: Reel's kernels against pixman, run in the same process.
//
//     swift run -c release ReelBenchmarks warp        # 1080p perspective warp
//     swift run -c release ReelBenchmarks composite   # OVER, integer copy, affine bilinear
//     swift run -c release ReelBenchmarks             # both
//     swift run -c release ReelBenchmarks composite-card bench/templates/card.json [FRAMES]
//                                                     # a template's layers alone, in fps
//
// Times are medians of repeated single-threaded runs, in milliseconds per frame.

import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "composite-card" {
  guard arguments.count >= 2, arguments.count <= 3,
    let frames = arguments.count == 3 ? Int(arguments[2]) : 300, frames > 0
  else {
    FileHandle.standardError.write(
      Data("usage: ReelBenchmarks composite-card TEMPLATE [FRAMES]\n".utf8))
    exit(2)
  }
  do {
    try CompositeCardBenchmark.run(templatePath: arguments[1], frameCount: frames)
  } catch {
    FileHandle.standardError.write(Data("benchmark failed: \(error)\n".utf8))
    exit(1)
  }
  exit(0)
}
let which = Set(arguments.isEmpty ? ["warp", "composite"] : arguments)
let known: Set<String> = ["warp", "composite"]
if !which.isSubset(of: known) {
  FileHandle.standardError.write(
    Data("usage: ReelBenchmarks [warp] [composite] | composite-card TEMPLATE [FRAMES]\n".utf8))
  exit(2)
}
do {
  if which.contains("warp") { try Benchmarks.warp() }
  if which.contains("composite") { try Benchmarks.composite() }
} catch {
  FileHandle.standardError.write(Data("benchmark failed: \(error)\n".utf8))
  exit(1)
}
