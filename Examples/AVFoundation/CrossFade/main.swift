// Seed 003's test program, verbatim but for the import line; the three paths may be given
// on the command line instead of the seed's /tmp defaults:
//   crossfade [ASSET0 ASSET1 OUTPUT]

import AVFoundationCompat

let arguments = CommandLine.arguments.dropFirst()
let paths = arguments.count == 3 ? Array(arguments) : ["/tmp/asset0.mp4", "/tmp/asset1.mp4", "/tmp/output.mp4"]

let asset0 = AVURLAsset(url: URL(fileURLWithPath: paths[0]))
let asset1 = AVURLAsset(url: URL(fileURLWithPath: paths[1]))

let outputUrl = URL(fileURLWithPath: paths[2])
try! crossFade(asset0: asset0, asset1: asset1, crossFadeDuration: CMTimeMake(value: 1, timescale: 1), to: outputUrl)

dispatchMain()
