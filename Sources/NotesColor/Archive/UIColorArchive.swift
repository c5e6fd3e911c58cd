import Foundation

/// Reads the color of a `UIColor` object (or of a private subclass whose `$classes` or
/// `$classhints` name `UIColor`) by the keys UIKit writes:
///
/// 1. `UISystemColorName` of a documented color (`systemBlueColor`, `redColor`): its value;
/// 2. `UIColorComponentCount` 4 with `UIRed`, `UIGreen`, `UIBlue`, `UIAlpha` (or their
///    `-Double` forms, preferred when present): extended sRGB; 2 with `UIWhite`: a gray;
/// 3. the AppKit keys UIKit writes beside them (`NSColorSpace` with `NSRGB`, `NSWhite`,
///    `NSComponents`): read as an `NSColor`.
///
/// A system color name that is not documented (`labelColor`) is read from the components
/// archived with it, and refused by name when there are none.
enum UIColorArchive {
    static func color(of object: ArchiveObject) throws(ColorReadFailure) -> ForeignColorPlacement.Placed {
        let systemName = object.string("UISystemColorName")
        if let systemName, let color = SystemColorNames.color(named: systemName) { return .init(color: color, note: nil) }

        func component(_ key: String) -> Double? { object.number(key + "-Double") ?? object.number(key) }
        let count = object.integer("UIColorComponentCount")
        let alpha = component("UIAlpha") ?? 1
        if count != 2, let red = component("UIRed"), let green = component("UIGreen"), let blue = component("UIBlue") {
            return try ForeignColorPlacement.place(ColorVector(red, green, blue), in: .sRGB, alpha: alpha)
        }
        if count != 4, let white = component("UIWhite") {
            return try ForeignColorPlacement.place(ColorVector(white, white, white), in: .sRGB, alpha: alpha)
        }
        if object.contains("NSColorSpace") { return try NSColorArchive.color(of: object) }
        if let systemName {
            throw ColorReadFailure(reason: "the system color '\(systemName)' has no documented value and no components archived with it")
        }
        if let count {
            throw ColorReadFailure(reason: "UIColorComponentCount is \(count) but the components it names are missing")
        }
        throw ColorReadFailure(reason: "it has none of UIRed/UIGreen/UIBlue, UIWhite, UISystemColorName or NSColorSpace")
    }
}
