// reencode INPUT OUTPUT.mp4 [VIDEO_BITS_PER_SECOND]
//   Re-encodes INPUT as H.264 (default 2 Mbit/s) and AAC 44.1 kHz stereo at 128 kbit/s.

import AVFoundationCompat

let arguments = CommandLine.arguments
guard arguments.count == 3 || arguments.count == 4 else {
  print("usage: reencode INPUT OUTPUT.mp4 [VIDEO_BITS_PER_SECOND]")
  exit(2)
}
let bitRate = arguments.count == 4 ? Int(arguments[3]) ?? 2_000_000 : 2_000_000
let transcoder = Transcoder(videoBitRate: bitRate, audioBitRate: 128_000)
transcoder.transcode(
  asset: AVURLAsset(url: URL(fileURLWithPath: arguments[1])),
  to: URL(fileURLWithPath: arguments[2])
) { result in
  switch result {
  case .success(let url):
    print("wrote \(url.path)")
    exit(0)
  case .failure(let error):
    print("failed: \(error)")
    exit(1)
  }
}
dispatchMain()
