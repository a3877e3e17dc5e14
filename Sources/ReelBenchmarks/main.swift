// Compositing benchmarks: Reel's kernels against pixman, run in the same process.
//
//     swift run -c release ReelBenchmarks warp        # 1080p perspective warp
//     swift run -c release ReelBenchmarks composite   # OVER, integer copy, affine bilinear
//     swift run -c release ReelBenchmarks pixels      # BGRA ↔ yuv420p conversion
//     swift run -c release ReelBenchmarks             # both
//
// Times are medians of repeated single-threaded runs, in milliseconds per frame.

import Foundation

let arguments = CommandLine.arguments.dropFirst()
let which = Set(arguments.isEmpty ? ["warp", "composite"] : Array(arguments))
let known: Set<String> = ["warp", "composite", "pixels"]
if !which.isSubset(of: known) {
  FileHandle.standardError.write(Data("usage: ReelBenchmarks [warp] [composite] [pixels]\n".utf8))
  exit(2)
}
do {
  if which.contains("warp") { try Benchmarks.warp() }
  if which.contains("composite") { try Benchmarks.composite() }
  if which.contains("pixels") { try Benchmarks.pixels() }
} catch {
  FileHandle.standardError.write(Data("benchmark failed: \(error)\n".utf8))
  exit(1)
}
