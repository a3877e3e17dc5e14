// reverse-clip INPUT OUTPUT.mov
//   Writes INPUT's video backwards.

import AVFoundationCompat

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  print("usage: reverse-clip INPUT OUTPUT.mov")
  exit(2)
}
do {
  try VideoReverser().reverse(
    asset: AVAsset(url: URL(fileURLWithPath: arguments[1])),
    to: URL(fileURLWithPath: arguments[2]))
  print("wrote \(arguments[2])")
} catch {
  print("failed: \(error)")
  exit(1)
}
