/// Whether a terminal is likely to draw an emoji such as `📎` (two columns), for markers
/// that have an ASCII form. Colors say nothing about it (under `NO_COLOR` a terminal still
/// draws emoji), and the app writes UTF-8 whatever the locale (`DisplayWidth`), so the rule
/// looks at the terminal's name only.
public enum EmojiSupport {
    /// False for the Linux console (`TERM=linux`), `dumb` terminals and `vt*` ones.
    public static func likely(environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        return !(term == "linux" || term == "dumb" || term.hasPrefix("vt"))
    }
}
