import CFFmpeg

/// Which codecs ``Remuxer`` may copy into each container, and with which sample entry tag.
extension OutputContainer {
  /// The FFmpeg muxer for this container (`av_guess_format` by short name).
  var outputFormat: UnsafePointer<AVOutputFormat>? {
    av_guess_format(muxerName, nil, nil)
  }

  /// Whether packets of `codecID` may be copied into this container unchanged.
  ///
  /// FFmpeg's own answer (`avformat_query_codec` at normal compliance) is the base; on top of
  /// it Reel refuses what FFmpeg 5.1's ISO BMFF muxer accepts in its tables but rejects when
  /// writing the header: VP9, AV1, Opus and FLAC in QuickTime `.mov` ("only supported in
  /// MP4"), and FLAC in MP4 (experimental). VP9, AV1 and Opus in `.mp4`/`.m4v` are allowed
  /// (standard `vp09`, `av01` and `Opus` sample entries).
  func allowsStreamCopy(of codecID: AVCodecID) -> Bool {
    guard let format = outputFormat else { return false }
    guard avformat_query_codec(format, codecID, 0) == 1 else { return false }
    switch self {
    case .mov:
      return ![AV_CODEC_ID_VP9, AV_CODEC_ID_AV1, AV_CODEC_ID_OPUS, AV_CODEC_ID_FLAC].contains(
        codecID)
    case .mp4, .m4v, .m4a:
      return codecID != AV_CODEC_ID_FLAC
    case .mkv, .webm:
      return true
    case .gif, .webp, .apng:
      // Animated images are encoded from pictures, never copied into.
      return false
    }
  }

  /// The sample entry tag to write for a copied stream.
  ///
  /// As FFmpeg's own stream copy: the source's tag is kept when this container has no tag
  /// table, when the tag means the same codec here (so `avc1`, `hvc1` and `hev1` survive an
  /// MP4 → MOV copy), or when the container's tables do not know the codec; otherwise 0 lets
  /// the muxer choose. HEVC arriving without a tag (from Matroska, say) is tagged `hvc1` in
  /// MP4/MOV, the entry Apple players require.
  func streamCopyTag(for parameters: UnsafePointer<AVCodecParameters>) -> UInt32 {
    let codecID = parameters.pointee.codec_id
    let sourceTag = parameters.pointee.codec_tag
    var tag: UInt32 = 0
    if let format = outputFormat {
      if let tables = format.pointee.codec_tag {
        var known: UInt32 = 0
        if (sourceTag != 0 && av_codec_get_id(tables, sourceTag) == codecID)
          || av_codec_get_tag2(tables, codecID, &known) == 0
        {
          tag = sourceTag
        }
      } else {
        tag = sourceTag
      }
    }
    if tag == 0 && codecID == AV_CODEC_ID_HEVC && tagsHEVCAsHVC1 {
      tag = reel_MKTAG(0x68, 0x76, 0x63, 0x31)
    }
    return tag
  }
}
