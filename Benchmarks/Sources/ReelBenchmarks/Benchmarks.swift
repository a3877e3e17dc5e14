import Foundation
import ReelCore
@_spi(Benchmarks) import ReelGraphics

/// The benchmark cases; each prints Reel's time, pixman's time and their ratio.
enum Benchmarks {
  static let width = 1920
  static let height = 1080

  /// 1080p source tilted 30° about y with m34 = −1/1000 about its centre, onto 1080p.
  static func warp() throws {
    let source = makeVideoLikeFrame(width: width, height: height)
    let transform = Transform3D(translationX: -Double(width) / 2, y: -Double(height) / 2, z: 0)
      .concatenating(Transform3D(rotationAngle: .pi / 6, x: 0, y: 1, z: 0))
      .concatenating(.perspective(distance: 1000))
      .concatenating(Transform3D(translationX: Double(width) / 2, y: Double(height) / 2, z: 0))
    let blank = Image(width: width, height: height)
    let result = try compare(
      runs: 11, prepare: { blank },
      pixman: {
        try Compositor.draw(source, onto: &$0, transform: transform, engine: .pixman)
      },
      reel: {
        try Compositor.draw(source, onto: &$0, transform: transform)
      })
    let (pixmanTime, reelTime) = (result.first, result.second)
    let difference = compare(result.firstOutput, result.secondOutput, bothCovered: true)
    let edges = compare(result.firstOutput, result.secondOutput, bothCovered: false)
    let kernel = Compositor.warpKernelName
    print("warp 1080p (rotation.y 30°, m34 −1/1000), single thread, \(kernel) kernel")
    print(String(format: "  pixman projective bilinear  %8.2f ms/frame", pixmanTime))
    print(String(format: "  Reel perspective warp       %8.2f ms/frame", reelTime))
    print(String(format: "  speed-up                    %8.2f×", pixmanTime / reelTime))
    print(
      String(
        format: "  covered pixels %d, mean |Δ| %.3f/255 per channel, max |Δ| %d/255",
        difference.covered, difference.mean, difference.max))
    print(
      String(
        format:
          "  with edge pixels drawn by one only (%d more): mean |Δ| %.3f/255, max |Δ| %d/255",
        edges.covered - difference.covered, edges.mean, edges.max))

    // Optional variant, not part of the single-thread comparison: wall time on all cores.
    let threads = ProcessInfo.processInfo.activeProcessorCount
    var parallelOutput = blank
    var wallTimes: [Double] = []
    for run in 0...10 {
      var target = blank
      target.withUnsafeMutableBytes { _ in }
      let start = DispatchTime.now().uptimeNanoseconds
      try Compositor.draw(
        source, onto: &target, transform: transform, engine: .reelParallel(threads: threads))
      if run > 0 { wallTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6) }
      parallelOutput = target
    }
    wallTimes.sort()
    print(
      String(
        format: "  [multi-threaded, %d threads, wall time] Reel warp %.2f ms/frame%@", threads,
        wallTimes[wallTimes.count / 2],
        (parallelOutput == result.secondOutput ? " (same pixels)" : " (DIFFERENT pixels)")
          as NSString))
  }

  /// Full-frame OVER, integer-translation copy and a 1 Mpx affine bilinear draw.
  static func composite() throws {
    let overlay = makeTranslucentOverlay(width: width, height: height)
    let background = makeVideoLikeFrame(width: width, height: height)
    print("composite 1080p, single thread")

    let over = try compare(
      runs: 21, prepare: { background },
      pixman: {
        try Compositor.draw(overlay, onto: &$0, engine: .pixman)
      },
      reel: {
        try Compositor.draw(overlay, onto: &$0)
      })
    report(
      "OVER translucent full frame", pixman: over.first, reel: over.second,
      identical: over.firstOutput == over.secondOutput)

    let shifted = Transform3D(translationX: 37, y: -21, z: 0)
    let blank = Image(width: width, height: height)
    let copy = try compare(
      runs: 21, prepare: { blank },
      pixman: {
        try Compositor.draw(background, onto: &$0, transform: shifted, engine: .pixman)
      },
      reel: {
        try Compositor.draw(background, onto: &$0, transform: shifted)
      })
    report(
      "integer translation (opaque)", pixman: copy.first, reel: copy.second,
      identical: copy.firstOutput == copy.secondOutput)

    // About 1 Mpx: the footprint of a rotated, scaled 1100×900 frame.
    let small = makeVideoLikeFrame(width: 1100, height: 900)
    let affine = Transform2D(translationX: -550, y: -450)
      .concatenating(Transform2D(rotationAngle: 0.2))
      .concatenating(Transform2D(scaleX: 0.95, y: 0.95))
      .concatenating(Transform2D(translationX: 960, y: 540))
    let rotated = try compare(
      runs: 21, prepare: { background },
      pixman: {
        try Compositor.draw(small, onto: &$0, transform: affine, engine: .pixman)
      },
      reel: {
        try Compositor.draw(small, onto: &$0, transform: affine)
      })
    report(
      "affine bilinear ~1 Mpx", pixman: rotated.first, reel: rotated.second,
      identical: rotated.firstOutput == rotated.secondOutput)
    let difference = compare(rotated.firstOutput, rotated.secondOutput)
    print(
      String(
        format: "    mean |Δ| %.3f/255 per channel, max |Δ| %d/255 (over the whole frame)",
        difference.mean, difference.max))

    var scaledFrame = Image(width: 0, height: 0)
    let scaleTime = try median(runs: 11) {
      scaledFrame = try background.scaled(toWidth: 1280, height: 720)
    }
    print(String(format: "  Image.scaled 1920×1080 → 1280×720   Reel %7.2f ms", scaleTime))
    let cropTime = try median(runs: 11) {
      scaledFrame = try background.cropped(to: Rect(x: 240, y: 0, width: 1440, height: 1080))
    }
    print(String(format: "  Image.cropped 1440×1080              Reel %7.2f ms", cropTime))
    withExtendedLifetime(scaledFrame) {}
  }

  /// The median CPU time of this thread over `runs` calls of `body`, in milliseconds.
  static func median(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0...runs {
      let start = threadTime()
      try body()
      times.append(threadTime() - start)
    }
    times.removeFirst()
    times.sort()
    return times[times.count / 2]
  }

  static func report(_ name: String, pixman: Double, reel: Double, identical: Bool) {
    print(
      String(
        format: "  %-30@  pixman %7.2f ms  Reel %7.2f ms  speed-up %5.2f×  %@",
        name as NSString, pixman, reel, pixman / reel,
        (identical ? "bit-identical" : "differs") as NSString))
  }

  /// Median CPU times of this thread, in milliseconds, of two drawing jobs run alternately
  /// (`runs` times each, after one warm-up each), so both see the same machine conditions.
  ///
  /// Each run first makes a fresh, unshared destination (`prepare`, not timed), then times
  /// `draw` on it. Thread CPU time, not wall time, so other processes on a shared machine
  /// disturb the comparison less.
  static func compare(
    runs: Int, prepare: () -> Image, pixman first: (inout Image) throws -> Void,
    reel second: (inout Image) throws -> Void
  ) rethrows -> (first: Double, second: Double, firstOutput: Image, secondOutput: Image) {
    var firstTimes: [Double] = []
    var secondTimes: [Double] = []
    var firstOutput = prepare()
    var secondOutput = prepare()
    for run in 0...runs {
      for index in 0..<2 {
        var target = prepare()
        target.withUnsafeMutableBytes { _ in }  // make it unique before timing
        let start = threadTime()
        if index == 0 { try first(&target) } else { try second(&target) }
        let time = threadTime() - start
        if run > 0 { index == 0 ? firstTimes.append(time) : secondTimes.append(time) }
        if index == 0 { firstOutput = target } else { secondOutput = target }
      }
    }
    firstTimes.sort()
    secondTimes.sort()
    return (
      firstTimes[firstTimes.count / 2], secondTimes[secondTimes.count / 2], firstOutput,
      secondOutput
    )
  }

  /// This thread's CPU time in milliseconds.
  static func threadTime() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) * 1e3 + Double(spec.tv_nsec) / 1e6
  }

  /// Mean and max absolute channel difference over pixels where both images (or, when
  /// `bothCovered` is false, either image) have alpha > 0.
  static func compare(_ a: Image, _ b: Image, bothCovered: Bool = false) -> (
    covered: Int, mean: Double, max: Int
  ) {
    var total = 0
    var largest = 0
    var covered = 0
    for y in 0..<a.height {
      for x in 0..<a.width {
        let p = a[x: x, y: y]
        let q = b[x: x, y: y]
        guard bothCovered ? (p.alpha > 0 && q.alpha > 0) : (p.alpha > 0 || q.alpha > 0) else {
          continue
        }
        covered += 1
        for (u, v) in [(p.blue, q.blue), (p.green, q.green), (p.red, q.red), (p.alpha, q.alpha)] {
          let d = abs(Int(u) - Int(v))
          total += d
          largest = max(largest, d)
        }
      }
    }
    return (covered, covered == 0 ? 0 : Double(total) / Double(covered * 4), largest)
  }

  /// An opaque frame with smooth gradients and fine detail, like decoded video.
  static func makeVideoLikeFrame(width: Int, height: Int) -> Image {
    var image = Image(width: width, height: height)
    let stride = image.bytesPerRow
    image.withUnsafeMutableBytes { raw in
      for y in 0..<height {
        for x in 0..<width {
          let offset = y * stride + x * 4
          raw[offset] = UInt8(truncatingIfNeeded: x &* 255 / max(width - 1, 1))
          raw[offset + 1] = UInt8(truncatingIfNeeded: y &* 255 / max(height - 1, 1))
          raw[offset + 2] = UInt8(truncatingIfNeeded: (x ^ y) & 0xFF)
          raw[offset + 3] = 255
        }
      }
    }
    return image
  }

  /// A frame of translucent premultiplied pixels with varying alpha (text and shapes).
  static func makeTranslucentOverlay(width: Int, height: Int) -> Image {
    var image = Image(width: width, height: height)
    let stride = image.bytesPerRow
    image.withUnsafeMutableBytes { raw in
      for y in 0..<height {
        for x in 0..<width {
          let alpha = (x &+ 3 &* y) % 256
          let offset = y * stride + x * 4
          raw[offset] = UInt8(alpha / 2)
          raw[offset + 1] = UInt8(alpha / 3)
          raw[offset + 2] = UInt8(alpha)
          raw[offset + 3] = UInt8(alpha)
        }
      }
    }
    return image
  }
}
