// Seed 001's CommonVideoViewController (the raywenderlich.com tutorial "How to Add Borders,
// Overlays and Animations to Videos in iOS"), ported statement by statement from its
// Objective-C: videoOutput builds the composition, the layer instruction and the video
// composition, lets the subclass's applyVideoEffects(to:size:) add its layers, and exports.
// On iOS the subclasses are view controllers reading their controls; here they are plain
// classes holding the same values (see main.swift).

import AVFoundationCompat

class CommonVideo {
  var videoAsset: AVAsset!
  var outputURL: URL!

  /// Overridden by each effect.
  func applyVideoEffects(to composition: AVMutableVideoComposition, size: CGSize) {}

  func videoOutput(completion: @escaping (AVAssetExportSession) -> Void) {
    // 1 - Early exit if there's no video file selected
    if videoAsset == nil {
      print("Please Load a Video Asset First")
      return
    }
    // 2 - Create AVMutableComposition object. This object will hold your AVMutableCompositionTrack instances.
    let mixComposition = AVMutableComposition()
    // 3 - Video track
    let videoTrack = mixComposition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid)!
    try? videoTrack.insertTimeRange(CMTimeRangeMake(start: .zero, duration: videoAsset.duration), of: videoAsset.tracks(withMediaType: .video)[0], at: .zero)
    // 3.1 - Create AVMutableVideoCompositionInstruction
    let mainInstruction = AVMutableVideoCompositionInstruction()
    mainInstruction.timeRange = CMTimeRangeMake(start: .zero, duration: videoAsset.duration)
    // 3.2 - Create an AVMutableVideoCompositionLayerInstruction for the video track and fix the orientation.
    let videolayerInstruction = AVMutableVideoCompositionLayerInstruction(assetTrack: videoTrack)
    let videoAssetTrack = videoAsset.tracks(withMediaType: .video)[0]
    var isVideoAssetPortrait_ = false
    let videoTransform = videoAssetTrack.preferredTransform
    if videoTransform.a == 0 && videoTransform.b == 1.0 && videoTransform.c == -1.0 && videoTransform.d == 0 {
      isVideoAssetPortrait_ = true
    }
    if videoTransform.a == 0 && videoTransform.b == -1.0 && videoTransform.c == 1.0 && videoTransform.d == 0 {
      isVideoAssetPortrait_ = true
    }
    videolayerInstruction.setTransform(videoAssetTrack.preferredTransform, at: .zero)
    videolayerInstruction.setOpacity(0.0, at: videoAsset.duration)
    // 3.3 - Add instructions
    mainInstruction.layerInstructions = [videolayerInstruction]
    let mainCompositionInst = AVMutableVideoComposition()
    var naturalSize: CGSize
    if isVideoAssetPortrait_ {
      naturalSize = CGSize(width: videoAssetTrack.naturalSize.height, height: videoAssetTrack.naturalSize.width)
    } else {
      naturalSize = videoAssetTrack.naturalSize
    }
    let renderWidth = naturalSize.width
    let renderHeight = naturalSize.height
    mainCompositionInst.renderSize = CGSize(width: renderWidth, height: renderHeight)
    mainCompositionInst.instructions = [mainInstruction]
    mainCompositionInst.frameDuration = CMTimeMake(value: 1, timescale: 30)
    applyVideoEffects(to: mainCompositionInst, size: naturalSize)
    // 4 - Get path (the driver gives it: there is no Documents folder)
    let url = outputURL!
    // 5 - Create exporter
    let exporter = AVAssetExportSession(asset: mixComposition, presetName: AVAssetExportPresetHighestQuality)!
    exporter.outputURL = url
    exporter.outputFileType = .mov
    exporter.shouldOptimizeForNetworkUse = true
    exporter.videoComposition = mainCompositionInst
    exporter.exportAsynchronously {
      DispatchQueue.main.async {
        completion(exporter)
      }
    }
  }
}
