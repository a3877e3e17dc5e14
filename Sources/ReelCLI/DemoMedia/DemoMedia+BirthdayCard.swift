import Foundation

extension DemoMedia {
  /// `Examples/birthday-card.json`, word for word (a test keeps the two the same), so
  /// `reel demo` can render the card wherever it is run from.
  static let birthdayCardTemplate = #"""
    {
      "version": 1,
      "variables": { "name": "Friend" },
      "size": [640, 360],
      "clips": [{ "media": "media/clip-a.mp4" }],
      "layers": [
        { "type": "color", "color": "#3D1A6E" },
        {
          "type": "video",
          "frame": [72, 14, 496, 279],
          "cornerRadius": 12,
          "masksToBounds": true,
          "border": { "width": 5, "color": "white" }
        },
        { "type": "image", "image": "media/star.png", "frame": [548, 4, 88, 88] },
        {
          "type": "text",
          "frame": [20, 298, 600, 56],
          "text": "Happy Birthday, {{name}}",
          "font": { "family": "DejaVu Sans", "size": 40, "weight": 700 },
          "color": "white",
          "align": "center",
          "outline": { "color": "#B8336A", "width": 6 },
          "start": 0.5,
          "animations": [
            { "property": "scale", "from": 0.6, "to": 1, "begin": 0.5, "spring": { "damping": 10 } }
          ]
        }
      ]
    }
    """#

  /// The birthday card template with its `media/…` paths pointing into the demo folder
  /// itself (the template is loaded as if it were a file in that folder).
  static var birthdayCardTemplateInMediaFolder: String {
    birthdayCardTemplate.replacingOccurrences(of: #""media/"#, with: #"""#)
  }
}
