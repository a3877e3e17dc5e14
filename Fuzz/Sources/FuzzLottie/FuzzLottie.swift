import Foundation
import ReelGraphics

/// Bounds as a template's default budgets give them (the fuzzer's inputs are small anyway).
private let limits = LottieDocument.Limits(
  maximumBytes: 1 << 20, maximumLayers: 1000, maximumFrames: 1_000_000,
  maximumImagePixels: 4096 * 4096)

/// libFuzzer's entry: Lottie JSON bytes → `LottieDocument` (the checks and the embedding of
/// images: any file an asset names is refused, as no file is beside the input) →
/// `LottieAnimation` (rlottie's parser) → three frames drawn at 64×48 (first, middle, last).
/// Errors are expected answers; a crash, a hang or a runaway allocation is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLottie(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let data = Data(bytes: bytes, count: count)
  guard
    let document = try? LottieDocument(
      data: data, limits: limits,
      readFile: { name throws(LottieError) in
        throw .unreadableImage(name: name, reason: "the fuzzer gives no files")
      }),
    let animation = try? LottieAnimation(document)
  else { return 0 }
  for frame in [0, animation.frameCount / 2, animation.frameCount - 1] {
    _ = try? animation.frame(frame, width: 64, height: 48)
  }
  return 0
}
