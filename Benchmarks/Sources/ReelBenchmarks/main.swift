// Benchmarks: Reel's kernels against pixman, swscale and libyuv, run in the same process.
// A package of its own; from the repository root:
//
//     cd Benchmarks && swift build -c release
//     Benchmarks/.build/release/ReelBenchmarks warp        # 1080p perspective warp
//     Benchmarks/.build/release/ReelBenchmarks composite   # OVER, integer copy, affine bilinear
//     Benchmarks/.build/release/ReelBenchmarks pixels      # BGRA ↔ yuv420p conversion
//     Benchmarks/.build/release/ReelBenchmarks             # warp and composite
//     Benchmarks/.build/release/ReelBenchmarks composite-card bench/templates/card.json [FRAMES]
//                                                          # a template's layers alone, in fps
//     Benchmarks/.build/release/ReelBenchmarks plan-in-process TEMPLATE PLAN whole|chunks FOLDER
//                                                          # a render plan in one process: CPU s
//     Benchmarks/.build/release/ReelBenchmarks memory-settle FOLDER [EXPORTS]
//                                                          # RSS over 300 exports and a burst
//     Benchmarks/.build/release/ReelBenchmarks repeat-render TEMPLATE FOLDER [N] [M] [K] [dirty]
//                                                          # N sequential + M concurrent (K at a
//                                                          # time) exports: identical bytes?
//     Benchmarks/.build/release/ReelBenchmarks avwrite RAW.bgra OUT.mp4 [FRAMES]
//                                                          # AVAssetWriter + adaptor, 1080p BGRA
//     Benchmarks/.build/release/ReelBenchmarks avread IN.mp4
//                                                          # AVAssetReader, BGRA pixel buffers
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
if arguments.first == "plan-in-process" {
  guard arguments.count == 5, ["whole", "chunks"].contains(arguments[3]) else {
    FileHandle.standardError.write(
      Data("usage: ReelBenchmarks plan-in-process TEMPLATE PLAN whole|chunks FOLDER\n".utf8))
    exit(2)
  }
  do {
    try await InProcessPlanBenchmark.run(
      templatePath: arguments[1], planPath: arguments[2], chunks: arguments[3] == "chunks",
      folder: arguments[4])
  } catch {
    FileHandle.standardError.write(Data("benchmark failed: \(error)\n".utf8))
    exit(1)
  }
  exit(0)
}
if arguments.first == "memory-settle" {
  guard arguments.count >= 2, arguments.count <= 3,
    let exports = arguments.count == 3 ? Int(arguments[2]) : 300, exports > 0
  else {
    FileHandle.standardError.write(
      Data("usage: ReelBenchmarks memory-settle FOLDER [EXPORTS]\n".utf8))
    exit(2)
  }
  do {
    let ok = try await MemorySettleBenchmark.run(folder: arguments[1], exports: exports)
    exit(ok ? 0 : 3)
  } catch {
    FileHandle.standardError.write(Data("benchmark failed: \(error)\n".utf8))
    exit(1)
  }
}
if arguments.first == "repeat-render" {
  let numbers = arguments.dropFirst(3).filter { $0 != "dirty" }.compactMap { Int($0) }
  guard arguments.count >= 3,
    numbers.count == arguments.dropFirst(3).filter({ $0 != "dirty" }).count,
    numbers.allSatisfy({ $0 >= 0 })
  else {
    FileHandle.standardError.write(
      Data("usage: ReelBenchmarks repeat-render TEMPLATE FOLDER [N] [M] [K] [dirty]\n".utf8))
    exit(2)
  }
  do {
    let ok = try await RepeatRenderBenchmark.run(
      templatePath: arguments[1], folder: arguments[2],
      sequential: numbers.count > 0 ? numbers[0] : 150,
      concurrent: numbers.count > 1 ? numbers[1] : 0,
      width: max(numbers.count > 2 ? numbers[2] : 4, 1),
      dirtyHeap: arguments.contains("dirty"))
    exit(ok ? 0 : 3)
  } catch {
    FileHandle.standardError.write(Data("benchmark failed: \(error)\n".utf8))
    exit(1)
  }
}
if arguments.first == "avwrite" || arguments.first == "avread" {
  do {
    if arguments.first == "avwrite", arguments.count == 3 || arguments.count == 4 {
      try AVWriterReaderBenchmark.write(
        rawFrames: arguments[1], to: arguments[2],
        frameCount: arguments.count == 4 ? Int(arguments[3]) ?? 300 : 300)
    } else if arguments.first == "avread", arguments.count == 2 {
      try AVWriterReaderBenchmark.read(arguments[1])
    } else {
      FileHandle.standardError.write(
        Data("usage: ReelBenchmarks avwrite RAW.bgra OUT.mp4 [FRAMES] | avread IN.mp4\n".utf8))
      exit(2)
    }
  } catch {
    FileHandle.standardError.write(Data("benchmark failed: \(error)\n".utf8))
    exit(1)
  }
  exit(0)
}
let which = Set(arguments.isEmpty ? ["warp", "composite"] : arguments)
let known: Set<String> = ["warp", "composite", "pixels"]
if !which.isSubset(of: known) {
  FileHandle.standardError.write(
    Data(
      ("usage: ReelBenchmarks [warp] [composite] [pixels] | composite-card TEMPLATE [FRAMES]"
        + " | plan-in-process TEMPLATE PLAN whole|chunks FOLDER | memory-settle FOLDER [EXPORTS]"
        + " | repeat-render TEMPLATE FOLDER [N] [M] [K] [dirty]"
        + " | avwrite RAW.bgra OUT.mp4 [FRAMES] | avread IN.mp4\n")
        .utf8))
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
