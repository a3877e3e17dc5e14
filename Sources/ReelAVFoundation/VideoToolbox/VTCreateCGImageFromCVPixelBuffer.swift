internal import ReelCore
internal import ReelMedia

/// VideoToolbox's error for a bad argument (`kVTParameterErr`).
public let kVTParameterErr: OSStatus = -12902
/// VideoToolbox's error for a failed allocation (`kVTAllocationFailedErr`).
public let kVTAllocationFailedErr: OSStatus = -12904

/// Makes a `CGImage` of a pixel buffer's picture, as VideoToolbox's
/// `VTCreateCGImageFromCVPixelBuffer`: a BGRA buffer is shared (no copy); ARGB, NV12 and
/// planar 4:2:0 buffers are converted to 8-bit BGRA (Y′CbCr by the buffer's matrix).
///
/// - Parameters:
///   - pixelBuffer: The picture.
///   - options: Accepted (Apple defines none).
///   - imageOut: Receives the image, or nil on failure.
/// - Returns: `noErr`, `kVTAllocationFailedErr` when memory for a conversion cannot be
///   allocated, `kVTParameterErr` when the picture cannot be read.
@discardableResult
public func VTCreateCGImageFromCVPixelBuffer(
  _ pixelBuffer: CVPixelBuffer, options: CFDictionary?,
  imageOut: UnsafeMutablePointer<CGImage?>
) -> OSStatus {
  imageOut.pointee = nil
  let picture: VideoPicture
  do throws(CVFailure) {
    picture = try pixelBuffer.videoPicture()
  } catch {
    CompatWarnings.warnOnce(
      key: "VTCreateCGImageFromCVPixelBuffer", "VTCreateCGImageFromCVPixelBuffer: \(error.reason)")
    return kVTAllocationFailedErr
  }
  switch picture {
  case .bgra(let image):
    imageOut.pointee = CGImage(image)
  case .yuv(let yuv):
    guard let converter = try? PictureConverter(), let image = try? converter.image(from: yuv)
    else {
      CompatWarnings.warnOnce(
        key: "VTCreateCGImageFromCVPixelBuffer",
        "VTCreateCGImageFromCVPixelBuffer: the \(yuv.width)×\(yuv.height) picture could not be converted to RGB"
      )
      return kVTParameterErr
    }
    imageOut.pointee = CGImage(image)
  }
  return noErr
}
