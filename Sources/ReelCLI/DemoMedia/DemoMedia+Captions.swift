extension DemoMedia {
  /// Three English cues with gaps between them (0.3–1.5 s, 1.8–3.0 s, 3.2–3.9 s); the
  /// second uses an italic tag.
  static let captionsEnglish = """
    1
    00:00:00,300 --> 00:00:01,500
    Happy birthday!

    2
    00:00:01,800 --> 00:00:03,000
    Made with <i>Reel</i> on Linux

    3
    00:00:03,200 --> 00:00:03,900
    See you soon

    """

  /// The same cues in Chinese (simplified), at the same times.
  static let captionsChinese = """
    1
    00:00:00,300 --> 00:00:01,500
    生日快乐！

    2
    00:00:01,800 --> 00:00:03,000
    用 Reel 在 Linux 上制作

    3
    00:00:03,200 --> 00:00:03,900
    下次见

    """
}
