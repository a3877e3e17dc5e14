import ReelMedia

/// Why a render plan could not be made, read, followed or joined. Every message says what
/// is wrong, with which file, and what to do.
public enum RenderPlanError: Error, Sendable, CustomStringConvertible {
  /// The movie or settings cannot be split into chunks (a bit-rate target, a codec other
  /// than H.264, no video, a chunk count out of range, …).
  case cannotSplit(String)
  /// The plan file is missing, unreadable or not a plan.
  case unreadablePlan(path: String, reason: String)
  /// The plan file could not be written.
  case unwritablePlan(path: String, reason: String)
  /// Files the plan was made from are missing or changed since; one line per file.
  case inputsChanged([String])
  /// The movie as loaded now does not give what the plan says (a different size, frame
  /// rate or frame count, a variable that disagrees).
  case mismatch(String)
  /// A chunk index outside the plan.
  case noSuchChunk(index: Int, count: Int)
  /// The join was refused: every chunk (or the audio) that is missing or wrong.
  case joinRefused([ChunkProblem])
  /// The export of a chunk or of the audio failed.
  case export(ExportError)
  /// Reading or writing media failed (the join).
  case media(MediaError)

  public var description: String {
    switch self {
    case .cannotSplit(let reason):
      return "the movie cannot be rendered in chunks: \(reason)"
    case .unreadablePlan(let path, let reason):
      return "\(path): cannot read the render plan: \(reason); make one from the template"
    case .unwritablePlan(let path, let reason):
      return "\(path): cannot write the render plan: \(reason)"
    case .inputsChanged(let lines):
      return
        "the files the plan was made from changed; make a new plan:\n"
        + lines.joined(separator: "\n")
    case .mismatch(let reason):
      return "the template does not match the plan: \(reason); make a new plan"
    case .noSuchChunk(let index, let count):
      return "there is no chunk \(index): the plan has chunks 0…\(count - 1)"
    case .joinRefused(let problems):
      return
        "cannot join: \(problems.count) problem\(problems.count == 1 ? "" : "s") (\(Self.joinAdvice(for: problems))):\n"
        + problems.map(\.description).joined(separator: "\n")
    case .export(let error):
      return error.description
    case .media(let error):
      return error.description
    }
  }

  /// What to do about the problems a join found: make a new plan when a file the plan was
  /// made from changed (its tasks would refuse to run again), else render the listed pieces
  /// again.
  public static func joinAdvice(for problems: [ChunkProblem]) -> String {
    inputsChanged(among: problems)
      ? "files the plan was made from changed; make a new plan and render it"
      : "render those chunks again, then join"
  }

  /// Whether a file the plan was made from is among the problems: the plan is then stale,
  /// and rendering its pieces again would be refused.
  public static func inputsChanged(among problems: [ChunkProblem]) -> Bool {
    problems.contains { $0.piece == .input }
  }
}

/// A piece a join cannot use (a chunk, the audio, or an input file of the plan), and why.
public struct ChunkProblem: Sendable, Hashable, CustomStringConvertible {
  /// Which piece.
  public enum Piece: Sendable, Hashable {
    /// Chunk `index`.
    case chunk(Int)
    /// The audio file.
    case audio
    /// A file the plan was made from (the template or a file it reads).
    case input
  }

  /// Which piece.
  public var piece: Piece
  /// The file.
  public var path: String
  /// What is wrong.
  public var reason: String

  /// Makes a problem.
  public init(piece: Piece, path: String, reason: String) {
    self.piece = piece
    self.path = path
    self.reason = reason
  }

  /// The chunk's index, or nil for the audio and input files.
  public var index: Int? {
    if case .chunk(let index) = piece { return index }
    return nil
  }

  /// `chunk 2 (card.plan.chunks/chunk-0002.mp4): is missing`.
  public var description: String {
    switch piece {
    case .chunk(let index): return "chunk \(index) (\(path)): \(reason)"
    case .audio: return "audio (\(path)): \(reason)"
    case .input: return "input \(path): \(reason)"
    }
  }
}
